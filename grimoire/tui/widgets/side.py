"""The side panel: the night walker's step and sheet, or the day, drawn line by line.

A night step changes the panel's words and often their height. As Statics in a scrolling
container that meant a layout of the whole screen and a second frame for every step. This
panel's size never depends on its words: it scrolls itself, and a step repaints only the rows
whose text changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from grimoire.core.value import frozen
from grimoire.tui.widgets.drawn import drawn_lines
from grimoire.tui.widgets.kept_rows import KeptRows
from grimoire.tui.widgets.simple_markup import read_markup


@frozen
class Section:
    """One block of the panel: ``key`` names it ("banner", "step", "sheet"), ``markup`` is
    Textual content markup; a ``loud`` section is drawn in the alarm colours."""

    key: str
    markup: str
    loud: bool = False


def window(total: int, rows: int, top: int) -> tuple[int, bool, bool]:
    """(first line shown, "more above" row, "more below" row) for ``total`` lines in ``rows``.

    When the lines do not fit, a row at the top and/or bottom says how many are hidden, so
    nothing is cut off without the panel saying so.
    """
    if total <= rows or rows < 3:
        return 0, False, False
    top = max(0, min(top, total - (rows - 1)))
    above = top > 0
    below = top + rows - above < total
    return top, above, below


class SidePanel(KeptRows, Widget):
    """Sections of markup, one after another with a blank line between, scrolled by PgUp/PgDn
    (the screen's keys) or the mouse wheel.

    ``follow_end=True`` (the log) always shows the last lines, the newest, and does not scroll.
    ``rule=True`` (the log, under the walker) draws a line across its top row.

    The panel keeps a blank column at each side (``GUTTER``) itself, in its rows as it draws
    them once, rather than as CSS padding, which Textual adds to every row at every repaint
    (a step repaints some 40 of the table's rows: a tenth of the frame). It looks the same,
    and its rows go to the screen as they are (``KeptRows``).
    """

    GUTTER = 1

    COMPONENT_CLASSES = {"side-panel--loud", "side-panel--more", "side-panel--rule"}
    DEFAULT_CSS = """
    SidePanel > .side-panel--rule {
        color: $panel-lighten-2;
    }
    SidePanel > .side-panel--loud {
        background: $error;
        color: $text;
        text-style: bold;
    }
    SidePanel > .side-panel--more {
        color: $text-accent;
        text-style: italic;
    }
    """

    def __init__(self, id: str | None = None, follow_end: bool = False, rule: bool = False) -> None:  # noqa: A002
        super().__init__(id=id)
        self.follow_end = follow_end
        # The line is the panel's own top row, not a CSS border: with one, Textual would draw
        # every row the panel repaints itself (KeptRows).
        self.rule = rule
        self._sections: tuple[Section, ...] = ()
        self._lines: list[Strip] = []
        self._starts: list[int] = []
        self._rendered_for: tuple[object, ...] | None = None
        self._top = 0
        self._rows: list[Strip] = []
        self._rows_style: object = None  # the style the rows were drawn in (a theme may change)
        # Each line drawn, by the style it was drawn in, then its markup and width.
        self._line_cache: dict[object, dict[tuple[str, int], tuple[Strip, ...]]] = {}
        self._width = 0  # the width last told (Resized)
        self._inner_style: RichStyle | None = None
        self._blank: tuple[object, Strip] | None = None  # (width and style, the blank row)

    # --- what the screen calls ---------------------------------------------------------------
    def show(self, sections: Sequence[Section], keep_scroll: bool = True) -> None:
        """Show ``sections``; a new night step (``keep_scroll=False``) scrolls back to the top."""
        sections = tuple(sections)
        if sections == self._sections and keep_scroll:
            return
        self._sections = sections
        if not keep_scroll:
            self._top = 0
        self._redraw()

    def text(self, key: str) -> str:
        """The plain words of one section ("" when it is not shown)."""
        for section in self._sections:
            if section.key == key:
                return Content.from_markup(section.markup).plain
        return ""

    def scroll_rows(self, delta: int) -> None:
        if self.follow_end:
            return
        self._top += delta
        self._redraw()

    @property
    def text_width(self) -> int:
        """The width the words are fitted to: the panel's, less its blank columns."""
        return max(0, self.size.width - 2 * self.GUTTER)

    @property
    def body_height(self) -> int:
        """The rows the words have: the panel's, less its rule."""
        return max(0, self.size.height - self.rule)

    def scroll_page(self, pages: int) -> None:
        self.scroll_rows(pages * max(1, self.body_height - 2))

    def keep_in_view(self, key: str, line: int) -> None:
        """Scroll (only if need be) so that line ``line`` of section ``key`` is in sight
        (the vote's seat asked now, in a list longer than the panel)."""
        if self.follow_end or not self.is_mounted or not self.size.width or self.body_height < 3:
            return
        index = 0
        for section in self._sections:
            if section.key == key:
                index += line
                break
            index += section.markup.count("\n") + 1
        else:
            return
        self._render_lines(self.text_width)
        if index >= len(self._starts):
            return
        first = self._starts[index]
        last = (self._starts[index + 1] if index + 1 < len(self._starts) else len(self._lines)) - 1
        top, above, below = window(len(self._lines), self.body_height, self._top)
        shown = self.body_height - above - below
        if first < top:
            self._top = first
        elif last >= top + shown:
            # The rows above it then say "more above", and those below "more below".
            self._top = last - (self.body_height - 2) + 1
        else:
            return
        self._redraw()

    # --- drawing -----------------------------------------------------------------------------
    class Resized(Message):
        """The panel's width changed: words fitted to the old width may be made again."""

        def __init__(self, panel: SidePanel) -> None:
            super().__init__()
            self.panel = panel

        @property
        def control(self) -> SidePanel:  # what @on(SidePanel.Resized, "#side") matches
            return self.panel

    def on_resize(self, event: events.Resize) -> None:
        self._redraw(full=True)
        if event.size.width != self._width:
            self._width = event.size.width
            self.post_message(self.Resized(self))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        if not self.follow_end:
            event.stop()
            self.scroll_rows(3)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        if not self.follow_end:
            event.stop()
            self.scroll_rows(-3)

    def _inner(self) -> RichStyle:
        """The style of the blank cells around the words, as Textual pads a widget's content."""
        base, background = self.background_colors
        return VisualStyle(background=base + background).rich_style

    def _framed(self, strip: Strip, width: int, fill: RichStyle | None) -> Strip:
        """A row of the panel: ``strip`` made ``width`` wide (``fill``: the cells added), between
        the blank columns."""
        gutter = Segment(" " * self.GUTTER, self._inner_style or self._inner())
        return Strip([gutter, *strip.adjust_cell_length(width, fill), gutter], width + 2 * self.GUTTER)

    def _blank_row(self, width: int) -> Strip:
        """A blank row of the panel: one strip for every blank row (a new one for each, the
        log's empty rows were new strips at every frame, each copied through the colour
        filter and cut by the screen)."""
        key = (width, self._inner_style or self._inner())
        if self._blank is None or self._blank[0] != key:
            self._blank = (key, self._framed(Strip.blank(width), width, None))
        return self._blank[1]

    def _render_lines(self, width: int) -> list[Strip]:
        """Every line of the sections, ``width`` wide between the blank columns."""
        key = (self._sections, width, self.visual_style)
        if key == self._rendered_for:
            return self._lines
        lines: list[Strip] = []
        starts: list[int] = []  # where each line of markup begins once wrapped
        plain = self.visual_style
        self._inner_style = inner = self._inner()
        for i, section in enumerate(self._sections):
            if i:
                lines.append(self._blank_row(width))
            style = self.get_visual_style("side-panel--loud") if section.loud else plain
            drawn = self._line_cache.get((style, inner))
            if drawn is None:
                if len(self._line_cache) >= 4:  # a theme changed: the old styles' lines go
                    self._line_cache.clear()
                drawn = self._line_cache[style, inner] = {}
            for markup in section.markup.split("\n"):
                starts.append(len(lines))
                strips = drawn.get((markup, width))
                if strips is None:
                    strips = tuple(self._framed(strip, width, inner)
                                   for strip in self._draw_markup(markup, width, style, section.loud))
                    if len(drawn) >= 2000:
                        drawn.clear()
                    drawn[markup, width] = strips
                lines.extend(strips)
        self._lines, self._starts, self._rendered_for = lines, starts, key
        return lines

    def _draw_markup(self, markup: str, width: int, style: VisualStyle, loud: bool) -> tuple[Strip, ...]:
        # Parsing markup is the costly part (~0.16 ms a line in Textual's parser, the simplest
        # lines a tenth of that: simple_markup), and from one step to the next most lines (the
        # sheet, the choices) are the same: each line is drawn once (the cache in
        # _render_lines, looked up by the style once a section, not once a line).
        content = read_markup(markup)
        if not loud:
            return tuple(drawn_lines(self, content, width, style))
        pad = Segment(" ", style.rich_style)
        return tuple(
            Strip([pad, *strip, pad], width)
            for strip in drawn_lines(self, content, max(1, width - 2), style, pad=True)
        )

    def _visible_rows(self) -> list[Strip]:
        width, height = self.text_width, self.body_height
        self._rows_style = self.visual_style
        lines = self._render_lines(width)
        rule = [self._rule_row()] if self.rule else []
        if self.follow_end:
            # The newest lines, whole: never the tail of an older line wrapped over two rows.
            first = next((i for i in self._starts if i >= len(lines) - height), len(lines))
            shown = list(lines[first:])
            return rule + shown + [self._blank_row(width)] * (height - len(shown))
        top, above, below = window(len(lines), height, self._top)
        self._top = top
        body = height - above - below
        rows = list(lines[top : top + body])
        more = self.get_visual_style("side-panel--more").rich_style
        if above:
            rows.insert(0, self._framed(Strip([Segment(f"▲ {top} more above (PgUp)", more)]), width, None))
        if below:
            hidden = len(lines) - top - body
            rows.append(self._framed(Strip([Segment(f"▼ {hidden} more below (PgDn)", more)]), width, None))
        return rule + rows + [self._blank_row(width)] * (height - len(rows))

    def _rule_row(self) -> Strip:
        base, background = self.background_colors
        color = self.get_component_styles("side-panel--rule").color
        style = VisualStyle(foreground=base + color, background=base + background).rich_style
        return Strip([Segment("─" * self.size.width, style)], self.size.width)

    def _redraw(self, full: bool = False) -> None:
        if not self.is_mounted or not self.size.width or not self.size.height:
            return
        old, self._rows = self._rows, self._visible_rows()
        if full or not old:
            self.refresh()
            return
        # Only the rows whose text changed are repainted: a step usually changes a few.
        width = self.size.width
        changed = [
            Region(0, y, width, 1)
            for y in range(max(len(old), len(self._rows)))
            if y >= len(old) or y >= len(self._rows) or old[y] != self._rows[y]
        ]
        if changed:
            self.refresh(*changed)

    def kept_rows(self) -> list[Strip]:
        if (not self._rows and self._sections) or self._rows_style != self.visual_style:
            self._rows = self._visible_rows()
        return self._rows

    def render_line(self, y: int) -> Strip:
        rows = self.kept_rows()
        if y < len(rows):
            return rows[y]
        return self._blank_row(self.text_width)
