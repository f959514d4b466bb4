"""The night, the day and setup at 80x24 (a small laptop), 100x30, 140x45 and 200x60, from
seeded data: the seats as rows or around the table, the walker's column, the log."""

from __future__ import annotations

import random

import pytest

from grimoire.simulate import random_answer
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.setup import SetupScreen

from .helpers import first_night
from .test_table_keys import day_game

SIZES = [(80, 24), (100, 30), (140, 45), (200, 60)]
at_each_size = pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])


@at_each_size
def test_night(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    # Twelve players, three steps in: a drunk seat, the artifact given, the Phantom's list.
    game = first_night(players=12, seed=9)
    rng = random.Random(3)
    for _ in range(3):
        game.answer(random_answer(game.prompt, game, rng))
    assert snap_compare(GrimoireApp(game=game), terminal_size=size)


@at_each_size
def test_day(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    async def nominate(pilot):  # type: ignore[no-untyped-def]
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        await pilot.press(*"Ben", "enter")
        await pilot.pause()
        await pilot.press(*"Eve", "enter")
        await pilot.pause()

    assert snap_compare(GrimoireApp(game=day_game()), terminal_size=size, run_before=nominate)


@at_each_size
def test_setup(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    async def fill(pilot):  # type: ignore[no-untyped-def]
        await pilot.pause()
        pilot.app.push_screen(SetupScreen(seed=7))
        await pilot.pause()
        await pilot.press(*"Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon, Kim, Lou", "enter", "escape", "r")
        await pilot.pause()

    assert snap_compare(GrimoireApp(), terminal_size=size, run_before=fill)
