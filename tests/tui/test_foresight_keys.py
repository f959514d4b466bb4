"""What an action would do is on the screen that confirms it, before Enter: the picker's
highlighted row (an execution, a shot, an exile, a night kill), the question at the day's end
(the player on the block, the Mayor's three) and the confirmation of a night answer typed by
its number. Nothing is recorded until Enter."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.widgets import Static

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.simulate import random_answer
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.support.choice_keys import keys_for_seat
from night_order import AnswerKind
from tests.official.conftest import LANTERN, official, stand_in  # noqa: F401 (fixtures)
from tests.official.tb_table import EIGHT, night, tb_game
from tests.phantom_table import phantom_table
from tests.pilot_keys import until

from .helpers import SIZE
from .test_table_keys import CAST, day_game

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)
SIZES = [SIZE, (80, 24)]
# Each at 80x24 in make test, where it must fit the tighter; at 140x45 too in make test-slow.
SIZES_80_QUICK = [pytest.param(SIZES[0], marks=pytest.mark.slow), SIZES[1]]


def with_(**by: str) -> tuple[tuple[str, str], ...]:
    return tuple((n, by.get(n, c)) for n, c in EIGHT)


async def picker(pilot: Any) -> Pick:
    await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted, "a picker")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, Pick)
    return screen


def foresight(pick: Pick) -> str:
    return str(pick.query_one("#pick-foresight").render())


async def seat_keys(pilot: Any, seat: int) -> None:
    """A seat's number in the open picker: it highlights the row (Enter is not pressed)."""
    pick = pilot.app.screen
    offered = [i.number for i in pick.rows if i.number is not None]
    keys = keys_for_seat(seat + 1, offered)
    await pilot.press(*keys)
    await pilot.pause()
    assert pilot.app.screen is pick, "a seat's number chose the row without Enter"


async def open_key(pilot: Any, key: str) -> Pick:
    await pilot.press(key)
    return await picker(pilot)


def to_imp(game: Game, **answers: Any) -> None:
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.key != "imp":
        game.answer(None if game.prompt.key is None else answers[game.prompt.key])


# --- Trouble Brewing -----------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES_80_QUICK, ids=["140x45", "80x24"])
@pytest.mark.usefixtures("stand_in")
async def test_an_execution_that_ends_the_game_says_so_before_enter(size: tuple[int, int]) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=size) as pilot:
        pick = await open_key(pilot, "e")
        await seat_keys(pilot, BEN)
        text = foresight(pick)
        assert "2 Ben (Imp) was executed and died." in text and "Good wins: the Demon (Ben) is dead." in text
        assert pick.query_one("#pick-foresight").region.height >= 3  # shown, even at 80x24
        assert game.events == events and game.state.winner is None
        await pilot.press("enter")
        await pilot.pause()
        assert game.events == [*events, ev.Execute(BEN)] and game.state.winner is not None


@pytest.mark.usefixtures("stand_in")
async def test_the_scarlet_woman_becoming_the_demon_is_shown_and_escape_records_nothing() -> None:
    game = tb_game(with_(Dan="scarletwoman"))
    night(game)
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        pick = await open_key(pilot, "e")
        await seat_keys(pilot, BEN)
        assert "4 Dan (Scarlet Woman) became the Imp" in foresight(pick)
        await seat_keys(pilot, CAT)  # another seat: its own words
        assert "3 Cat (Empath) was executed and died." in foresight(pick) and "Scarlet" not in foresight(pick)
        await pilot.press("escape")
        await pilot.pause()
        assert game.events == events


@pytest.mark.usefixtures("stand_in")
async def test_the_slayer_s_shot_is_foreseen_on_the_target_picker() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await open_key(pilot, "c")
        await pilot.press(str(FAY + 1))  # Fay declares (who declares changes nothing yet: chosen at once)
        await until(pilot, lambda: pilot.app.screen.title_text.endswith("whom?"), "the target's picker")
        pick = await picker(pilot)
        await seat_keys(pilot, BEN)
        assert "2 Ben (Imp) died: the Slayer's shot." in foresight(pick) and "Good wins" in foresight(pick)
        await seat_keys(pilot, DAN)
        assert "Nobody dies, and the game goes on." in foresight(pick)
        assert game.events == events


