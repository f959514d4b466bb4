"""Pilot helpers that wait for what a test needs, never for a fixed time.

``type_text``: ``pilot.press(*text)`` waits for the app to be idle after every key, a repaint
each: a list of names or a path of 60 characters took seconds. ``type_text`` hands the app the
same key events, in the same order, as a terminal delivers a quick typist's burst (or a
paste), and waits once at the end. Only for characters typed into the focused field: a key
that moves the focus or opens a screen (Enter, Tab, Escape) goes through ``pilot.press``.

``until``: what comes from a worker, a timer or another thread is awaited as a condition.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable
from typing import Any

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key


def key_event(char: str) -> events.Key:
    """The Key event Pilot makes for ``char`` (textual.app.App._press_keys)."""
    assert len(char) == 1, char
    key = char if char.isalnum() else _character_to_key(char)
    try:
        shown: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        shown = key if len(key) == 1 else None
    return events.Key(key, shown)


async def type_text(pilot: Any, text: str) -> None:
    app = pilot.app
    for char in text:
        event = key_event(char)
        event.set_sender(app)
        app.post_message(event)
    await pilot.pause()


async def until(pilot: Any, condition: Callable[[], object], what: str = "the condition",
                timeout: float = 20.0) -> None:
    """Let the app run (``pilot.pause()``, no fixed delay) until ``condition()`` holds: for what
    comes from a worker, a timer or another thread. ``timeout`` only stops a test that would
    hang; it is never reached when things work."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        await pilot.pause()
