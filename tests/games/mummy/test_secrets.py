"""Pilot: nothing on screen depends on a card its player has not shown, and every screen handed
to a player starts clean (no notice, log line or screen of anyone else shows)."""

from __future__ import annotations

from typing import Any

import pytest
from pilot_keys import type_text
from terminal_text import terminal_text
from textual.widgets import Select

from grimoire.games import persist
from grimoire.games.mummy import save
from grimoire.games.mummy.dance import DanceScreen
from grimoire.games.mummy.screen import MummyScreen
from grimoire.games.mummy.table import TableScreen
from grimoire.tui.app import GrimoireApp

from ..helpers import SIZE, settle
from .pilot import game_of, guests_shown, log_shown, open_table, seats_shown

GATE = "Pass the laptop to"
FOUR = ("Ann", "Ben", "Cy", "Di")
# Ben is the Picture of Dorian Gray; the Magic Mirror waits face-down in the middle.
DORIAN = game_of(FOUR, ("mummy", "dorian_gray", "sarcophagus", "gargoyle"), ("magic_mirror", "sasquatch"))


async def ann_dances_with_ben(pilot: Any) -> DanceScreen:
    # Ann (her turn) asks Ben; Ann confirms alone; Ben accepts alone; the dancers open the dance.
    await pilot.press("d", "enter", "enter", "y", "enter", "a", "enter")
    await pilot.pause()
    dance = pilot.app.screen
    assert isinstance(dance, DanceScreen)
    return dance


@pytest.mark.slow  # DorianScreen: test_y_and_the_partner_…
async def test_after_the_swap_both_dancers_see_the_picture_of_dorian_gray() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, DORIAN)
        await ann_dances_with_ben(pilot)
        await pilot.press("y", "down", "enter")  # Ben shows his face
        await pilot.pause()
        assert GATE + " BEN" in terminal_text(app)
        await pilot.press("enter", "enter")  # alone, Ben takes Mystery Guest 1
        await pilot.pause()
        assert "From now on you are" in terminal_text(app) and "The Magic Mirror" in terminal_text(app)
        await pilot.press("enter")  # hidden; the laptop goes back to both dancers
        await pilot.pause()
        assert GATE + " ANN AND BEN" in terminal_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = terminal_text(app)
        assert "Ben shows: The Picture of Dorian Gray" in text
        assert "Magic Mirror" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert table.game.guest(1).id == "magic_mirror"


async def test_y_and_the_partner_tells_nothing_about_either_card() -> None:
    """Whoever is named, the screens look the same until that player alone has the laptop."""
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, DORIAN)
        await ann_dances_with_ben(pilot)
        seen = []
        for keys in (("y", "enter"), ("y", "down", "enter")):  # Ann (the Mummy), then Ben
            await pilot.press(*keys)
            await pilot.pause()
            text = terminal_text(app)
            assert not app._notifications
            assert "Mystery Guest" not in text and not guests_shown(text)
            seen.append(text.replace("ANN", "X").replace("Ann", "X").replace("BEN", "X").replace("Ben", "X"))
            await pilot.press("escape")  # nobody looked: straight back to the dancers
            await pilot.pause()
            assert GATE + " ANN AND BEN" in terminal_text(app)
            await pilot.press("enter")
            await pilot.pause()
        assert seen[0] == seen[1]
        # Ann, alone, learns only that she cannot; the dance is handed back unchanged.
        await pilot.press("y", "enter", "enter")
        await pilot.pause()
        assert "Only the Picture of Dorian Gray" in terminal_text(app)
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert not app._notifications
        assert "Ben shows: the back of the card" in terminal_text(app)
        assert table.game.guest(1).id == "dorian_gray"


