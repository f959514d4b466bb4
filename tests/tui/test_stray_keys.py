"""Keys typed too soon answer nothing: the Enter typed right after a seat number is that
number's end, whether its digit or a pause had already ended it, however long after it came,
never the answer to the picker the number opened (issue 51, item 7); the digit that completes a
choice is not the next picker's either; and a picker opens with an empty filter whatever was
typed before it was drawn (issue 45)."""

from __future__ import annotations

import random
from typing import Any

from pilot_keys import type_text, until
from textual.widgets import Input

from grimoire.core.model import Phase
from grimoire.game import Game
from grimoire.simulate import random_answer
from grimoire.tui import guard
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.support import seat_entry

from .helpers import SIZE, first_night, settle

LONG = 30.0  # the moment, long enough that no loaded machine outlasts it between two keys


def at_day_one(players: int) -> Game:
    game = first_night(players, seed=3)
    rng = random.Random(2)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    g = game.state
    assert g.phase is Phase.DAY and g.winner is None and all(s.alive for s in g.seats[:4])
    return game


async def picker_after(pilot: Any, old: Any) -> Pick:
    await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen is not old
                and pilot.app.screen.drawn_at is not None, "the next picker")
    screen = pilot.app.screen
    assert isinstance(screen, Pick)
    return screen


async def nominee_still_asked(pilot: Any, game: Game, first: Pick, nominator: int) -> None:
    """After the Enter that ended the nominator's number: the nominee is still asked, nothing
    recorded; a second Enter (a key of its own) answers that picker."""
    second = await picker_after(pilot, first)
    await pilot.pause()
    assert pilot.app.screen is second and second.title_text.endswith("nominates whom?")
    assert not game.state.today.nominations  # not "1 Ann nominated 1 Ann"
    await pilot.press("enter")
    await settle(pilot)
    [nomination] = game.state.today.nominations
    assert nomination.nominator == nominator


async def test_a_number_then_a_pause_longer_than_the_seat_number_pause_then_enter_nominates_nobody() -> None:
    game = at_day_one(5)  # with 5 seats, 1 is seat 1 at once
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        first = await picker_after(pilot, None)
        await pilot.press("1")
        second = await picker_after(pilot, first)
        await pilot.pause(seat_entry.PAUSE * 2)  # the storyteller reads, then ends the number
        assert pilot.app.screen is second
        await pilot.press("enter")
        await nominee_still_asked(pilot, game, first, 0)


async def test_a_number_and_enter_typed_fast_nominate_nobody() -> None:
    game = at_day_one(5)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        first = await picker_after(pilot, None)
        await type_text(pilot, "1\r")  # one burst: the Enter reaches the app before the next picker
        await nominee_still_asked(pilot, game, first, 0)


async def test_a_seat_number_complete_at_its_digit_then_enter_nominates_nobody() -> None:
    game = at_day_one(8)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        first = await picker_after(pilot, None)
        await pilot.press("4", "enter")  # with 8 seats, 4 is seat 4 at once: the Enter ends it
        await nominee_still_asked(pilot, game, first, 3)


