"""Pilot: the table tracks whose turn it is, tells the asker the answer, keeps the grids filled
and fitting, turns every card up at the end, and keeps its log (whole, and across a resume)."""

from __future__ import annotations

import pytest
from terminal_text import terminal_text
from textual.widgets import DataTable, Select

from grimoire.games import persist
from grimoire.games.mummy import rules, save
from grimoire.games.mummy.accuse import AccusationScreen
from grimoire.games.mummy.grid_screen import GridScreen
from grimoire.games.mummy.modals import AskScreen, PickScreen
from grimoire.games.mummy.table import TableScreen
from grimoire.tui.app import GrimoireApp

from ..helpers import SIZE, opened, settle, write_autosave
from .pilot import GUEST_NAMES, game_of, open_table
from .test_save import FORMAT_1

FIVE = ("Ann", "Ben", "Cy", "Di", "Ed")
DEALT = ("phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar")
MYSTERY = ("gargoyle", "sasquatch")


def phantom() -> rules.MasqueradeGame:
    return game_of(FIVE, DEALT, MYSTERY)


def seats_text(table: TableScreen) -> str:
    return str(table.query_one("#mummy-seats").render())


@pytest.mark.slow
async def test_the_turn_goes_clockwise_and_others_cannot_act() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, phantom())
        assert "▶1. Ann" in seats_text(table) and "Ann's turn" in terminal_text(app)
        # The inquirer is whoever's turn it is: the first question is whom to ask.
        await pilot.press("i")
        await pilot.pause()
        assert "Ann inquires of" in terminal_text(app)
        await pilot.press("enter", "enter", "enter", "enter", "enter", "enter")
        await pilot.pause()
        assert table.game.turn == 1 and "▶2. Ben" in seats_text(table)
        assert "It is Ben's turn." in table.party.log
        # Ben asks Ed (the Cat Burglar), who refuses.
        await pilot.press("d", "down", "down", "down", "enter", "enter", "y", "enter", "r")
        await pilot.pause()
        assert table.game.must_inquire
        await pilot.press("d")  # "(not a dance request)": said, not silently ignored
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert any("Ben was refused a dance" in n.message for n in app._notifications)
        # After a refusal Ben inquires of someone else: nobody may accuse.
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert any("not a dance request" in n.message for n in app._notifications)


@pytest.mark.slow
async def test_only_the_player_whose_turn_it_is_or_a_reveal_to_ability_accuses() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, game_of(FIVE, DEALT, MYSTERY, turn=3))
        # Di asks Ann (the Phantom) "are you the Gargoyle?": Ann whispers No.
        await pilot.press("i", "enter", *["down"] * 5, "enter", "enter", "enter", "enter", "enter")
        await pilot.pause()
        assert table.game.turn == 4
        await pilot.press("a")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickScreen)
        labels = [label for label, _ in picker._choices]
        assert labels == ["Ed", "Ann (out of turn: a reveal-to ability)"]
        await pilot.press("down", "enter", "enter", "y")  # Ann, alone, may: she reveals the Phantom
        await pilot.pause()
        accuse = app.screen
        assert isinstance(accuse, AccusationScreen) and accuse.mode == "phantom"
        accuse.query_one("#target", Select).value = 3
        accuse.query_one("#single-card", Select).value = "archeologist"
        await pilot.press("ctrl+r", "enter")
        await pilot.pause()
        assert table.game.winner == 0


@pytest.mark.slow  # an inquiry's gate: test_screens.py's test_inquiry_answer_only_after_the_gate
async def test_the_asker_reads_the_answer_alone() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, phantom())
        # Ann asks Cy (the Sarcophagus) "are you the Gargoyle?"
        await pilot.press("i", "down", "enter", *["down"] * 5, "enter", "enter", "enter")
        await pilot.pause()
        text = terminal_text(app)
        assert "Pass the laptop to ANN" in text and "YES" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert "The whisper: YES" in terminal_text(app)


@pytest.mark.slow
async def test_revealed_guests_are_in_the_grid() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, phantom())
        table.game = rules.reveal(table.game, 2)  # Cy: the Sarcophagus, face-up
        await pilot.press("g", "enter", "enter")
        await pilot.pause()
        grid_screen = app.screen
        assert isinstance(grid_screen, GridScreen)
        grid = grid_screen.grid
        assert grid.at(grid.rows.index(2), grid.columns.index("sarcophagus")) == "o"
        await pilot.press("escape")
        await pilot.pause()
        await settle(app)
        saved = persist.load(save.KEY, save.FORMAT, save.from_dict)
        assert saved.grids == (table.grids[0],)