@pytest.mark.parametrize("size", SIZES_80_QUICK, ids=["140x45", "80x24"])
@pytest.mark.usefixtures("stand_in")
async def test_the_mayor_s_three_at_the_day_s_end_says_good_wins_before_it_happens(size: tuple[int, int]) -> None:
    seats = (("Ann", "chef"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "mayor"))
    game = tb_game(seats)
    night(game, poisoner=CAT)
    game.apply(ev.Execute(ANN))
    night(game, poisoner=CAT, imp=CAT)
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=size) as pilot:
        pick = await open_key(pilot, "d")
        assert "Good wins: three players are alive, no one was executed, and the Mayor lives." in foresight(pick)
        assert game.events == events and game.state.winner is None
        await pilot.press("enter")
        await pilot.pause()
        assert game.events == [*events, ev.StartNight()]
        assert game.state.winner is not None and game.state.winner.value == "good"


@pytest.mark.usefixtures("stand_in")
async def test_ending_the_day_with_a_player_on_the_block_asks_whether_to_execute_them() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    game.apply(ev.Nominate(ANN, DAN))
    game.apply(ev.Vote(DAN, (ANN, BEN, CAT, EVE, FAY)))
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        pick = await open_key(pilot, "d")
        assert "4 Dan is on the block" in str(pick.query_one("#pick-title").render())
        assert "4 Dan (Poisoner) was executed and died." in foresight(pick)  # the first row: execute
        await pilot.press("down")
        await pilot.pause()
        assert "Nobody is executed today; the night begins." in foresight(pick)
        assert game.events == events
        await pilot.press("up")
        await pilot.press("enter")
        await pilot.pause()
        await until(pilot, lambda: len(game.events) == len(events) + 2, "the execution, then the dusk")
        assert game.events[-2:] == [ev.Execute(DAN), ev.StartNight()]


@pytest.mark.usefixtures("stand_in")
async def test_ending_the_day_with_nothing_to_tell_asks_nothing() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GrimoireScreen) and game.events[-1] == ev.StartNight()


@pytest.mark.parametrize("size", SIZES_80_QUICK, ids=["140x45", "80x24"])
@pytest.mark.usefixtures("stand_in")
async def test_a_night_kill_on_a_protected_player_typed_by_its_number_is_confirmed_first(
        size: tuple[int, int]) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    to_imp(game, poisoner=CAT, monk=HAL)
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press(*keys_for_seat(HAL + 1, range(1, 9)))
        pick = await picker(pilot)
        assert "8 Hal (Washerwoman) was protected by 5 Eve (Monk): they do not die." in foresight(pick)
        assert game.events == events
        await pilot.press("enter")  # typed right after the 8: the number's end, not the answer
        await pilot.pause()
        assert game.events == events and pilot.app.screen is pick
        assert "ended the seat number" in str(pick.query_one("#pick-hint", Static).content)
        await pilot.press("enter")
        await pilot.pause()
        assert game.events == [*events, ev.Answer("imp", HAL)] and game.state.seats[HAL].alive


@pytest.mark.usefixtures("stand_in")
async def test_a_star_pass_is_foreseen_on_the_night_step_s_picker() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    to_imp(game, poisoner=CAT, monk=HAL)
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        pick = await open_key(pilot, "enter")
        await seat_keys(pilot, BEN)
        text = foresight(pick)
        assert "2 Ben (Imp) died: the Imp chose themself (the star-pass)." in text
        assert "4 Dan (Poisoner) became the Imp (the star-pass)." in text
        assert game.events == events
        await pilot.press("enter")
        await pilot.pause()
        assert game.events == [*events, ev.Answer("imp", BEN)] and game.state.seats[DAN].character == "imp"


@pytest.mark.usefixtures("stand_in")
async def test_two_alive_evil_wins_on_the_execution_picker() -> None:
    seats = (("Ann", "chef"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "soldier"))
    game = tb_game(seats)
    night(game, poisoner=CAT)
    game.apply(ev.Execute(ANN))
    night(game, poisoner=CAT, imp=CAT)
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        pick = await open_key(pilot, "e")
        await seat_keys(pilot, EVE)
        assert "Evil wins: only two players are alive and the Demon is one." in foresight(pick)
        assert game.events == events


