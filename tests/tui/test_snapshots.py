"""One snapshot per screen at 140x45, from seeded data."""

from __future__ import annotations

import random

from pilot_keys import type_text

from grimoire.simulate import random_answer
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.setup import SetupScreen

from .helpers import SIZE, first_night
from .test_table_keys import day_game


def test_start_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(GrimoireApp(), terminal_size=SIZE)


def test_setup_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def before(pilot):  # type: ignore[no-untyped-def]
        await pilot.pause()
        pilot.app.push_screen(SetupScreen(seed=7))
        await pilot.pause()
        await type_text(pilot, "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal")
        await pilot.press("enter", "escape", "r")
        await pilot.pause()

    assert snap_compare(GrimoireApp(), terminal_size=SIZE, run_before=before)


def night_game():  # type: ignore[no-untyped-def]
    """Twelve players, three steps in: a drunk seat, the artifact given, the Phantom's list."""
    game = first_night(players=12, seed=9)
    rng = random.Random(3)
    for _ in range(3):
        game.answer(random_answer(game.prompt, game, rng))
    return game


async def nominate_ben_eve(pilot):  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.press("m")
    await pilot.pause()
    await type_text(pilot, "Ben")
    await pilot.press("enter")
    await pilot.pause()
    await type_text(pilot, "Eve")
    await pilot.press("enter")
    await pilot.pause()


def test_grimoire_night(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(GrimoireApp(game=night_game()), terminal_size=SIZE)


def test_grimoire_day(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(GrimoireApp(game=day_game()), terminal_size=SIZE, run_before=nominate_ben_eve)


def finished_game():  # type: ignore[no-untyped-def]
    """Eight players played to the end by the engine (seeded): good executes the Phantom."""
    from grimoire.game import Game
    from grimoire.simulate import play_random, random_table

    return play_random(Game(random_table(8, seed=4, script="phantom")), random.Random(4), max_nights=20)


async def open_reveal(pilot):  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.press("r")
    await pilot.pause()
    await pilot.pause()  # the pages are cut once the screen has its size


def test_reveal_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(GrimoireApp(game=finished_game()), terminal_size=SIZE, run_before=open_reveal)
