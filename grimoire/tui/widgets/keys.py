"""The footer: the keys the screen offers now, drawn as one line.

Textual's Footer is a widget per key and is rebuilt (compose, restyle, layout) whenever the
keys on offer change, which on the grimoire is at every dusk and dawn: about 100 ms each time,
and as long again when the app starts. This footer is one widget: new keys repaint one line.
Clicking a key presses it; hovering shows what it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from grimoire.core.value import frozen
from grimoire.tui.support.key_words import key_words
from grimoire.tui.widgets.drawn import fitted
from grimoire.tui.widgets.kept_rows import KeptRows

if TYPE_CHECKING:
    from textual.screen import Screen


@frozen
class FooterItem:
    key: str  # as Textual names it, for pressing
    shown: str  # as the user reads it ("^p", "?")
    description: str
    tooltip: str
    enabled: bool


def footer_items(screen: Screen) -> tuple[tuple[FooterItem, ...], FooterItem | None]:
    """The screen's shown keys in order (one per action), and the command palette's key."""
    app = screen.app
    items: list[FooterItem] = []
    actions: set[str] = set()
    palette = None
    for _node, binding, enabled, tooltip in screen.active_bindings.values():
        palette_key = binding.key == app.COMMAND_PALETTE_BINDING
        if not (binding.show or palette_key):
            continue  # the hidden keys (seat digits, cursor moves) need no words
        label, tip = key_words(screen, binding)
        item = FooterItem(binding.key, app.get_key_display(binding), label, tooltip or tip or label, bool(enabled))
        if palette_key:
            if app.ENABLE_COMMAND_PALETTE:
                palette = item
        elif binding.show and binding.action.removeprefix("app.") not in actions:
            # "app.quit" on a screen and the app's own "quit" are one key to the storyteller.
            actions.add(binding.action.removeprefix("app."))
            items.append(item)
    return tuple(items), palette


class KeysFooter(KeptRows, Widget, can_focus=False):
    COMPONENT_CLASSES = {"keys-footer--key", "keys-footer--description", "keys-footer--disabled",
                         "keys-footer--separator"}
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;  /* more when the keys need it */
        color: $footer-foreground;
        background: $footer-background;
    }
    KeysFooter > .keys-footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeysFooter > .keys-footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeysFooter > .keys-footer--disabled { text-style: dim; }
    KeysFooter > .keys-footer--separator { color: $foreground 20%; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._items: tuple[FooterItem, ...] = ()
        self._palette: FooterItem | None = None
        self._fitted_width = 0  # the width the height was last fitted to from scratch
        self._drawn_for: object = None
        self._lines: list[Strip] = []
        self._drawn: dict[object, list[Strip]] = {}  # the rows drawn for a set of keys, newest last
        self._segments_style: object = None
        self._segments: dict[FooterItem, list[Segment]] = {}
        self._widths: dict[FooterItem, int] = {}
        self._separator: list[Segment] | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        if screen is not self.screen:
            return
        items, palette = footer_items(screen)
        if (items, palette) != (self._items, self._palette):
            self._items, self._palette = items, palette
            self._fit()
            self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._fitted_width:
            self._fitted_width = event.size.width
            self._fit(resized=True)

    @property
    def items(self) -> tuple[FooterItem, ...]:
        """The keys shown, in order (the command palette's key is apart, on the right)."""
        return self._items

    def _same_style(self) -> None:
        # Each key's words styled and measured once per theme: laying the keys out in rows (to
        # fit them, to draw them, to find the one clicked) asked for their styles again and
        # again: most of the footer's time at a new step (docs/benchmarks.md).
        style = self.visual_style
        if style != self._segments_style:
            self._segments_style, self._segments, self._widths, self._separator = style, {}, {}, None

    def _item_segments(self, item: FooterItem) -> list[Segment]:
        self._same_style()
        segments = self._segments.get(item)
        if segments is None:
            segments = self._segments[item] = self._styled(item)
        return segments

    def _item_width(self, item: FooterItem) -> int:
        self._same_style()
        width = self._widths.get(item)
        if width is None:
            width = self._widths[item] = Strip(self._item_segments(item)).cell_length
        return width

    def _styled(self, item: FooterItem) -> list[Segment]:
        key_style = self.get_component_rich_style("keys-footer--key")
        text_style = self.get_component_rich_style("keys-footer--description")
        if not item.enabled:
            dim = self.get_component_rich_style("keys-footer--disabled", partial=True)
            key_style, text_style = key_style + dim, text_style + dim
        out = [Segment(f" {item.shown} ", key_style)]
        if item.description:
            out.append(Segment(f"{item.description} ", text_style))
        return out

    def _rows(self, width: int) -> list[list[FooterItem]]:
        """The keys in rows that fit ``width``, the last row leaving room for the palette key."""
        palette = self._palette_width()
        rows: list[list[FooterItem]] = [[]]
        used = 0
        for item in self._items:
            size = self._item_width(item)
            if rows[-1] and used + size > width:
                rows.append([])
                used = 0
            rows[-1].append(item)
            used += size
        if rows[-1] and used + palette > width:
            rows.append([])
        return rows

    def _fit(self, resized: bool = False) -> None:
        # Every key is shown: a crowded screen's footer takes a second line rather than
        # cutting keys off. It keeps the most rows it has needed at this width (a blank row
        # at times), as a change of height lays the whole screen out again: at 80x24 the
        # night's keys took two rows at one step and three at the next, and that layout was
        # three quarters of a step's time (docs/benchmarks.md).
        if not self.size.width:
            return
        rows = len(self._rows(self.size.width))
        height = self.styles.height
        if height is not None and (rows < height.value and not resized or rows == height.value):
            return
        self.styles.height = rows

    def _palette_segments(self) -> list[Segment]:
        if self._palette is None:
            return []
        self._same_style()
        if self._separator is None:
            self._separator = [Segment("▏", self.get_component_rich_style("keys-footer--separator"))]
        return [*self._separator, *self._item_segments(self._palette)]

    def _palette_width(self) -> int:
        return 1 + self._item_width(self._palette) if self._palette is not None else 0

    def _placed(self, width: int) -> list[tuple[int, int, int, FooterItem]]:
        """(row, from, to, item) for every key drawn, the palette key last."""
        rows = self._rows(width)
        placed = []
        for y, row in enumerate(rows):
            x = 0
            for item in row:
                size = self._item_width(item)
                placed.append((y, x, x + size, item))
                x += size
        if self._palette is not None:
            size = self._palette_width()
            placed.append((len(rows) - 1, max(0, width - size), width, self._palette))
        return placed

    def kept_rows(self) -> list[Strip]:
        # The rows drawn once for the keys, the width and the styles: each row was laid out
        # again from every key's words at each repaint (half a millisecond a row, at a step).
        # Kept for the last few sets of keys: a night goes back and forth between a handful
        # (a step with a told answer offers f, the next does not), and drawing one was half
        # of the footer's repaint.
        width = self.size.width
        drawn_for = (self._items, self._palette, width, self.visual_style)
        if drawn_for != self._drawn_for:
            lines = self._drawn.pop(drawn_for, None)
            if lines is None:
                lines = self._draw(width)
                if len(self._drawn) >= 16:
                    del self._drawn[next(iter(self._drawn))]  # the set drawn longest ago
            self._drawn[drawn_for] = lines
            self._drawn_for, self._lines = drawn_for, lines
        return self._lines

    def render_line(self, y: int) -> Strip:
        lines = self.kept_rows()
        return lines[y] if y < len(lines) else Strip.blank(self.size.width)

    def _draw(self, width: int) -> list[Strip]:
        placed = self._placed(width) if width else []
        lines = []
        for y in range(max((row for row, *_ in placed), default=0) + 1):
            segments: list[Segment] = []
            x = 0
            for row, start, _end, item in placed:
                if row != y:
                    continue
                if start > x:
                    segments.append(Segment(" " * (start - x)))
                parts = self._palette_segments() if item is self._palette else self._item_segments(item)
                segments += parts
                x = start + Strip(parts).cell_length
            lines.append(fitted(Strip(segments), width))
        return lines

    def _item_at(self, x: int, y: int) -> FooterItem | None:
        placed = self._placed(self.size.width) if self.size.width else []
        return next((item for row, start, end, item in placed if row == y and start <= x < end), None)

    def on_click(self, event: events.Click) -> None:
        item = self._item_at(event.x, event.y)
        if item is None:
            return
        if item.enabled:
            self.app.simulate_key(item.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        item = self._item_at(event.x, event.y)
        tooltip = item.tooltip if item is not None else None
        if tooltip != self.tooltip:
            self.tooltip = tooltip
