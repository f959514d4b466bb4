"""Digits typed into the assistant games' text fields are text: names and paths arrive whole."""

from __future__ import annotations

from pilot_keys import type_text
from textual.widgets import Input

from grimoire.games.voice.setup import NamesModal, SetupModal
from grimoire.tui.app import GrimoireApp

from .helpers import SIZE, opened


async def test_night_of_the_mummy_player_names_keep_their_digits() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        screen = app.screen
        await pilot.press("p")
        await pilot.pause()
        await type_text(pilot, "Ann 1, Ben 22, 3Cat, Dan 4")
        assert app.screen.query_one(Input).value == "Ann 1, Ben 22, 3Cat, Dan 4"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.players == ("Ann 1", "Ben 22", "3Cat", "Dan 4")


async def test_voice_of_the_mummy_names_and_commands_path_keep_their_digits() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupModal)
        await pilot.press("r", "b", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NamesModal)
        await type_text(pilot, "Al 2")
        await pilot.press("tab")
        await type_text(pilot, "13")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert [e.name for e in screen.tomb.explorers] == ["Al 2 (Red)", "13 (Blue)"]
        await pilot.press("o")
        await pilot.pause()
        await type_text(pilot, "~/mummy2024/set 2.toml")
        assert app.screen.query_one(Input).value == "~/mummy2024/set 2.toml"


async def test_vampir_mau_mau_names_keep_their_digits() -> None:
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        screen = app.screen
        await pilot.press("n")
        await pilot.pause()
        await type_text(pilot, "Mario 2, Sara 10, 3")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.game.players == ("Mario 2", "Sara 10", "3")
        await pilot.press("r")  # the roster: a Character's name as printed
        await pilot.pause()
        name = app.screen.query_one("#mm-name", Input)
        name.focus()
        await pilot.pause()
        await type_text(pilot, "Count 2nd")
        assert name.value == "Count 2nd"
