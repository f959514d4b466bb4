"""Seats are chosen by the number drawn on the circle, in every kind of picker, with 15 seats:
``1`` ``2`` is seat 12 and ``5`` is seat 5; other options by their letter; digits never filter."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pilot_keys import type_text, until
from textual.app import App
from textual.widgets import Input

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game
from grimoire.rules.phantom.deaths import managers_offer
from grimoire.rules.phantom.state import own
from grimoire.simulate import random_answer, random_table
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.support import seat_entry
from grimoire.tui.support.choice_keys import Item
from grimoire.tui.widgets.side import SidePanel
from night_order import AnswerKind

from .helpers import SIZE, notes, open_vote, settle, type_pick

SEED = 12  # a 15-player table: seats 5 and 12 may receive the artifact, both live to day 1,
# the Managers sit in seat 7 and seats 5 and 12 are among the evil who may die for them.


def at_the_artifact_step() -> Game:
    game = Game(random_table(15, seed=SEED, script="phantom"))
    game.apply(ev.StartNight())
    rng = random.Random(2)
    while game.prompt.kind is not AnswerKind.OPTION_AND_PLAYER:
        game.answer(random_answer(game.prompt, game, rng))
    assert {4, 11} <= set(game.prompt.choices)
    return game


def at_day_one() -> Game:
    game = at_the_artifact_step()
    rng = random.Random(2)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    g = game.state
    assert g.phase is Phase.DAY and g.winner is None and g.seats[4].alive and g.seats[11].alive
    return game


async def next_picker(pilot: Any, old: Pick) -> Pick:
    """The picker that follows ``old`` (a worker asks one after the other)."""
    for _ in range(50):
        await pilot.pause()
        if isinstance(pilot.app.screen, Pick) and pilot.app.screen is not old:
            return pilot.app.screen
    raise AssertionError(f"no picker after {old.title_text!r}")


def last_answer(game: Game) -> Any:
    event = game.events[-1]
    assert isinstance(event, ev.Answer), event
    return event.value


async def test_a_night_step_on_the_screen_takes_seat_numbers() -> None:
    game = at_the_artifact_step()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        side = screen.query_one("#side", SidePanel)
        assert "12 Lou (" in side.text("step") and " 5 Eve (" in side.text("step")
        before = len(game.events)
        await pilot.press("m")  # the artifact first, by its letter: then a seat's number answers
        await pilot.press("1")
        await pilot.pause()
        assert len(game.events) == before  # 1 waits: 10 to 15 are on offer
        assert "Seat 1…" in side.text("step")
        await pilot.press("2")
        await settle(pilot)
        assert last_answer(game)[1] == 11
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("m", "5")
        await settle(pilot)
        assert last_answer(game)[1] == 4


async def test_a_seat_typed_before_the_artifact_asks_it_and_takes_none_shown_first() -> None:
    """A number typed first picks the seat; the option is then asked, never the first assumed;
    a number in that list is refused, saying so."""
    game = at_the_artifact_step()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        side = pilot.app.screen.query_one("#side", SidePanel)
        before = len(game.events)
        await pilot.press("5")
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted, "the options")
        asked = pilot.app.screen
        assert asked.title_text.startswith("Eve: which artifact?") and [i.key for i in asked.rows] == ["m", "l"]
        assert len(game.events) == before  # nothing taken for the storyteller
        await pilot.press("3", "enter")  # refused; the Enter typed right after it is its own, and takes no row
        await until(pilot, lambda: any("a number is no artifact" in n for n in notes(pilot.app)), "the refusal")
        await pilot.pause()
        assert pilot.app.screen is asked and asked.query_one(Input).value == "" and len(game.events) == before
        await pilot.press("escape")  # the seat stays chosen, and the panel says what is asked
        await settle(pilot)
        assert len(game.events) == before and "Now the artifact for 5 Eve" in side.text("step")
        await pilot.press("l")  # its letter completes the answer
        await settle(pilot)
        assert last_answer(game) == ["punjab_lasso", 4]


async def test_a_digit_a_longer_number_could_extend_ends_with_a_pause_or_enter(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = at_the_artifact_step()
    assert 0 in game.prompt.choices  # seat 1: "1" waits, for 10 to 15 are on offer too
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = len(game.events)
        await pilot.press("m", "1")
        await pilot.pause()
        assert len(game.events) == before
        await pilot.press("enter")  # Enter ends it (and opens no picker)
        await settle(pilot)
        assert last_answer(game)[1] == 0
        assert isinstance(pilot.app.screen, GrimoireScreen)
        await pilot.press("u")
        await pilot.pause()
        assert len(game.events) == before
        monkeypatch.setattr(seat_entry, "PAUSE", 0.05)  # the same pause, shorter: no waiting it out
        await pilot.press("m", "1")
        await until(pilot, lambda: len(game.events) > before, "the pause to end the number")  # the pause ends it
        await settle(pilot)
        assert last_answer(game)[1] == 0


async def test_a_seat_not_on_offer_is_refused_and_nothing_happens() -> None:
    game = at_the_artifact_step()
    phantom = next(s.index for s in game.state.seats if s.character == "phantom")
    assert phantom not in game.prompt.choices
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = len(game.events)
        assert phantom + 1 < 10  # refused at once: no longer number starts with it
        await pilot.press(str(phantom + 1))
        await settle(pilot)
        assert len(game.events) == before
        assert any(f"Seat {phantom + 1} (" in n and "not a choice" in n for n in notes(pilot.app)), notes(pilot.app)
        assert isinstance(pilot.app.screen, GrimoireScreen)


async def test_a_night_steps_typed_picker_takes_seat_numbers_not_filter_text() -> None:
    for keys, seat in ((("1", "2"), 11), (("5",), 4)):
        game = at_the_artifact_step()
        async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            picker = pilot.app.screen
            assert isinstance(picker, Pick)
            if picker.title_text == "Which artifact?":
                assert [i.key for i in picker.rows] == ["m", "l"]  # p is the step's card
                await pilot.press("m", "enter")  # an option's letter, then Enter
                picker = await next_picker(pilot, picker)
            assert "12 Lou (" in [label for label, _ in picker.items][10]
            if len(keys) > 1:
                await pilot.press(keys[0])
                assert picker.query_one(Input).value == "" and pilot.app.screen is picker
            await pilot.press(keys[-1])
            await settle(pilot)
            assert last_answer(game) == ["monkey_music_box", seat]


@pytest.mark.slow
async def test_digits_never_land_in_the_filter_and_letters_still_filter() -> None:
    game = at_the_artifact_step()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        picker = pilot.app.screen
        if picker.title_text == "Which artifact?":
            await pilot.press("enter")
            picker = await next_picker(pilot, picker)
        await pilot.press("l", "1")
        assert picker.query_one(Input).value == "l"
        assert "Seat 1…" in str(picker.query_one("#pick-hint").render())
        await pilot.press("o")  # a letter drops the half-typed number: back to the name
        assert "Seat 1…" not in str(picker.query_one("#pick-hint").render())
        picker.query_one(Input).insert_text_at_cursor("9")  # pasted digits are refused too
        assert picker.query_one(Input).value == "lo"
        await pilot.press("u", "enter")
        await settle(pilot)
        assert last_answer(game)[1] == 11  # "lou", Enter: 12 Lou


@pytest.mark.slow
async def test_the_claque_by_letter_on_the_screen_and_in_the_picker() -> None:
    for picker, keys, direction in ((False, ("a",), -1), (True, ("enter", "a", "enter"), -1),
                                    (True, ("enter", "c", "enter"), 1)):
        game = Game(random_table(15, seed=SEED, script="phantom"))
        game.apply(ev.StartNight())
        game.answer(None)  # dusk
        assert game.prompt.step == "claque"
        async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            await settle(pilot)
            assert own(game.state).claque_direction == direction, (picker, keys)


@pytest.mark.slow  # seat numbers in a picker: test_a_night_steps_typed_picker_takes_seat_numbers_not_filter_text
async def test_a_day_action_takes_seat_numbers() -> None:
    game = at_day_one()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert "12 Lou (" in " ".join(label for label, _ in pilot.app.screen.items)
        await pilot.press("1", "2")
        await pilot.pause()
        await pilot.press("5")
        await settle(pilot)
        nomination = game.state.today.nominations[-1]
        assert (nomination.nominator, nomination.nominee) == (11, 4)


@pytest.mark.slow
async def test_the_vote_takes_seat_numbers_each_a_hand_the_other_way() -> None:
    game = at_day_one()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m", "1", "2")
        await pilot.pause()
        await pilot.press("5")
        await settle(pilot)
        vote = await open_vote(pilot)
        await pilot.press("1", "2", "5", "3")  # seat 12, seat 5, seat 3: a hand up each
        await pilot.press("3")  # again: seat 3's hand comes down
        await pilot.pause()
        assert set(vote.round.up) == {11, 4}
        await pilot.press("enter")  # right after the 3: that number's end, not the record
        await pilot.pause()
        assert pilot.app.screen is vote and "Enter again records" in vote.query_one("#vote-panel", SidePanel).text("head")
        await pilot.press("enter")
        await settle(pilot)
        # In the round's order: from the seat after the nominee (5), the nominee last.
        assert game.state.today.nominations[-1].votes == (11, 4)


@pytest.mark.slow
async def test_an_override_takes_seat_numbers() -> None:
    game = at_day_one()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("1", "2")  # the seat, with what killing them would do: Enter does it
        await pilot.pause()
        assert game.state.seats[11].alive
        await pilot.press("enter")
        await settle(pilot)
        assert not game.state.seats[11].alive
        await pilot.press("k", "5", "enter")
        await settle(pilot)
        assert not game.state.seats[4].alive
        await pilot.press("k")
        await pilot.pause()
        assert "12 Lou (" in " ".join(label for label, _ in pilot.app.screen.items)


async def _managers_offer(pilot: Any, game: Game) -> Pick:
    managers = next(s.index for s in game.state.seats if s.character == "managers")
    if own(game.state).artifact.holder != managers:
        await pilot.press("o", *str(managers + 1))  # the override: give them the artifact
        await settle(pilot)
    assert {4, 11} <= set(managers_offer(game.state, managers))
    await pilot.press("e", *str(managers + 1), "enter")  # the seat, then Enter once its words are read
    await pilot.pause()
    picker = pilot.app.screen
    assert isinstance(picker, Pick) and "Managers" in picker.title_text
    return picker


@pytest.mark.slow
async def test_the_managers_offer_takes_seat_numbers_and_a_letter_to_decline() -> None:
    # A seat's number shows what executing them would do; Enter does it.
    for keys, managers in ((("1", "2", "enter"), 11), (("5", "enter"), 4), (("d", "enter"), "decline")):
        game = at_day_one()
        async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
            await pilot.pause()
            picker = await _managers_offer(pilot, game)
            assert picker.rows[0].key == "d" and "[d] Decline" in str(picker.query_one("OptionList").get_option_at_index(0).prompt)
            if managers != "decline":  # a seat not on offer is refused, the picker stays
                await pilot.press("1", "5")
                await pilot.pause()
                assert pilot.app.screen is picker and any("not a choice" in n for n in notes(pilot.app))
            await pilot.press(*keys)
            await settle(pilot)
            event = game.events[-1]
            assert isinstance(event, ev.Execute) and event.answer == managers


@pytest.mark.slow
async def test_setups_seat_picker_takes_seat_numbers() -> None:
    names = "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon, Kim, Lou, Max, Ned, Oli"
    for keys, seat in ((("1", "2"), 11), (("5",), 4)):
        async with GrimoireApp().run_test(size=SIZE) as pilot:
            await pilot.pause()
            pilot.app.push_screen(SetupScreen(seed=SEED))
            await pilot.pause()
            setup = pilot.app.screen
            await type_text(pilot, names)
            await pilot.press("enter", "escape")
            # Seats 5 and 12 good: the Mirror Keeper's target may be either.
            setup.rows[4].character, setup.rows[11].character = "sorelli", "usher"
            await pilot.press("f")
            await pilot.pause()
            picker = pilot.app.screen
            assert isinstance(picker, Pick)
            assert "12 Lou (Usher)" in [label for label, _ in picker.items]
            await pilot.press(*keys)
            await settle(pilot)
            assert setup.picked.get("mirror_target") == seat


class PickApp(App[None]):
    """Only a picker, to see what it returns."""

    def __init__(self, picker: Pick) -> None:
        super().__init__()
        self.picker = picker
        self.got: Any = "nothing yet"

    def on_mount(self) -> None:
        self.push_screen(self.picker, lambda value: setattr(self, "got", value))


async def test_an_exact_name_wins_over_a_longer_one() -> None:
    rows = [Item("Phantom's Favourite (Outsider)", "phantoms_favourite"), Item("Phantom (Demon)", "phantom")]
    app = PickApp(Pick("Who?", rows))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_pick(pilot, "phantom")
        assert app.got == "phantom"
    seats = [Item(f"{i + 1} {n} (Usher)", i, seat=i, names=(n, "Usher")) for i, n in enumerate(["Benny", "Ben"])]
    app = PickApp(Pick("Who?", seats))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_pick(pilot, "ben")
        assert app.got == 1


@pytest.mark.slow
async def test_setups_character_picker_phantom_then_enter_is_the_phantom() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await pilot.pause()
        pilot.app.push_screen(SetupScreen(seed=SEED))
        await pilot.pause()
        setup = pilot.app.screen
        await type_text(pilot, "Ann, Ben, Cat, Dan, Eve")
        await pilot.press("enter", "escape", "home", "c")
        await pilot.pause()
        await type_pick(pilot, "phantom")
        assert setup.rows[0].character == "phantom"
