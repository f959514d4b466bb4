"""The screen behind a picker, dimmed: drawn from its lines, each style tinted once.

Textual draws the screen under a translucent one (every picker) as a Rich renderable,
``BackgroundScreen``: the screen's lines are cut into thousands of segments, each tinted and
styled again, and glued back into lines, at every drawing of the picker (it opens, its focus
moves, it is laid out). That was a fifth of all drawing. ``DimmedScreen`` takes the lines as
they are and gives each segment the style Textual would give it, worked out once for each
style, tint and base style (by Textual's own function), so the picture is the same. A line
is dimmed again only when something behind it was redrawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.color import Color
from textual.css.styles import RulesMap
from textual.renderables.background_screen import BackgroundScreen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, RichVisual, Visual


@lru_cache(maxsize=4096)
def _tinted(style: RichStyle | None, color: Color) -> RichStyle | None:
    (segment,) = BackgroundScreen.process_segments([Segment(" ", style)], color)
    return segment.style


@lru_cache(maxsize=4096)
def _dimmed(base: RichStyle, style: RichStyle | None, color: Color) -> RichStyle:
    # As the widget's ``post_render`` styles what its renderable draws: the base under it.
    return base + _tinted(style, color)


# Per translucent screen: each line behind it as last dimmed (its pieces, how, the strip).
_DIMMED: WeakKeyDictionary[Any, dict[int, tuple[tuple[Strip, ...], tuple[Any, ...], Strip | None]]] = (
    WeakKeyDictionary())


def _pieces(screen: Any, height: int | None) -> list[tuple[Strip, ...]]:
    """The screen's lines in the pieces its compositor cuts them into, as Textual's
    ``render_strips`` joins them: the widgets' own strips, kept while they are not redrawn."""
    compositor = screen._compositor
    chops = compositor._render_chops(compositor.size.region, lambda y: True)
    return [tuple(chop.values()) for chop in chops[: compositor.size.height][:height]]


def _same(a: tuple[Strip, ...], b: tuple[Strip, ...]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


class TintedBackground(BackgroundScreen):
    """``BackgroundScreen`` with each style's tint remembered."""

    @classmethod
    def process_segments(cls, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
        for segment in segments:
            text, style, control = segment
            yield segment if control else Segment(text, _tinted(style, color), control)


class DimmedScreen(Visual):
    """The screen ``screen`` as a translucent screen above it shows it, tinted by ``color``."""

    def __init__(self, widget: Any, screen: Any, color: Color) -> None:
        self.widget = widget  # the translucent screen that draws it
        self.screen = screen
        self.color = color

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        base = style.rich_style
        # A base style with actions (the link style would pick them up) is Textual's to draw.
        if base._meta:
            return self._textuals(width, height, style, options)
        # The picker draws its background again whenever any of it is repainted, mostly with
        # nothing changed behind it: a line whose pieces are the very strips it was dimmed
        # from last time (a widget keeps its lines until it is redrawn) is dimmed already.
        dimmed = _DIMMED.setdefault(self.widget, {})
        drawn_as = (base, self.color, width)
        strips = []
        for y, pieces in enumerate(_pieces(self.screen, height)):
            last = dimmed.get(y)
            if last is not None and last[1] == drawn_as and _same(last[0], pieces):
                strip = last[2]
            else:
                strip = self._dim_line(Strip.join(pieces), base, width)
                dimmed[y] = (pieces, drawn_as, strip)
            if strip is None:  # a line break or a terminal control: a screen never draws one,
                return self._textuals(width, height, style, options)  # but then it is Textual's
            strips.append(strip)
        return strips

    def _dim_line(self, line: Strip, base: RichStyle, width: int) -> Strip | None:
        if any(control or "\n" in text for text, _, control in line):
            return None
        color = self.color
        segments = [Segment(text, _dimmed(base, segment_style, color)) for text, segment_style, _ in line]
        if line.cell_length > width:
            return Strip(Segment.adjust_line_length(segments, width, pad=False))
        return Strip(segments, line.cell_length)

    def _textuals(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return RichVisual(self.widget, TintedBackground(self.screen, self.color)).render_strips(
            width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return int(self.screen._compositor.size.width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return int(self.screen._compositor.size.height)


def tinted_background(widget: Any, drawn: object) -> object:
    """What ``widget`` (a screen) draws as its background, with Textual's dimmed screen behind
    replaced by ``DimmedScreen`` (anything else as it is)."""
    if type(drawn) is BackgroundScreen:
        return DimmedScreen(widget, drawn.screen, drawn.color)
    return drawn