async def test_the_sarcophagus_notice_is_gone_before_the_dance_is_handed_over() -> None:
    game = game_of(FOUR, ("mummy", "gargoyle", "sarcophagus", "archeologist"), ("sasquatch", "anubis"), turn=3)
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, game)
        # Di asks Cy; Cy, alone, tries to refuse.
        await pilot.press("d", "down", "down", "enter", "enter", "y", "enter", "r")
        await pilot.pause()
        assert "It must accept all dance requests" in terminal_text(app)
        assert not app._notifications  # on Cy's screen, not in a toast above every screen
        await pilot.press("a")
        await pilot.pause()
        text = terminal_text(app)
        assert GATE + " DI AND CY" in text
        assert not app._notifications and "must accept" not in text and not guests_shown(text)


# The seed's Phantom example: Ann, the Phantom, places every card right and wins.
PHANTOM = game_of(("Ann", "Ben", "Cy", "Di", "Ed"), ("phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar"),
                  ("gargoyle", "sasquatch"))


@pytest.mark.slow
async def test_an_undone_win_takes_every_card_it_named_out_of_the_log() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, PHANTOM)
        await pilot.press("a", "enter", "enter")  # Ann accuses on her turn and reveals her card
        await pilot.pause()
        for seat, card in {1: "mummy", 2: "sarcophagus", 3: "archeologist", 4: "cat_burglar"}.items():
            app.screen.query_one(f"#card-{seat}", Select).value = card
        await pilot.press("ctrl+r", "enter")  # every whisper a Yes; back to the table
        await pilot.pause()
        assert table.game.winner == 0
        assert "Ben — The Mummy" in log_shown(table) and "Mystery Guest 1 — The Gargoyle" in log_shown(table)
        await pilot.press("u")  # a mistake at the table: the accusation is taken back
        await pilot.pause()
        assert table.game.winner is None and not table.game.revealed
        assert seats_shown(table).count("face-down") == 7 and not guests_shown(seats_shown(table))
        assert not guests_shown(log_shown(table)), log_shown(table)
        assert "Undone" in log_shown(table)
        await settle(app)
        assert not guests_shown(" ".join(persist.load_saved(save.AUTOSAVE).state.log))


async def test_an_accuser_out_of_turn_without_the_ability_shows_nothing() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, game_of(PHANTOM.setup.players, PHANTOM.setup.dealt, PHANTOM.setup.mystery, turn=3))
        # Di asks Ben (the Mummy) "are you the Phantom of the Museum?": he whispers No.
        await pilot.press("i", "down", "enter", "enter", "enter", "enter", "enter", "enter")
        await pilot.pause()
        assert table.game.turn == 4
        # Ben might be the Phantom, so he may try to accuse out of turn: he learns alone he cannot.
        await pilot.press("a", "down", "enter")
        await pilot.pause()
        text = terminal_text(app)
        assert GATE + " BEN" in text and not guests_shown(text), text
        await pilot.press("enter")
        await pilot.pause()
        assert "You may not" in terminal_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and not app._notifications
        assert not table.game.revealed and "Ben — face-down" in seats_shown(table)
        assert "The Mummy" not in log_shown(table) and "Ben does not accuse after all." in log_shown(table)


@pytest.mark.slow  # MayScreen: test_an_accuser_out_of_turn_…
async def test_a_refused_player_who_is_not_the_statue_of_anubis_learns_it_alone() -> None:
    game = game_of(("Ann", "Ben", "Cy", "Di", "Ed"), ("mummy", "anubis", "sasquatch", "archeologist", "gargoyle"),
                   ("sarcophagus", "dorian_gray"))
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, game)
        await pilot.press("d", "down", "enter", "enter", "y", "enter", "r")  # Ann asks Cy, who refuses
        await pilot.pause()
        assert table.game.refused == (0, 2)
        # Ann might be the Statue of Anubis, so she is asked at once: she learns alone she is not.
        text = terminal_text(app)
        assert GATE + " ANN" in text and not guests_shown(text), text
        await pilot.press("escape")  # the gate is the same for the Statue, who may not leave it
        await pilot.pause()
        assert GATE + " ANN" in terminal_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Only the Statue of Anubis" in terminal_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and not app._notifications
        assert not table.game.revealed and "Ann — face-down" in seats_shown(table)
        assert "The Mummy" not in log_shown(table) and "Ann reveals no Mystery Guest." in log_shown(table)