EIGHT = ("Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
NINE = ("mummy", "archeologist", "cat_burglar", "sarcophagus", "sasquatch", "gargoyle", "anubis",
        "magic_mirror", "dorian_gray")


# The second size: make test-deep's.
@pytest.mark.parametrize("size", [(80, 24), pytest.param((140, 45), marks=pytest.mark.slow)])
async def test_the_whole_grid_fits(size: tuple[int, int]) -> None:
    game = game_of(EIGHT, NINE[:8], NINE[8:])
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=size) as pilot:
        await open_table(pilot, game)
        # Another dialog's styles, loaded after the grid's, must not narrow it.
        await pilot.press("g", "enter", "escape", "question_mark", "escape")
        await pilot.press("g", "enter", "enter")
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one("#grid", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert table.virtual_size.height <= table.scrollable_content_region.height
        text = terminal_text(app)
        assert "Mystery Guest 1" in text and "Hal" in text  # the last row
        last = "Dorian" if size[0] > 100 else "Dor"
        assert last in text.split("Mummy")[-1]  # the last column's header, on screen


@pytest.mark.slow  # a game played to its end
async def test_every_card_is_face_up_at_the_end() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, phantom())
        await pilot.press("a", "enter", "enter")
        await pilot.pause()
        accuse = app.screen
        for seat, card in {1: "mummy", 2: "sarcophagus", 3: "archeologist", 4: "cat_burglar"}.items():
            accuse.query_one(f"#card-{seat}", Select).value = card
        await pilot.press("ctrl+r", "enter")
        await pilot.pause()
        assert table.game.winner == 0
        seats = seats_text(table)
        for name in ("The Mummy", "The Sarcophagus", "The Archeologist", "The Cat Burglar",
                     "The Gargoyle", "The Sasquatch"):
            assert name in seats
        assert any("Ben — The Mummy" in line for line in table.party.log)


@pytest.mark.slow
async def test_a_revealed_guests_card_is_not_offered() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, phantom())
        table.game = rules.reveal(table.game, 2)
        await pilot.press("a", "enter", "enter")
        await pilot.pause()
        accuse = app.screen
        assert isinstance(accuse, AccusationScreen)
        offered = {value for _, value in accuse.query_one("#card-1", Select)._options}
        assert "sarcophagus" not in offered and "mummy" in offered


@pytest.mark.slow
async def test_the_log_and_the_grids_survive_a_resume() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, phantom())
        await pilot.press("i", "enter", "enter", "enter", "enter", "enter", "enter")
        await pilot.press("g", "down", "enter", "enter", "right", "x", "escape")  # Ben's grid
        await pilot.pause()
        log, grids = table.party.log, table.party.grids
        assert any("Ann asks Ben" in line for line in log) and grids[0].owner == 1
        await settle(app)
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, AskScreen)
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.party.log[: len(log)] == log
        assert table.party.log[-1] == "The game in progress is resumed."
        assert table.grids[1] == grids[0]
        assert "Ann asks Ben: are you The Phantom of the Museum?" in terminal_text(app)


async def test_an_older_save_resumes_and_asks_whose_turn_it_is() -> None:
    write_autosave(save.KEY, FORMAT_1.encode())
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert "Whose turn is it?" in terminal_text(app)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.game.turn == 2


# The second size: make test-deep's.
@pytest.mark.parametrize("size", [(80, 24), pytest.param((140, 45), marks=pytest.mark.slow)])
async def test_the_log_loses_no_character(size: tuple[int, int]) -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=size) as pilot:
        table = await open_table(pilot, phantom())
        words = [f"w{k:02d}x" for k in range(40)]
        table._say(" ".join(words))
        table._say("abcdefghij" * 12)
        await pilot.pause()
        text = terminal_text(app)
        assert all(word in text for word in words)
        # The unbroken line wraps; all of it is on screen.
        log_rows = [line.split("│")[-2] for line in text.splitlines() if line.count("│") >= 2]
        assert "".join(row.strip() for row in log_rows).count("abcdefghij") >= 12
        await pilot.resize_terminal(size[0] - 20, size[1])  # narrower: wrapped again
        await pilot.pause()
        text = terminal_text(app)
        assert all(word in text for word in words)


def test_the_players_names_are_not_guest_names() -> None:
    # The tests above look for guest names on screen; a player named like one would fool them.
    assert not any(guest in " ".join(FIVE + EIGHT) for guest in GUEST_NAMES)


@pytest.mark.slow
async def test_no_reveal_to_accuser_is_offered_without_the_guests_who_have_one() -> None:
    # Neither the Phantom nor the Cat Burglar is in this game: nobody may accuse out of turn.
    dealt = ("anubis", "mummy", "sasquatch", "archeologist", "gargoyle")
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, game_of(FIVE, dealt, ("sarcophagus", "dorian_gray")))
        # Ann asks Cy "are you the Mummy?"; then Ben asks Di (the Archeologist) to dance.
        await pilot.press("i", "down", "enter", "enter", "enter", "enter", "enter", "enter")
        await pilot.pause()
        assert table.game.turn == 1
        await pilot.press("a")
        await pilot.pause()
        assert [label for label, _ in app.screen._choices] == ["Ben"]
        await pilot.press("escape")
        await pilot.press("d", "down", "down", "enter", "enter", "y", "enter", "a", "enter", "escape")
        await pilot.pause()
        assert table.game.turn == 2
        await pilot.press("a")
        await pilot.pause()
        assert [label for label, _ in app.screen._choices] == ["Cy"]
