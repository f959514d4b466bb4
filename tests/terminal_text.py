"""The text really on the terminal in a Pilot test: the top screen and whatever shows through it."""

from __future__ import annotations

from typing import Any


def terminal_text(app: Any) -> str:
    """Every character the terminal shows now, row by row (the screens underneath included).

    Read straight off the strips Textual would write, not printed again through a Rich console:
    the same text (control segments are Textual's cursor moves, never in a strip), without
    a second rendering of the whole screen at every look.
    """
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return "\n".join("".join(segment.text for segment in strip) for strip in update.strips)