# --- the Phantom --------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES_80_QUICK, ids=["140x45", "80x24"])
async def test_the_phantom_s_execution_that_ends_the_game_and_an_exile(size: tuple[int, int]) -> None:
    game = day_game()  # Hal the Phantom; Ivy a Traveller
    for seat in (0, 1, 2, 3, 4):
        game.apply(ev.SetAlive(seat, False))
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=size) as pilot:
        pick = await open_key(pilot, "e")
        await seat_keys(pilot, 5)
        assert "Evil wins: only two players are alive and the Phantom is one." in foresight(pick)
        await seat_keys(pilot, 7)  # the Phantom, not unmasked: survives
        assert "8 Hal (Phantom) was executed and survived" in foresight(pick) and "wins" not in foresight(pick)
        await pilot.press("escape")
        await pilot.pause()
        pick = await open_key(pilot, "x")
        assert "9 Ivy was exiled." in foresight(pick) and "9 Ivy (Gunslinger) died: exiled." in foresight(pick)
        assert game.events == events


async def test_the_phantom_s_night_kill_is_confirmed_with_who_dies() -> None:
    game = day_game()
    game.apply(ev.StartNight())
    rng = random.Random(1)
    while game.prompt is not None and game.prompt.step != "phantom":
        game.answer(random_answer(game.prompt, game, rng))
    assert game.prompt is not None and game.prompt.key == "phantom"
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*keys_for_seat(3, range(1, 10)))  # Cat (Meg)
        pick = await picker(pilot)
        text = foresight(pick)
        assert "8 Hal (Phantom) attacked 3 Cat (Meg)" in text and "3 Cat (Meg) died" in text, text
        assert game.events == events
        await pilot.press("escape")
        await pilot.pause()
        assert game.events == events and game.state.seats[2].alive


# --- a script without rules ----------------------------------------------------------------

@pytest.mark.usefixtures("official")
async def test_a_script_without_rules_says_only_the_standard_end_conditions() -> None:
    seats = [SeatSetup(n, c) for n, c in (("Ann", "lanternkeeper"), ("Ben", "tidecaller"), ("Cat", "hermit"),
                                           ("Dan", "whisperer"), ("Eve", "gloomwyrm"))]
    game = Game(TableSetup(seats=seats, script=str(LANTERN)))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(None)
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        pick = await open_key(pilot, "e")
        await seat_keys(pilot, 4)
        text = foresight(pick)
        assert "5 Eve (Gloomwyrm) was executed and died." in text
        assert "by the standard rules good wins, unless an ability says otherwise" in text
        assert "Good wins:" not in text
        await seat_keys(pilot, 0)
        assert "1 Ann (Lantern Keeper) was executed and died." in foresight(pick)
        assert "standard rules" not in foresight(pick)
        assert game.events == events
        await pilot.press("enter")
        await pilot.pause()
        assert game.events == [*events, ev.Execute(0)] and game.state.winner is None


@pytest.mark.usefixtures("stand_in")
async def test_a_name_in_the_words_is_shown_as_typed() -> None:
    game = tb_game(tuple(("[b]Ben[/b]\x07" if n == "Ben" else n, c) for n, c in EIGHT))
    night(game, poisoner=CAT)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        pick = await open_key(pilot, "e")
        await seat_keys(pilot, BEN)
        text = foresight(pick)
        assert "2 [b]Ben[/b]\\x07 (Imp) was executed and died." in text, text
        assert "\x07" not in text


async def test_the_phantom_s_kill_on_a_protected_player_is_confirmed_with_the_protection() -> None:
    seats = [SeatSetup(n, "raoul_de_chagny" if c == "sorelli" else c) for n, c in CAST]
    game = Game(phantom_table(seats=seats, artifacts=("monkey_music_box",)))
    game.apply(ev.StartNight())
    rng = random.Random(2)
    while game.prompt is not None:
        prompt = game.prompt
        game.answer(["monkey_music_box", 0] if prompt.kind is AnswerKind.OPTION_AND_PLAYER else random_answer(prompt, game, rng))
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.key != "phantom":
        prompt = game.prompt
        if prompt.key == "raoul_de_chagny":
            game.answer(2)  # Raoul protects Cat
        else:
            game.answer(["monkey_music_box", 0] if prompt.kind is AnswerKind.OPTION_AND_PLAYER
                        else random_answer(prompt, game, rng))
    assert game.prompt is not None and game.state.seats[2].alive
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("3")
        pick = await picker(pilot)
        assert "3 Cat (Meg) was protected by 5 Eve (Raoul de Chagny): they do not die." in foresight(pick)
        assert game.events == events
        await pilot.press("enter", "enter")  # the first ends the number; the second records
        await pilot.pause()
        assert game.events == [*events, ev.Answer("phantom", 2)] and game.state.seats[2].alive