class Table:
    """Plays by keys and checks every screen handed to a player as it appears."""

    def __init__(self, pilot: Any) -> None:
        self.pilot = pilot
        self.gates = 0

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            await self.pilot.pause()
            self.check()

    def check(self) -> None:
        app = self.pilot.app
        text = terminal_text(app)
        if GATE in text:
            self.gates += 1
            assert not app._notifications, (text, [n.message for n in app._notifications])
            assert not guests_shown(text), text
            assert "Seats" not in text and "asks" not in text  # nothing of the table shows through


@pytest.mark.slow  # a whole game's screens; each keeps a quicker test here
@pytest.mark.long
async def test_every_screen_handed_to_a_player_starts_clean() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MummyScreen)
        t = Table(pilot)
        await t.press("p")
        await type_text(pilot, "Ann, Ben, Cy, Di, Ed")  # the names' field: no screen for a player
        t.check()
        await t.press("enter", "r")
        app.notify("The Gargoyle is Ben", title="A notice about someone")
        await t.press("d", *["enter"] * 11)  # the whole deal
        assert t.gates == 5
        assert "Who goes first?" in terminal_text(app)
    game = game_of(("Ann", "Ben", "Cy", "Di", "Ed"),
                   ("gargoyle", "dorian_gray", "sarcophagus", "sasquatch", "mummy"), ("magic_mirror", "phantom"))
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, game)
        t = Table(pilot)
        # Ann asks Ben "are you the Picture of Dorian Gray?": Ben's gate, then Ann's.
        app.notify("Ann's private hunch", severity="warning")
        await t.press("i", "enter", *["down"] * 8, "enter", "enter", "enter", "enter", "enter")
        assert table.game.turn == 1
        # Ben, the Picture, may not ask for a dance: he reads why alone and withdraws; he inquires.
        await t.press("d", "enter", "enter", "escape")
        await t.press("i", "down", "enter", "enter", "enter", "enter", "enter", "enter")
        assert table.game.turn == 2
        # Cy asks Di (his neighbour): the Sasquatch shows his face and looks at a Mystery Guest;
        # then Ann, the Gargoyle, joins the dance.
        await t.press("d", "down", "down", "enter", "enter", "y", "enter", "a", "enter")
        assert "Di shows: The Sasquatch" in terminal_text(app)
        await t.press("s", "enter", "enter", "enter", "enter")
        assert table.game.last_dance is not None and table.game.last_dance.looked == {3}
        await t.press("j", "enter", "enter", "y", "enter")
        assert "Ann shows: The Gargoyle" in terminal_text(app)
        await t.press("escape")
        assert table.game.turn == 3
        assert table.game.last_dance is not None
        assert table.game.last_dance.dancers == (2, 3, 0) and table.game.last_dance.looked == {3}
        # Di asks Cy, the Sarcophagus, who tries to refuse.
        await t.press("d", "down", "down", "enter", "enter", "y", "enter", "r", "a", "enter", "escape")
        # Ed asks Ben, who swaps as the Picture of Dorian Gray.
        await t.press("d", "down", "enter", "enter", "y", "enter", "a", "enter")
        await t.press("y", "down", "enter", "enter", "enter", "enter", "enter", "escape")
        assert table.game.guest(1).id == "magic_mirror"
        # Anyone looks at their card, or their grid, after a notice on the table.
        app.notify("Ed thinks Cy is the Mummy")
        await t.press("c", "down", "down", "enter", "enter", "enter")
        app.notify("Ed thinks Cy is the Mummy")
        await t.press("g", "enter", "enter", "escape")
        assert isinstance(app.screen, TableScreen)
        assert t.gates >= 20
