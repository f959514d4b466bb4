"""The night, the day and setup at 80x24 (a small laptop), 100x30, 140x45 and 200x60, from
seeded data: the seats as rows or around the table, the walker's column, the log."""

from __future__ import annotations

import pytest
from pilot_keys import type_text

from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.setup import SetupScreen

from .test_snapshots import night_game, nominate_ben_eve
from .test_table_keys import day_game

SIZES = [(80, 24), (100, 30), (140, 45), (200, 60)]
# At 80x24 in make test; the other sizes in make test-deep (at 140x45 the night and the day are
# the very pictures of test_snapshots.py, which make test draws).
PARAMS = [SIZES[0], *(pytest.param(size, marks=pytest.mark.slow) for size in SIZES[1:])]
at_each_size = pytest.mark.parametrize("size", PARAMS, ids=[f"{w}x{h}" for w, h in SIZES])


@at_each_size
def test_night(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(GrimoireApp(game=night_game()), terminal_size=size)


@at_each_size
def test_day(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(GrimoireApp(game=day_game()), terminal_size=size, run_before=nominate_ben_eve)


@at_each_size
def test_setup(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    async def fill(pilot):  # type: ignore[no-untyped-def]
        await pilot.pause()
        pilot.app.push_screen(SetupScreen(seed=7))
        await pilot.pause()
        await type_text(pilot, "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon, Kim, Lou")
        await pilot.press("enter", "escape", "r")
        await pilot.pause()

    assert snap_compare(GrimoireApp(), terminal_size=size, run_before=fill)


def test_reveal_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The reveal on a small laptop, on its page of who was drunk or poisoned (and the town square shown)."""
    from .test_snapshots import finished_game, open_reveal

    async def turn(pilot):  # type: ignore[no-untyped-def]
        await open_reveal(pilot)
        await pilot.press("end", "s")
        await pilot.pause()
        pilot.app.clear_notifications()  # the notice would hide the page
        await pilot.pause()

    assert snap_compare(GrimoireApp(game=finished_game()), terminal_size=(80, 24), run_before=turn)
