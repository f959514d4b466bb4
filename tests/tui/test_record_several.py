"""i notes what a player chose and was shown, as often as the step needs; n records it all."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import AskText
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.side import SidePanel
from tests.anyscript.test_duplicates import carnival_game
from tests.pilot_keys import type_text

from .helpers import SIZE, pick_seat, settle, type_pick


@pytest.mark.slow  # its pickers at a step: test_told.py
async def test_a_choice_and_what_was_shown_at_one_step() -> None:
    game = carnival_game()
    game.apply(ev.StartNight())
    while game.prompt.step != "juggler":
        game.answer(None)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        before = len(screen.game.events)
        await pilot.press("i")
        await pilot.pause()
        await type_pick(pilot, "chose")
        await pick_seat(pilot, 2)
        await pilot.press("enter", "enter")  # the first ends Cat's number; the second says Done
        await settle(pilot)
        await pilot.press("i")
        await pilot.pause()
        await pilot.press("o")  # Words (free text), by its own key: [w] is "They were shown"
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskText)
        await type_text(pilot, "3")
        await pilot.press("enter")
        await settle(pilot)
        assert len(screen.game.events) == before
        assert "To record: chose 3 Cat and was shown “3”" in screen.query_one("#side", SidePanel).text("step")
        await pilot.press("n")
        await settle(pilot)
        answer = screen.game.events[-1]
        assert isinstance(answer, ev.Answer) and answer.step == "juggler"
        assert answer.value == [["chose", 2], ["text", "3"]]
