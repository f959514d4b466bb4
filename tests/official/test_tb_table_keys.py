"""Trouble Brewing at the grimoire, by keys: the Slayer's shot (c), offered by the script's rules."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Alignment
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from tests.official.tb_table import night, tb_game
from tests.tui.helpers import SIZE, notes, pick_seat, settle

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)
# Ben the Imp, Dan the Poisoner, Fay the Slayer; with a Scarlet Woman instead of the Mayor.
WITH_SW = (("Ann", "drunk"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk"),
           ("Fay", "slayer"), ("Gus", "scarletwoman"), ("Hal", "washerwoman"))


async def _shoot(pilot, target: int, asked: bool = False) -> None:  # type: ignore[no-untyped-def]
    """The Slayer's shot by keys (``asked``: the storyteller's registration choice comes next)."""
    await pilot.press("c")
    await pilot.pause()
    picker = pilot.app.screen
    assert isinstance(picker, Pick) and picker.title_text == "Who declares?"
    rows = [r.label for r in picker.rows]  # anyone may claim the Slayer and shoot; the Slayer first
    assert rows[0] == "6 Fay (Slayer) shoots a player (the Demon dies)"
    assert "1 Ann (Drunk) claims the Slayer and shoots: nothing happens" in rows
    await pick_seat(pilot, FAY)
    assert isinstance(pilot.app.screen, Pick) and "whom?" in pilot.app.screen.title_text
    await pick_seat(pilot, target)
    if not asked:
        await settle(pilot)


async def test_the_slayer_shoots_the_imp_by_keys_and_good_wins(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _shoot(pilot, BEN)
        assert game.events[-1].kind == "declare" and game.events[-1].target == BEN
        assert not game.state.seats[BEN].alive and game.state.winner is Alignment.GOOD
        await pilot.pause()
        # The game's end says what the reveal holds, and Trouble Brewing has no artifact.
        assert "Good wins. Press r for the reveal: every character, who was drunk or poisoned." in notes(pilot.app)



@pytest.mark.slow  # the shot by keys: the test above; the rules: test_tb_day.py
async def test_the_slayer_misses_and_the_shot_is_spent(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _shoot(pilot, CAT)
        assert game.state.seats[CAT].alive and game.state.winner is None
        await pilot.press("c")
        await pilot.pause()
        picker = pilot.app.screen  # a spent Slayer may shoot again: nothing happens
        assert isinstance(picker, Pick)
        assert "6 Fay (Slayer) shoots again: the ability is spent, nothing happens" in [r.label for r in picker.rows]


@pytest.mark.slow  # the shot by keys: the test above; the rules: test_tb_day.py, test_tb_deaths.py
async def test_the_scarlet_woman_takes_over_when_the_slayer_kills_the_imp(stand_in) -> None:
    game = tb_game(WITH_SW)
    night(game, poisoner=CAT)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _shoot(pilot, BEN)
        assert not game.state.seats[BEN].alive and game.state.seats[GUS].character == "imp"
        assert game.state.winner is None


async def test_a_dead_slayer_is_not_offered(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    game.apply(ev.SetAlive(FAY, False))
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        picker = pilot.app.screen  # the living may claim the Slayer and shoot; the dead are not offered
        assert isinstance(picker, Pick) and not any("Fay" in r.label for r in picker.rows)


@pytest.mark.slow
async def test_the_slayer_shooting_the_recluse_asks_the_storyteller(stand_in) -> None:
    game = tb_game(tuple((n, "recluse" if n == "Cat" else c) for n, c in WITH_SW))
    night(game, poisoner=EVE)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _shoot(pilot, CAT, asked=True)
        picker = pilot.app.screen
        assert isinstance(picker, Pick) and "Cat (the Recluse): do they register as the Demon?" in picker.title_text
        rows = [r for r in picker.rows if r.key]
        assert [r.value for r in rows] == [True, False]
        await pilot.press(rows[0].key, "enter")
        await settle(pilot)
        assert game.events[-1] == ev.Declare(FAY, "slayer", target=CAT, registers=True)
        assert not game.state.seats[CAT].alive and game.state.winner is None


@pytest.mark.slow
async def test_the_spy_nominating_the_virgin_asks_the_storyteller(stand_in) -> None:
    game = tb_game(tuple((n, {"Dan": "spy", "Eve": "virgin"}.get(n, c)) for n, c in WITH_SW))
    night(game)
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        await pick_seat(pilot, DAN)
        await pick_seat(pilot, EVE)
        picker = pilot.app.screen
        assert isinstance(picker, Pick) and "nominated the Virgin" in picker.title_text
        rows = [r for r in picker.rows if r.key]
        await pilot.press(rows[1].key, "enter")  # as what she is, a Minion: nothing happens
        await settle(pilot)
        assert game.events[-1] == ev.Nominate(DAN, EVE, registers=False)
        assert game.state.seats[DAN].alive and game.state.today.execution is None


# The second size: make test-deep's.
@pytest.mark.parametrize("size", [(80, 24), pytest.param(SIZE, marks=pytest.mark.slow)])
async def test_the_day_and_the_vote_remind_the_storyteller_of_the_butlers_master(stand_in, size) -> None:
    from grimoire.tui.screens.vote import VoteScreen
    from tests.tui.helpers import open_vote

    seats = tuple(("[bold]Bob[/]" if n == "Cat" else n, "butler" if n == "Hal" else c) for n, c in WITH_SW)
    game = tb_game(seats)
    night(game, poisoner=EVE, butler=CAT)
    reminder = "Hal (Butler) votes only if their master, [bold]Bob[/], votes too."
    game.apply(ev.Nominate(ANN, BEN))
    async with GrimoireApp(game=game).run_test(size=size) as pilot:
        await pilot.pause()
        assert reminder in panel_words(pilot.app)
        vote = await open_vote(pilot)
        assert isinstance(vote, VoteScreen) and reminder in panel_words(pilot.app)


def panel_words(app) -> str:  # type: ignore[no-untyped-def]
    """The side panel's words as one line (its rows wrap): the text right of the last rule."""
    from tests.terminal_text import terminal_text

    return " ".join(w for row in terminal_text(app).splitlines() for w in row.rsplit("│", 1)[-1].split())
