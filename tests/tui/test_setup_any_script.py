"""The setup screen with a script other than the Phantom's: what its characters allow."""

from __future__ import annotations

import pytest

from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.setup import SetupScreen
from tests.anyscript.test_duplicates import CARNIVAL, NAMES
from tests.anyscript.test_held_by_no_seat import SEATED

from .helpers import SIZE, type_pick


async def open_carnival(pilot) -> SetupScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    pilot.app.push_screen(SetupScreen(seed=1, names=NAMES, script=str(CARNIVAL)))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    screen.query_one("#setup-players").focus()
    return screen


@pytest.mark.slow
async def test_a_duplicating_character_is_given_to_a_second_player_without_leaving_the_first() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_carnival(pilot)
        for row in (0, 1):
            screen.query_one("#setup-players").highlighted = row
            await pilot.press("c")
            await pilot.pause()
            await type_pick(pilot, "Clown")
        assert [r.character for r in screen.rows[:2]] == ["clown", "clown"]
        for row in (2, 3):
            screen.query_one("#setup-players").highlighted = row
            await pilot.press("c")
            await pilot.pause()
            await type_pick(pilot, "Juggler")
        assert [r.character for r in screen.rows[2:4]] == [None, "juggler"]  # any other moves


@pytest.mark.slow
async def test_a_demon_held_by_no_seat_is_put_in_play_for_the_table() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_carnival(pilot)
        for row, character in zip(screen.rows, SEATED):
            row.character = character
        screen.refresh_view()
        assert "Not ready" in str(screen.query_one("#setup-problems").render())
        await pilot.press("c")
        await pilot.pause()
        await type_pick(pilot, "Cradlewyrm")
        assert screen.unseated == ["cradlewyrm"] and screen.rows[0].character == "juggler"
        counts = str(screen.query_one("#setup-counts").render())
        assert "held by no seat: Cradlewyrm" in counts and "Needed: 5 Townsfolk, 0 Outsiders, 2 Minions, 0 Demons" in counts
        assert "Ready" in str(screen.query_one("#setup-problems").render())
        assert screen.table().unseated == ("cradlewyrm",)


@pytest.mark.slow
async def test_the_scripts_own_rules_are_on_the_setup_screen_and_in_the_grimoires_help() -> None:
    from grimoire.core import events as ev
    from grimoire.tui.screens.modals import KeysHelp
    from tests.anyscript.test_duplicates import carnival_game
    from tests.anyscript.test_script_rules import RULE

    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_carnival(pilot)
        assert RULE in str(screen.query_one("#setup-rules").render())  # as written: no markup of its own
    game = carnival_game()
    game.apply(ev.StartNight())
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, KeysHelp)
        text = str(pilot.app.screen.query_one("#help-text").render())
        assert "The script's own rules" in text and RULE in text


async def test_escape_asks_before_dropping_a_setup() -> None:
    from grimoire.tui.screens.modals import Pick

    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_carnival(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)  # asked, not dropped
        await type_pick(pilot, "Stay")
        assert pilot.app.screen is screen and len(screen.rows) == 7
        await pilot.press("escape")
        await pilot.pause()
        await type_pick(pilot, "Leave")
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "StartScreen"
