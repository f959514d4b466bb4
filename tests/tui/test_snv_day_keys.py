"""Sects & Violets' day by keys on the grimoire screen: the Juggler's guesses (a seat's number,
the character's name typed, Enter when done; Escape asks whether to record them), the Savant's
visit (the statements' letter), and the dead Klutz's choice asked before the dusk, which follows
once it is made."""

from __future__ import annotations

from typing import Any

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.rules.snv.events import JugglerGuesses, SavantVisit
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.widgets.side import SidePanel
from night_order import AnswerKind
from tests.official.conftest import stand_in  # noqa: F401 (the fixture)
from tests.official.test_snv_day_acts import to_day
from tests.pilot_keys import until

from .helpers import SIZE, pick_seat, settle, type_pick

pytestmark = pytest.mark.usefixtures("stand_in")


async def opened(pilot: Any, *keys: str) -> Pick:
    await pilot.press(*keys)
    await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "a picker")
    return pilot.app.screen


async def test_the_jugglers_guesses_and_the_savants_visit_by_keys() -> None:
    game = to_day("juggler", "fanggu", "witch", "savant", "sage")
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await opened(pilot, "c")
        await pick_seat(pilot, 0)  # the Juggler declares
        assert "guess 1 of up to 5" in pilot.app.screen.title_text
        await pick_seat(pilot, 1)
        assert "2 Ben is which character" in pilot.app.screen.title_text
        await type_pick(pilot, "fang")
        await pick_seat(pilot, 3)
        await type_pick(pilot, "witch")
        assert "guess 3 of up to 5" in pilot.app.screen.title_text
        await pilot.press("enter")  # Done, highlighted once a guess is made
        await settle(pilot)
        assert game.events[-1] == JugglerGuesses(((1, "fanggu"), (3, "witch")), juggler=0)
        assert "1 correct as guessed" in pilot.app.screen.query_one("#log", SidePanel).text("log")
        assert "1 correct as guessed" in pilot.app.screen.query_one("#side", SidePanel).text("step")  # the day's panel
        picker = await opened(pilot, "c")
        await pick_seat(pilot, 3)  # the Savant: sober, no Vortox, one statement true and one false
        assert [label for label, _ in pilot.app.screen.items] == ["One statement true, one false"]
        assert picker is not pilot.app.screen
        await pilot.press(pilot.app.screen.rows[0].key)
        await settle(pilot)
        assert game.events[-1] == SavantVisit(3, True, False)


async def asked_after(pilot: Any, key: str, words: str) -> Pick:
    """``key``, then the picker whose title says ``words``."""
    await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and words in pilot.app.screen.title_text, words)
    return pilot.app.screen


async def test_escape_after_the_jugglers_guesses_asks_whether_to_record_them() -> None:
    """Escape in the player picker ends the list and asks: going back keeps every guess,
    recording records those made; nothing typed is thrown away unasked."""
    game = to_day("juggler", "fanggu", "witch", "savant", "sage")
    made = len(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await opened(pilot, "c")
        await pick_seat(pilot, 0)  # the Juggler declares
        await pick_seat(pilot, 1)
        await type_pick(pilot, "fang")
        await pick_seat(pilot, 2)
        await type_pick(pilot, "witch")
        asked = await asked_after(pilot, "escape", "the list ended with 2 guesses made")  # asked about them
        assert len(game.events) == made
        labels = [label for label, _ in asked.items]
        assert labels[0] == "Record the 2 guesses", labels
        back = next(r.key for r in asked.rows if r.label.startswith("Back"))
        await asked_after(pilot, back, "guess 3 of up to 5")  # back to the list, the guesses kept
        await asked_after(pilot, "escape", "the list ended with 2 guesses made")
        await pilot.press("enter")  # Record, highlighted
        await settle(pilot)
        assert game.events[made:] == [JugglerGuesses(((1, "fanggu"), (2, "witch")), juggler=0)]


@pytest.mark.slow  # the question's other answer; the test above keeps the screen in make test
async def test_escape_after_a_guess_may_throw_it_away_when_asked() -> None:
    game = to_day("juggler", "fanggu", "witch", "savant", "sage")
    made = len(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await opened(pilot, "c")
        await pick_seat(pilot, 0)
        await pick_seat(pilot, 1)
        await type_pick(pilot, "fang")
        asked = await asked_after(pilot, "escape", "1 guess made (2 Ben as the Fang Gu)")
        await pilot.press(next(r.key for r in asked.rows if r.label.startswith("Throw")))
        await settle(pilot)
        assert len(game.events) == made and not isinstance(pilot.app.screen, Pick)


async def test_the_dead_klutz_is_asked_to_choose_before_the_dusk() -> None:
    game = to_day("klutz", "fanggu", "witch", "savant", "sage")
    game.apply(ev.Execute(0))
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        picker = await opened(pilot, "d")
        assert "1 Ann (Klutz) chooses a living player" in picker.title_text
        assert [i.number for i in picker.rows if i.number is not None] == [2, 3, 4, 5]  # not Ann, who is dead
        assert any("before the day ends" in n.message for n in pilot.app._notifications)
        await pick_seat(pilot, 3)
        await until(pilot, lambda: game.state.phase is Phase.NIGHT, "the night, once the choice is made")
        assert ev.Declare(0, "klutz", 3) in game.events


async def test_a_klutz_killed_at_night_is_asked_to_choose_at_dawn() -> None:
    game = to_day("klutz", "nodashii", "witch", "savant", "sage")
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "dawn":
        prompt = game.prompt
        game.answer(0 if prompt.step == "nodashii" else None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    assert not game.state.seats[0].alive
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        picker = await opened(pilot, "n")  # dawn: the day begins with the Klutz's choice
        assert "1 Ann (Klutz) chooses a living player" in picker.title_text
