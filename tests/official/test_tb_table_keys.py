"""Trouble Brewing at the grimoire, by keys: the Slayer's shot (c), offered by the script's rules."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.core.model import Alignment
from grimoire.tui.app import GrimoireApp
from grimoire.tui.modals import Pick
from tests.official.tb_table import night, tb_game
from tests.tui.helpers import SIZE, notes, pick_seat, settle

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)
# Ben the Imp, Dan the Poisoner, Fay the Slayer; with a Scarlet Woman instead of the Mayor.
WITH_SW = (("Ann", "drunk"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk"),
           ("Fay", "slayer"), ("Gus", "scarletwoman"), ("Hal", "washerwoman"))


async def _shoot(pilot, target: int) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("c")
    await pilot.pause()
    picker = pilot.app.screen
    assert isinstance(picker, Pick) and picker.title_text == "Who declares?"
    assert [r.label for r in picker.rows] == ["6 Fay (Slayer) shoots a player (the Demon dies)"]
    await pick_seat(pilot, FAY)
    assert isinstance(pilot.app.screen, Pick) and "whom?" in pilot.app.screen.title_text
    await pick_seat(pilot, target)
    await settle(pilot)


async def test_the_slayer_shoots_the_imp_by_keys_and_good_wins(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _shoot(pilot, BEN)
        assert game.events[-1].kind == "declare" and game.events[-1].target == BEN
        assert not game.state.seats[BEN].alive and game.state.winner is Alignment.GOOD



async def test_the_slayer_misses_and_the_shot_is_spent(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _shoot(pilot, CAT)
        assert game.state.seats[CAT].alive and game.state.winner is None
        await pilot.press("c")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, Pick)
        assert "Fay (Slayer) has already shot: the Slayer's ability is once per game." in notes(pilot.app)


async def test_the_scarlet_woman_takes_over_when_the_slayer_kills_the_imp(stand_in) -> None:
    game = tb_game(WITH_SW)
    night(game, poisoner=CAT)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _shoot(pilot, BEN)
        assert not game.state.seats[BEN].alive and game.state.seats[GUS].character == "imp"
        assert game.state.winner is None


async def test_a_dead_slayer_is_refused(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    game.apply(ev.SetAlive(FAY, False))
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, Pick)
        assert any("Fay (Slayer) is dead" in n for n in notes(pilot.app))
