"""The text really on the terminal in a Pilot test: the top screen and whatever shows through it."""

from __future__ import annotations

from typing import Any


def terminal_text(app: Any) -> str:
    """Every character the terminal shows now, row by row (the screens underneath included).

    Read straight off the strips Textual would write, not printed again through a Rich console
    at every look. The same text: Rich's export left out control segments, which are Textual's
    cursor moves between the rows; one inside a row would now show, as a hostile test wants.
    """
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return "\n".join("".join(segment.text for segment in strip) for strip in update.strips)
