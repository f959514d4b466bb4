"""Keys that answer nothing say so. The Enter typed after a choice made by its letter ends that
choice and answers nothing else (grimoire.tui.guard), however long after it comes: played by
keys, the Enter for the night's first step after 'e' (execute, then the night) did nothing and
said nothing; it now says why, and the next Enter goes on. A seat number at a step that asks
for no seat (the dusk) did nothing unsaid too."""

from __future__ import annotations

from pilot_keys import until

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick

from .helpers import SIZE, first_night, settle
from .test_table_keys import day_game


async def test_the_enter_a_letters_choice_took_says_so_and_the_next_goes_on() -> None:
    game = day_game()
    game.apply(ev.Nominate(1, 7))
    game.apply(ev.Vote(7, (0, 1, 2, 3, 4)))
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")  # someone is on the block: execute them first?
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "the question of the execution")
        await pilot.press("e")  # yes, by its letter: the execution, then the night
        await settle(pilot)
        assert game.state.phase is Phase.NIGHT and game.prompt is not None and game.prompt.step == "dusk"
        await pilot.press("enter")  # the letter's end: nothing answered...
        await settle(pilot)
        assert game.prompt.step == "dusk"
        said = [n.message for n in pilot.app._notifications]
        assert any("That Enter ended the choice made by its letter" in m for m in said), said  # ...but said
        await pilot.press("enter")
        await settle(pilot)
        assert game.prompt is not None and game.prompt.step != "dusk"  # the night goes on


async def test_a_seat_number_at_a_step_that_asks_none_says_so() -> None:
    game = first_night()
    assert game.prompt is not None and game.prompt.step == "dusk"
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("7")
        await settle(pilot)
        said = [n.message for n in pilot.app._notifications]
        assert any("asks for no seat" in m for m in said), said
        assert game.prompt.step == "dusk"
