"""In the app, a game's file that is a FIFO, a device or too big is a line on the start screen,
listed as damaged, and the Open dialog refuses a FIFO with the reason: nothing waits on it."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from grimoire.core.limits import MAX_BYTES
from grimoire.store import library
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.start import StartScreen
from tests.pilot_keys import type_text

from .files import save_data, write_save
from .specials import DEVICE, PIPE, TOO_BIG, release, sparse

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and devices are POSIX")


async def _settle(pilot) -> None:  # type: ignore[no-untyped-def]
    # Bounded: a worker waiting on a FIFO fails the test (and is released after it).
    await asyncio.wait_for(pilot.app.workers.wait_for_complete(), 20)
    await pilot.pause()


async def test_the_start_screen_lists_them_as_damaged_and_open_refuses_a_fifo(tmp_path: Path) -> None:
    games = library.games_dir()
    good = write_save(games, save_data("s13_primadonna_executed"), "2024-01-01 good.toml")
    pipe = games / "2024-01-02 pipe.toml"
    os.mkfifo(pipe)
    zero = games / "2024-01-03 zero.toml"
    zero.symlink_to("/dev/zero")
    huge = sparse(games / "2024-01-04 huge.toml", MAX_BYTES + 1)
    elsewhere = tmp_path / "elsewhere.toml"
    os.mkfifo(elsewhere)
    async with GrimoireApp().run_test(size=(140, 45)) as pilot:
        try:
            await _settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, StartScreen)
            problems = {e.path: e.problem for e in screen.entries}
            assert problems == {good: None, pipe: PIPE, zero: DEVICE, huge: TOO_BIG}
            await pilot.press("o")
            await type_text(pilot, str(elsewhere))
            await pilot.press("enter")
            await _settle(pilot)
            assert pilot.app.screen is screen
            shown = str(screen.query_one("#start-problem").render())
            assert f"{elsewhere}: {PIPE}" in shown and "left as it is" in shown
        finally:  # before the app ends, which waits for its workers
            release(pipe)
            release(elsewhere)
    assert good.is_file() and pipe.is_fifo() and zero.is_symlink() and huge.stat().st_size == MAX_BYTES + 1
