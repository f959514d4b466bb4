"""The screen behind a picker, dimmed: drawn from its lines, each style tinted once.

Textual draws the screen under a translucent one (every picker) as a Rich renderable,
``BackgroundScreen``: the screen's lines are cut into thousands of segments, each tinted and
styled again, and glued back into lines, at every drawing of the picker (it opens, its focus
moves, it is laid out). That was a fifth of all drawing. ``DimmedScreen`` takes the lines as
they are and gives each segment the style Textual would give it, worked out once for each
style, tint and base style (by Textual's own function), so the picture is the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

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
        lines = self.screen._compositor.render_strips()[:height]
        # What Textual's way treats otherwise (a screen never draws it, but then the picture
        # is still Textual's): a line break or a terminal control inside a line, or a base
        # style with actions, which the link style would pick up.
        if base._meta or any(control or "\n" in text for line in lines for text, _, control in line):
            return RichVisual(self.widget, TintedBackground(self.screen, self.color)).render_strips(
                width, height, style, options)
        color = self.color
        strips = []
        for line in lines:
            segments = [Segment(text, _dimmed(base, segment_style, color)) for text, segment_style, _ in line]
            if line.cell_length > width:
                strips.append(Strip(Segment.adjust_line_length(segments, width, pad=False)))
            else:
                strips.append(Strip(segments, line.cell_length))
        return strips

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
