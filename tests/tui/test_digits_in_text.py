"""Digits typed into a text field are text: every field of the grimoire keeps a text with
digits whole (a path, a name, a note). Seat-number keys act only where seats are on offer."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pilot_keys import type_text, until
from textual.widgets import Input

from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store.saves import save_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import AskText, Pick
from grimoire.tui.screens.seat_card import SeatCardScreen
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.table import GrimoireScreen
from tests.official.conftest import official  # noqa: F401

from .helpers import SIZE, first_night, notes, pick_seat, settle, type_pick
from .test_setup_keys import open_setup

HARBOUR = Path(__file__).resolve().parents[2] / "examples" / "scripts" / "harbour_lights.json"


def field(app: GrimoireApp) -> Input:
    return app.screen.query_one(Input)


@pytest.mark.slow
async def test_a_script_path_typed_into_which_script_is_kept_whole(tmp_path: Path) -> None:
    script = tmp_path / "scripts" / "hl2024.json"
    script.parent.mkdir()
    shutil.copy(HARBOUR, script)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, "Ann")
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)
        await type_text(pilot, str(script))  # no seat is on offer: the digits are the path's
        assert field(pilot.app).value == str(script)
        assert not [n for n in notes(pilot.app) if "Seat" in n]
        await pilot.press("enter")  # nothing else matches: "Another script file", with the path
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskText)
        assert field(pilot.app).value == str(script)
        await pilot.press("enter")
        await until(pilot, lambda: pilot.app.screen is screen, "the setup screen")
        assert screen.script_ref == str(script.resolve())


@pytest.mark.slow
async def test_the_script_file_path_asked_for_keeps_its_digits(tmp_path: Path) -> None:
    script = tmp_path / "2024" / "hl2.json"
    script.parent.mkdir()
    shutil.copy(HARBOUR, script)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, "Ann")
        await pilot.press("S")
        await pilot.pause()
        await pilot.press("up", "enter")  # the last row: another script file
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskText) and field(pilot.app).value == ""
        await type_text(pilot, str(script))
        assert field(pilot.app).value == str(script)
        await pilot.press("enter")
        await until(pilot, lambda: pilot.app.screen is screen, "the setup screen")
        assert screen.script_ref == str(script.resolve())


async def test_setup_names_keep_their_digits() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, "")
        assert isinstance(screen, SetupScreen)
        await type_text(pilot, "Ann 2, Ben 10, 3Cat, 0")
        assert field(pilot.app).value == "Ann 2, Ben 10, 3Cat, 0"
        await pilot.press("enter")
        assert [r.name for r in screen.rows] == ["Ann 2", "Ben 10", "3Cat", "0"]


@pytest.mark.slow
async def test_the_seat_cards_note_and_reminder_keep_their_digits() -> None:
    game = first_night(players=12, seed=3)  # seats 1 and 10-12: a digit could wait for a seat
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("right", "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, SeatCardScreen)
        await pilot.press("w")
        await pilot.pause()
        await type_text(pilot, "voted 1st, claims 12 on night 2")
        await pilot.press("enter")
        await pilot.press("r")
        await pilot.pause()
        await type_text(pilot, "11 or 12")
        await pilot.press("enter")
        await settle(pilot)
        assert game.state.note(0).text == "voted 1st, claims 12 on night 2"
        assert [r.text for r in game.state.reminders_on(0)] == ["11 or 12"]


async def test_a_joining_travellers_name_keeps_its_digits(official) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    game = Game(random_table(8, seed=3, script="phantom"))  # before the first night: a Traveller may join
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("J")
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "the Travellers' picker")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskText)
        await type_text(pilot, "Tia 2")
        await pilot.press("enter")
        await pilot.pause()
        await type_pick(pilot, "Good")
        await pick_seat(pilot, 0)
        await settle(pilot)
        assert game.state.seats[-1].name == "Tia 2", notes(pilot.app)[-3:]


async def test_the_export_path_keeps_its_digits(tmp_path: Path) -> None:
    out = tmp_path / "2024" / "night-12.md"
    out.parent.mkdir()
    async with GrimoireApp(game=first_night(players=12)).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("E")
        await pilot.pause()
        await type_text(pilot, "md")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+u")
        await type_text(pilot, str(out))
        assert field(pilot.app).value == str(out)
        await pilot.press("enter")
        await until(pilot, out.exists, "the export")


async def test_the_start_screens_paths_keep_their_digits(tmp_path: Path) -> None:
    saved = tmp_path / "2024" / "game12.toml"
    saved.parent.mkdir()
    save_game(first_night(players=7), saved)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskText)
        await type_text(pilot, str(saved))
        assert field(pilot.app).value == str(saved)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, GrimoireScreen), "the game")
        assert len(pilot.app.screen.game.state.seats) == 7
