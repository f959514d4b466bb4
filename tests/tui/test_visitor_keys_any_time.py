"""F, J and X at any moment of the game (at night too, with a word on tonight's order), a
script's own Traveller, Fabled and Loric by keys, and the Fabled placed from the setup screen."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.setup import Row
from grimoire.tui.screens.table import GrimoireScreen
from tests.anyscript.test_duplicates import carnival_game
from tests.anyscript.test_held_by_no_seat import SEATED
from tests.tui.test_setup_any_script import open_carnival

from .helpers import SIZE, notes, settle, type_pick


async def test_at_night_the_keys_act_or_say_why() -> None:
    game = carnival_game()
    game.apply(ev.StartNight())
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen) and screen.game.phase is Phase.NIGHT
        await pilot.press("X")
        await settle(pilot)
        assert notes(pilot.app)[-1] == "There is no Traveller at the table."
        await pilot.press("F")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)
        assert "Patron (Fabled, this script's)" in [label for label, _ in pilot.app.screen.items]
        await type_pick(pilot, "Patron")
        await settle(pilot)
        assert screen.game.state.fabled == ("patron",)
        assert "next night" in notes(pilot.app)[-1]
        await pilot.press("J")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)
        assert [label for label, _ in pilot.app.screen.items] == ["Barker (this script's)"]
        await pilot.press("escape")
        await settle(pilot)
        assert screen.game.phase is Phase.NIGHT


@pytest.mark.slow
async def test_the_setup_screen_places_fabled_and_seats_a_scripts_traveller() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_carnival(pilot)
        for row, character in zip(screen.rows, SEATED[:5] + ("pickpocket", "lionmaw")):
            row.character = character
        screen.rows.append(Row("Tia", traveller=True))
        screen.refresh_view()
        screen.query_one("#setup-players").highlighted = 7
        await pilot.press("c")
        await pilot.pause()
        await type_pick(pilot, "Barker")
        assert screen.rows[7].character == "barker"
        await pilot.press("F")
        await pilot.pause()
        await type_pick(pilot, "Patron")
        assert screen.fabled == ["patron"]
        assert "Fabled & Loric (F): Patron" in str(screen.query_one("#setup-options").render())
        await pilot.press("ctrl+s")
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen), notes(pilot.app)
        assert table.game.state.fabled == ("patron",) and isinstance(table.game.events[0], ev.PlaceFabled)
        assert table.game.state.seats[7].character == "barker"
