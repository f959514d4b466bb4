"""The screen behind a picker, dimmed: each of its styles tinted once, not each piece of text.

Textual draws the screen under a translucent one (every picker) through ``BackgroundScreen``,
which works out the tinted style of every segment again at every drawing: some thousands of
segments in a few dozen styles. Here the tinted style is worked out by Textual's own function,
once for each style and tint, so the picture is the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen


@lru_cache(maxsize=4096)
def _tinted(style: Style | None, color: Color) -> Style | None:
    (segment,) = BackgroundScreen.process_segments([Segment(" ", style)], color)
    return segment.style


class TintedBackground(BackgroundScreen):
    """``BackgroundScreen`` with each style's tint remembered."""

    @classmethod
    def process_segments(cls, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
        for segment in segments:
            text, style, control = segment
            yield segment if control else Segment(text, _tinted(style, color), control)


def tinted_background(drawn: object) -> object:
    """What a screen draws as its background, with Textual's dimmed screen behind replaced
    by the one that remembers its tints (anything else as it is)."""
    if type(drawn) is BackgroundScreen:
        return TintedBackground(drawn.screen, drawn.color)
    return drawn
