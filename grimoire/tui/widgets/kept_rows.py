"""Widgets that draw their rows whole and keep them: the rows go to the compositor as they are.

Textual's styles cache puts a widget's border, padding, tint and opacity around each line it
repaints, copying the line as it does. A widget with none of those that draws its own rows
(the side panels, the seat circle, the footer) gains nothing from it but the copy, and a night
step repaints some 40 rows: a tenth of the step. Here the rows are handed over directly, with
what Textual would still do to them (made the widget's width, the app's line filters, the
crop). A widget CSS does give a border or the like is drawn by Textual as ever.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style

if TYPE_CHECKING:
    from textual.widget import Widget


def drawn_by_textual(widget: Widget) -> bool:
    """Whether the widget's CSS asks Textual for more than its rows: a border, padding, an
    outline, a tint, a hatch or some transparency."""
    styles = widget.styles
    return bool(any(styles.gutter) or any(edge for edge, _color in styles.outline) or styles.tint.a
                or widget.opacity != 1.0 or styles.text_opacity != 1.0 or styles.has_rule("hatch"))


class KeptRows:
    """Mixed in before ``Widget``: ``render_lines`` hands over the widget's own rows, as
    ``kept_rows`` gives them (brought up to date once, not once a row: the rows outside the
    widget's changes are asked for too, where the screen repaints across it)."""

    # What the widget's styles make of its rows, found again when they change: asked at every
    # repaint (each widget the screen repaints across, at each step), the two walks of the
    # styles were most of a call (30 of some 70 us). Textual's own visual_style is made again
    # exactly when the widget's styles change: a new one, a new look.
    _styled_for: object = None
    _by_textual = False
    _colors: Any = None

    def kept_rows(self) -> Sequence[Strip]:
        """The widget's rows from the top, up to date (those past the end: ``render_line``)."""
        raise NotImplementedError

    def kept_colors(self) -> Any:
        """``background_colors``, as of the widget's styles now."""
        widget: Any = self
        style = widget.visual_style
        if style is not self._styled_for:
            self._styled_for = style
            self._by_textual = drawn_by_textual(widget)
            self._colors = widget.background_colors
        return self._colors

    def render_lines(self, crop: Region) -> list[Strip]:
        widget: Any = self
        base, background = self.kept_colors()
        if self._by_textual:
            return super().render_lines(crop)  # type: ignore[misc]  # Widget's, after this mixin
        width = widget.size.width
        fill = None
        kept = self.kept_rows()
        rows = []
        for y in crop.line_range:
            row = kept[y] if y < len(kept) else widget.render_line(y)
            if row.cell_length != width:  # as Textual fits a line: the rest in the background
                if fill is None:
                    fill = Style(background=base + background).rich_style
                row = row.adjust_cell_length(width, fill)
            rows.append(row)
        for line_filter in widget.get_line_filters():
            rows = [row.apply_filter(line_filter, background) for row in rows]
        if crop.column_span != (0, width):
            rows = [row.crop(*crop.column_span) for row in rows]
        return rows


class OneRow(KeptRows):
    """Every row of the widget the same strip (``row``), drawn again only for a new width or a
    new style (a theme): handed over once, cut once by the screen, filtered once."""

    _one: tuple[object, Strip] | None = None

    def row_style(self) -> Any:
        """The row's style, as Textual would colour it here (made again as the styles change)."""
        raise NotImplementedError

    def row(self, width: int, style: Any) -> Strip:
        raise NotImplementedError

    def kept_rows(self) -> Sequence[Strip]:
        widget: Any = self
        key = (widget.size.width, widget.visual_style)  # made again as the styles change
        if self._one is None or self._one[0] != key:
            self._one = (key, self.row(key[0], self.row_style()))
        return [self._one[1]] * widget.size.height


class BlankRows(OneRow):
    """Mixed in before ``Screen``: the screen's own rows, under its widgets, are one blank row
    (as Textual draws them: the background). Textual draws each row of a screen apart, then
    copies it through the colour filter and cuts it at every widget's edge: on the grimoire at
    140x45, some 220 strips that its widgets cover, and a row of them again wherever a step
    repaints."""

    def row_style(self) -> Any:
        base, background = self.kept_colors()
        return Style(background=base + background).rich_style

    def row(self, width: int, style: Any) -> Strip:
        return Strip.blank(width, style)
