"""A whole game from ``grimoire`` with no arguments, by keyboard alone, at 140x45 and on a small
laptop's 80x24."""

from __future__ import annotations

import random

import pytest
from pilot_keys import type_text

from grimoire.core.model import Phase
from grimoire.rules import day as day_rules
from grimoire.store.saves import load_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.start import StartScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.side import SidePanel

from .helpers import SIZE, notes, open_vote, pick_seat, play_night, settle, vote_by_keys

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


async def play_day(pilot, screen: GrimoireScreen, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    g = screen.game.state
    alive = [s for s in g.seats if s.alive]
    # Two nominations; the first gets every possible vote, the second none.
    nominator, nominee = alive[0], rng.choice([s for s in g.seats if s.alive and s.index != alive[0].index])
    await pilot.press("m")
    await pilot.pause()
    await pick_seat(pilot, nominator.index)
    await pick_seat(pilot, nominee.index)
    assert screen.game.state.today.nominations[-1].nominee == nominee.index, notes(pilot.app)[-2:]
    await vote_by_keys(pilot, {s.index for s in screen.game.state.seats if s.alive})
    votes = screen.game.state.today.nominations[-1].votes
    assert votes is not None and len(votes) == sum(s.alive for s in screen.game.state.seats)
    if len(alive) > 3:
        second = next(s for s in alive[1:] if s.index != nominee.index)
        other = next(s for s in screen.game.state.seats if s.alive and s.index not in (nominee.index,)
                     and all(n.nominee != s.index for n in screen.game.state.today.nominations))
        await pilot.press("m")
        await pilot.pause()
        await pick_seat(pilot, second.index)
        await pick_seat(pilot, other.index)
        await open_vote(pilot)
        await pilot.press("enter")  # nobody votes
        await pilot.pause()
    assert day_rules.on_the_block(screen.game.rules, screen.game.state) == nominee.index
    before = len(screen.game.events)
    await pilot.press("e")
    await pilot.pause()
    await pilot.press("enter")  # the picker opens on the player on the block
    await pilot.pause()
    if len(screen.game.events) == before:  # the Managers' offer: decline
        await pilot.press("enter")
        await pilot.pause()
    assert screen.game.state.today.execution is not None
    assert screen.game.state.today.execution.seat == nominee.index


@pytest.mark.long
# Only in make test-deep, at both sizes (at 80x24 the longest Pilot test, 20 s): each of its
# screens keeps quicker Pilot tests in make test, and the sizes have their own tests.
@pytest.mark.slow
@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=["140x45", "80x24"])
async def test_a_whole_game_by_keyboard(size: tuple[int, int]) -> None:
    rng = random.Random(7)
    app = GrimoireApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await type_text(pilot, ", ".join(NAMES))
        await pilot.press("enter")
        await pilot.press("escape")  # from the names to the list
        await pilot.press("r")  # a random legal bag
        await pilot.pause()
        assert setup.problems() == []
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GrimoireScreen)
        assert [s.name for s in screen.game.state.seats] == NAMES
        assert screen.game.state.phase is Phase.NIGHT
        # The bag is the setup screen's own random deal: a failure says which (pytest prints
        # a failing test's output), and SetupScreen(seed=...) deals it again.
        print(f"The bag: seed {setup.seed},", ", ".join(f"{s.name} {s.character}" for s in screen.game.state.seats))
        days = 0
        for _ in range(20):
            await play_night(pilot, screen, rng)
            if screen.game.state.winner is not None:
                break
            assert screen.game.state.phase is Phase.DAY
            await play_day(pilot, screen, rng)
            days += 1
            if screen.game.state.winner is not None:
                break
            await pilot.press("d")
            await pilot.pause()
        g = screen.game.state
        assert g.winner is not None
        assert days >= 1
        assert "WINS" in screen.query_one("#side", SidePanel).text("step")
        await settle(pilot)
        saved = load_game(app.autosave_path())  # the game's own file in the library
        assert len(saved.events) == len(screen.game.events)
        assert saved.state.winner == g.winner