async def test_a_seat_number_ended_by_the_pause_then_enter_nominates_nobody(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = at_day_one(10)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        first = await picker_after(pilot, None)
        monkeypatch.setattr(seat_entry, "PAUSE", 0.05)  # the same pause, shorter
        await pilot.press("1")  # 1 waits for 10; the pause ends it: seat 1
        await picker_after(pilot, first)
        await pilot.press("enter")  # meant to end the number, which the pause had ended
        await nominee_still_asked(pilot, game, first, 0)


async def test_a_seat_number_ended_by_its_enter_then_enter_answers() -> None:
    game = at_day_one(10)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        first = await picker_after(pilot, None)
        await pilot.press("1", "enter")  # 1 waits for 10; its Enter ends it: seat 1
        await nominee_still_asked(pilot, game, first, 0)


async def test_a_digit_that_completes_a_choice_is_not_the_next_pickers() -> None:
    game = at_day_one(8)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        first = await picker_after(pilot, None)
        await pilot.press("4")  # seat 4 nominates
        second = await picker_after(pilot, first)
        await pilot.pause()
        assert pilot.app.screen is second and second.query_one(Input).value == ""
        assert second.seat_entry.typed == "" and not game.state.today.nominations
        await pilot.press("5")  # a number of its own: seat 5 is nominated
        await settle(pilot)
        [nomination] = game.state.today.nominations
        assert (nomination.nominator, nomination.nominee) == (3, 4)


async def test_a_key_between_the_number_and_enter_leaves_enter_its_own() -> None:
    game = at_day_one(8)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        first = await picker_after(pilot, None)
        await pilot.press("4")
        second = await picker_after(pilot, first)
        await pilot.press("down", "enter")  # not the number's Enter: it answers, the second row
        await settle(pilot)
        [nomination] = game.state.today.nominations
        assert nomination.nominator == 3 and nomination.nominee == second.rows[1].value


async def test_keys_typed_before_a_picker_is_drawn_are_not_its() -> None:
    game = at_day_one(8)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        picker = await picker_after(pilot, None)
        # A terminal's burst reaches the picker between its push and its first frame: as if
        # not drawn yet, the keys that arrive are not its.
        picker.drawn_at = None
        await type_text(pilot, "nnc4")
        assert pilot.app.screen is picker
        picker.drawn_at = 0.0  # (drawn now, long enough ago)
        assert picker.query_one(Input).value == ""  # an empty filter, the whole list
        assert len(picker._shown) == len(picker.rows)
        assert not game.state.today.nominations
        await type_text(pilot, "c")  # typed once it is drawn: its own
        assert picker.query_one(Input).value == "c"


async def test_keys_in_a_pickers_first_moment_are_not_its(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = at_day_one(8)
    monkeypatch.setattr(guard, "MOMENT", LONG)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        picker = await picker_after(pilot, None)
        await pilot.press("n", "4", "enter")
        await pilot.pause()
        assert pilot.app.screen is picker and picker.query_one(Input).value == ""
        await pilot.press("escape")  # Escape is never stray: it closes
        await until(pilot, lambda: isinstance(pilot.app.screen, GrimoireScreen), "the grimoire")


async def test_next_typed_again_in_a_steps_picker_is_not_its_filter() -> None:
    from night_order import AnswerKind

    game = first_night(8, seed=3)
    while game.prompt is not None and game.prompt.kind not in (AnswerKind.PLAYER, AnswerKind.OPTION_AND_PLAYER):
        game.answer(random_answer(game.prompt, game, random.Random(1)))
    assert game.prompt is not None
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")  # the step's picker
        picker = await picker_after(pilot, None)
        picker.drawn_at = 0.0  # (drawn long ago: its first moment is over)
        await pilot.press("n", "n")  # still stepping on: not a name to filter by
        await pilot.pause()
        assert picker.query_one(Input).value == "" and len(picker._shown) == len(picker.rows)
        await type_text(pilot, "a")
        await pilot.press("n")  # after another letter, text as any other
        await pilot.pause()
        assert picker.query_one(Input).value == "an"


async def test_next_typed_again_in_the_option_first_picker_is_not_its_filter() -> None:
    from night_order import AnswerKind

    game = first_night(8, seed=1)
    while game.prompt is not None and not (game.prompt.kind is AnswerKind.OPTION_AND_PLAYER
                                           and not game.prompt.player_first and len(game.prompt.options) > 1):
        game.answer(random_answer(game.prompt, game, random.Random(1)))
    assert game.prompt is not None  # the Phantom's artifact: which one first, then the player
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")  # "Which artifact?"
        picker = await picker_after(pilot, None)
        picker.drawn_at = 0.0  # (drawn long ago: its first moment is over)
        await pilot.press("n")  # still stepping on: not a name to filter by, and it says what is asked
        await pilot.pause()
        assert picker.query_one(Input).value == "" and len(picker._shown) == len(picker.rows)
        assert pilot.app.screen is picker


async def test_the_rest_of_a_seat_number_typed_too_soon_is_not_a_number_of_its_own(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = at_day_one(10)
    monkeypatch.setattr(guard, "MOMENT", LONG)
    monkeypatch.setattr(seat_entry, "PAUSE", LONG)  # the 0 comes within the number's pause
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        first = await picker_after(pilot, None)
        first.drawn_at = 0.0  # (drawn long ago)
        await pilot.press("3")
        second = await picker_after(pilot, first)
        await pilot.press("1")  # seat 10's 1, in the picker's first moment: not its
        second.drawn_at = 0.0  # the moment is over as the 0 comes
        await pilot.press("0")
        await pilot.pause()
        assert pilot.app.screen is second and second.seat_entry.typed == ""
        assert not [n for n in pilot.app._notifications if "not a choice" in n.message]  # not "Seat 0"
        assert not game.state.today.nominations
        monkeypatch.setattr(seat_entry, "PAUSE", 0.0)  # the storyteller waits, then types again
        await pilot.press("5")
        await settle(pilot)
        [nomination] = game.state.today.nominations
        assert (nomination.nominator, nomination.nominee) == (2, 4)
