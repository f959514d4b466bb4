"""The soak: a screen under random keys sent without pauses (tests/tui/storm.py), its own keys
mixed with every key a storyteller's fingers may land on, the command palette (ctrl+p) among
them; whatever comes of it, the app runs on with a sane stack of screens.

``make test`` sends a modest number of keys to a few screens (tests/tui/test_soak.py names
them), ``make test-deep`` (or GRIMOIRE_SOAK_KEYS=N) thousands to every screen. The keys come
from a random generator seeded by the place's name: a failure names its seed and the keys sent,
and replays.
"""

from __future__ import annotations

import os
import random
import string
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from grimoire.tui import app as app_module
from grimoire.tui.app import GrimoireApp

from .storm import COMMON, NEVER, calm, check_stack, random_keys, screen_keys, storm

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
KEYS = int(os.environ.get("GRIMOIRE_SOAK_KEYS") or (3000 if DEEP else 60))
SIZES = ((80, 24), (140, 45))
BURST = 20  # keys between two waits for the app to be idle

# Every key a hand may land on, besides the screen's own and COMMON: the lists' moves, the
# palette, the letters (some filter a picker, some are another screen's keys).
WANDERING = ("pageup", "pagedown", "home", "end", "backspace", "delete", "shift+tab", "ctrl+p",
             *string.ascii_lowercase, "F", "E", "J", "K", "L", "S", "T", "U", "W", "X")


class SoakApp(GrimoireApp):
    """The app, except that quitting is counted, not done: a storm may well choose "Quit" in
    the palette (q and ctrl+q are never sent), and that ends the test, not the app's luck."""

    CSS_PATH = Path(app_module.__file__).with_name(GrimoireApp.CSS_PATH)  # not this file's folder
    quits = 0

    async def action_quit(self) -> None:
        self.quits += 1


def alphabet(screen: Any) -> list[str]:
    return sorted((set(screen_keys(screen)) | set(COMMON) | set(WANDERING)) - NEVER)


def soak_keys(alphabet: Sequence[str], count: int, rng: random.Random) -> list[list[str]]:
    """``count`` keys in bursts; every other burst opens the palette first, over whatever
    screen is on top by then."""
    keys = random_keys(alphabet, count, rng)
    bursts = [keys[i:i + BURST] for i in range(0, len(keys), BURST)]
    for burst in bursts[::2]:
        burst[0] = "ctrl+p"
    return bursts


Reach = Callable[[Any], Awaitable[Any]]


async def soak(app: GrimoireApp, reach: Reach, bottom: type | None, seed: str,
               size: tuple[int, int], count: int = KEYS) -> None:
    """Reach a screen (``reach(pilot)`` returns it), send it ``count`` keys; the app must be
    running, with its screens stacked as they were opened, ``bottom`` still first."""
    rng = random.Random(seed)
    sent: list[str] = []
    try:
        async with app.run_test(size=size) as pilot:
            screen = await reach(pilot)
            for burst in soak_keys(alphabet(screen), count, rng):
                sent += burst
                await storm(pilot, burst, rng)
                await pilot.pause()
            await calm(pilot)
            check_stack(app, bottom=bottom)
            app.exit()  # as the app ends for a storyteller: with whatever is open, and quickly
    except BaseException as exc:
        raise AssertionError(f"the soak failed: seed {seed!r} at {size[0]}x{size[1]}, "
                             f"{len(sent)} keys sent: {' '.join(sent)}") from exc
    assert app.return_code in (None, 0), (seed, app.return_code)
