"""Pilot: every ability the app holds can be used, each by its own player in private."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from terminal_text import terminal_text

from grimoire.games.mummy.accuse import AccusationScreen
from grimoire.games.mummy.dance import DanceScreen
from grimoire.games.mummy.modals import PickScreen
from grimoire.games.mummy.table import TableScreen
from grimoire.tui.app import GrimoireApp

from ..helpers import SIZE
from .pilot import game_of, guests_shown, open_table

FIVE = ("Ann", "Ben", "Cy", "Di", "Ed")
# Di is the Sasquatch, between Cy and Ed (the Gargoyle).
GAME = game_of(FIVE, ("mummy", "archeologist", "cat_burglar", "sasquatch", "gargoyle"), ("sarcophagus", "phantom"))


async def dance(pilot: Any, partner_downs: int) -> DanceScreen:
    """The player whose turn it is asks the partner (so many rows down the list); both open it."""
    await pilot.press("d", *["down"] * partner_downs, "enter", "enter", "y", "enter", "a", "enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, DanceScreen) and screen.opened
    return screen


async def test_the_sasquatch_showing_his_face_looks_at_a_mystery_guest() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, game_of(FIVE, GAME.setup.dealt, GAME.setup.mystery, turn=2))
        screen = await dance(pilot, 2)  # Cy asks Di, his neighbour: the Sasquatch shows his face
        assert "Di shows: The Sasquatch" in terminal_text(app)
        assert screen.check_action("sasquatch", ())
        await pilot.press("s")  # only one Sasquatch shows his face: straight to his gate
        await pilot.pause()
        text = terminal_text(app)
        assert "Pass the laptop to DI" in text and not guests_shown(text)
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert "Mystery Guest 2 is:" in terminal_text(app) and "The Phantom of the Museum" in terminal_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Pass the laptop to CY AND DI" in terminal_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.check_action("sasquatch", ())  # one look per dance
        assert "may look at a Mystery Guest: s" not in terminal_text(app)  # nor offered
        await pilot.press("escape")
        await pilot.pause()
        assert table.game.last_dance is not None and table.game.last_dance.looked == {3}


@pytest.mark.slow
async def test_a_hidden_sasquatch_has_no_look() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, GAME)
        screen = await dance(pilot, 2)  # Ann asks Di: not his neighbour, he hides
        assert "Di shows: the back of the card" in terminal_text(app)
        assert not screen.check_action("sasquatch", ())
        assert "may look at a Mystery Guest: s" not in terminal_text(app)


@pytest.mark.slow  # the two abilities' own tests are make test's
async def test_the_gargoyle_joins_and_his_neighbour_the_sasquatch_shows_his_face() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, GAME)
        screen = await dance(pilot, 2)  # Ann asks Di, who hides
        await pilot.press("j", "down", "down", "enter")  # Ed says he joins
        await pilot.pause()
        assert "Pass the laptop to ED" in terminal_text(app)
        await pilot.press("enter", "y")
        await pilot.pause()
        assert "Pass the laptop to ANN, DI AND ED" in terminal_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = terminal_text(app)
        assert "Di shows: The Sasquatch" in text and "Ed shows: The Gargoyle" in text
        assert screen.check_action("sasquatch", ()) and not screen.check_action("gargoyle", ())
        await pilot.press("escape")
        await pilot.pause()
        assert table.game.last_dance is not None and table.game.last_dance.dancers == (0, 3, 4)
        # The others had their eyes closed: nothing on the table shows that Ed joined.
        assert "Ed" not in "\n".join(table.party.log[-3:])
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        assert [seat for _, seat in app.screen._choices] == [1, 0, 3]  # Ben's turn; the two dancers


async def test_a_player_who_is_not_the_gargoyle_cannot_join() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, GAME)
        await dance(pilot, 2)
        await pilot.press("j", "enter", "enter")  # Ben, alone
        await pilot.pause()
        assert "You cannot join this dance" in terminal_text(app)
        await pilot.press("y", "escape")  # y does nothing for him
        await pilot.pause()
        assert "Pass the laptop to ANN AND DI" in terminal_text(app)
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert table.game.last_dance is not None and table.game.last_dance.dancers == (0, 3)


@pytest.mark.slow  # SecretScreen: test_secrets.py
async def test_a_player_looks_at_their_own_card_again() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, GAME)
        await pilot.press("c", "down", "down", "enter")  # Cy
        await pilot.pause()
        text = terminal_text(app)
        assert "Pass the laptop to CY" in text and not guests_shown(text)
        await pilot.press("enter")
        await pilot.pause()
        assert "Cy, you are:" in terminal_text(app) and "The Cat Burglar" in terminal_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        seats = str(app.screen.query_one("#mummy-seats").render())
        assert not guests_shown(seats)


@pytest.mark.slow
async def test_the_statue_of_anubis_refused_reveals_a_mystery_guest_then_accuses() -> None:
    game = game_of(FIVE, ("anubis", "mummy", "sasquatch", "archeologist", "gargoyle"), ("sarcophagus", "dorian_gray"))
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, game)
        await pilot.press("d", "down", "enter", "enter", "y", "enter", "r")  # Ann asks Cy, who refuses
        await pilot.press("enter")  # Ann, asked alone at once, learns she must
        await pilot.pause()
        assert "You are the Statue of Anubis" in terminal_text(app)
        await pilot.press("y")  # she shows her card to everyone
        await pilot.pause()
        assert 0 in table.game.revealed and "Ann reveals: The Statue of Anubis." in table.party.log
        await pilot.press("enter")  # Mystery Guest 1
        await pilot.pause()
        assert table.game.mystery_revealed == {0} and table.game.anubis_accuses == 0
        assert isinstance(app.screen, AccusationScreen) and app.screen.accuser == 0


@pytest.mark.parametrize("size", [(80, 24), pytest.param(SIZE, marks=pytest.mark.slow)])
async def test_the_refused_statue_of_anubis_cannot_leave_his_must(size: tuple[int, int]) -> None:
    game = game_of(FIVE, ("anubis", "mummy", "sasquatch", "archeologist", "gargoyle"), ("sarcophagus", "dorian_gray"))
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=size) as pilot:
        table = await open_table(pilot, game)
        await pilot.press("d", "down", "enter", "enter", "y", "enter", "r")  # Ann asks Cy, who refuses
        await pilot.pause()
        await pilot.press("i", "escape")  # neither an inquiry nor a way out, at the gate …
        await pilot.pause()
        assert "Pass the laptop to ANN" in terminal_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "you must reveal your card" in terminal_text(app)
        await pilot.press("escape", "i")  # … nor once she has read it
        await pilot.pause()
        assert "you must reveal your card" in terminal_text(app) and not table.game.revealed
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("escape")  # the Mystery Guest must be chosen
        await pilot.pause()
        assert isinstance(app.screen, PickScreen) and table.game.revealed == {0}
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AccusationScreen) and app.screen.accuser == 0
        await pilot.press("escape")  # and the accusation made
        await pilot.pause()
        assert isinstance(app.screen, AccusationScreen)
        assert table.game.anubis_owes == 0 and table.game.mystery_revealed == {0}


@pytest.mark.parametrize("size", [(80, 24), pytest.param(SIZE, marks=pytest.mark.slow)])
async def test_a_game_resumed_after_a_refusal_asks_the_statue_of_anubis_first(size: tuple[int, int]) -> None:
    game = game_of(FIVE, ("anubis", "mummy", "sasquatch", "archeologist", "gargoyle"), ("sarcophagus", "dorian_gray"))
    refused = attrs.evolve(game, refused=(0, 2))  # the app stopped right after Cy refused Ann
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=size) as pilot:
        table = await open_table(pilot, refused, resumed=True)
        await pilot.press("i")  # no inquiry first: Ann is asked alone
        await pilot.pause()
        assert "Pass the laptop to ANN" in terminal_text(app)
        await pilot.press("enter", "y", "enter")
        await pilot.pause()
        assert isinstance(app.screen, AccusationScreen) and table.game.anubis_accuses == 0
