"""Key storms: keys sent the way a fast terminal delivers them, and what must hold after.

``pilot.press`` waits for the app to go idle after every key, so a key never arrives while a
screen is opening or closing. A terminal does not wait: keys typed fast (or a key held down)
are read in bursts and queued while screens open and close. ``storm`` hands keys to the app's
driver as the terminal's reader does, yielding to the app a seeded, random amount between
keys, so that each seed replays one interleaving of keys with the screens' comings and goings.
"""

from __future__ import annotations

import asyncio
import random
import unicodedata
from collections.abc import Sequence
from typing import Any

from textual import events
from textual.app import _get_unicode_name_from_key
from textual.keys import REPLACED_KEYS, _character_to_key
from textual.screen import ModalScreen

from grimoire.tui.support.seat_entry import SeatEntry

# Keys every storm may use besides the screen's own: choices, lists, closing, moving.
COMMON = ("enter", "escape", "tab", "shift+tab", "up", "down", "left", "right", "space",
          "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "a", "e", "n", "y", "comma")
# Never in a storm: quitting would end the test, not the app's bad luck.
NEVER = {"q", "ctrl+q", "ctrl+c"}


def key_event(key: str) -> events.Key:
    """The Key event a terminal's reader makes for ``key`` (as ``pilot.press`` names keys)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def storm(pilot: Any, keys: Sequence[str], rng: random.Random) -> None:
    """Send ``keys`` without waiting for the app, as a terminal delivers a fast burst."""
    app = pilot.app
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app._driver.send_message(event)
        # Sometimes the next key is already there, sometimes the app gets a moment first.
        roll = rng.random()
        if roll < 0.5:
            for _ in range(rng.randrange(1, 20)):
                await asyncio.sleep(0)
        elif roll < 0.6:
            await asyncio.sleep(rng.random() * 0.01)


async def calm(pilot: Any) -> None:
    """Let every queued key be handled and every half-typed seat number run out."""
    await pilot.pause()
    for _ in range(50):
        if not any(isinstance(entry, SeatEntry) and entry._timer is not None
                   for screen in pilot.app.screen_stack for entry in vars(screen).values()):
            break
        await pilot.pause(0.1)  # a seat number's pause (grimoire.tui.support.seat_entry.PAUSE) running out
    await pilot.pause()


def random_keys(alphabet: Sequence[str], count: int, rng: random.Random) -> list[str]:
    return [rng.choice(alphabet) for _ in range(count)]


def screen_keys(screen: Any) -> list[str]:
    """Every key the screen binds (its own alphabet), quitting left out."""
    keys = set()
    for binding in type(screen).BINDINGS:
        key = binding.key if hasattr(binding, "key") else binding[0]
        keys.update(k.strip() for k in key.split(","))
    return sorted(keys - NEVER)


def check_stack(app: Any, bottom: type | None = None) -> None:
    """What must hold after any storm: the app runs, screens are stacked as they were opened."""
    assert app.is_running, f"the app stopped: {app._exception!r}"
    stack = app.screen_stack
    if bottom is not None:
        assert len(stack) >= 2 and isinstance(stack[1], bottom), [type(s).__name__ for s in stack]
    for below, above in zip(stack, stack[1:]):
        # A question is answered before anything else opens: a full screen never covers one.
        assert not isinstance(below, ModalScreen) or isinstance(above, ModalScreen), \
            [type(s).__name__ for s in stack]
    for screen in stack:
        assert not getattr(screen, "_dismissed", False), f"{screen} closed but still stacked"
