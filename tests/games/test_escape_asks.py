"""Esc never leaves a game without asking, in every game and setup screen (as Voice asks)."""

from __future__ import annotations

import pytest
from pilot_keys import type_text

from grimoire.games import persist
from grimoire.games.maumau import characters
from grimoire.games.maumau.modals import Ask
from grimoire.games.maumau.roster import RosterEditor
from grimoire.games.mummy import save as mummy_save
from grimoire.games.mummy.modals import ConfirmScreen
from grimoire.games.mummy.screen import MummyScreen
from grimoire.tui.app import GrimoireApp

from .helpers import opened, settle
from .maumau.test_maumau_screen import screen_of, started
from .mummy.test_screens import phantom_game

# 140x45 in make test-slow: each screen's questions are the same at both sizes, and make test
# asks them at 80x24, the tighter.
SIZES = [(80, 24), pytest.param((140, 45), marks=pytest.mark.slow)]


@pytest.fixture(autouse=True)
def config_home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))


@pytest.mark.parametrize("size", SIZES)
async def test_vampir_mau_mau_asks_before_esc_leaves_a_game(size: tuple[int, int]) -> None:
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot, "Ann, Ben", "3")
        for keep in ("n", "escape"):
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, Ask)
            await pilot.press(keep)
            await pilot.pause()
            assert app.screen is screen
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert screen not in app.screen_stack


async def test_vampir_mau_mau_characters_ask_before_esc_drops_unsaved_ones() -> None:
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        screen = screen_of(app)

        async def type_countess() -> None:
            for text in ["Countess", "5", "meat, axe", "nail", "blue"]:
                await type_text(pilot, text)
                await pilot.press("tab")

        await pilot.press("r", "escape")  # nothing changed: closed at once
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("r")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, RosterEditor)
        await type_countess()  # typed, not added
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, Ask)
        assert "A Character is typed in the form but not added" in str(app.screen.query_one("#mm-ask-body").render())
        await pilot.press("escape")  # back to the Characters, nothing lost
        await pilot.pause()
        assert app.screen is editor and editor.query_one("#mm-name").value == "Countess"
        await pilot.press("shift+tab", "enter")  # added
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert "The changes to the roster are not saved" in str(app.screen.query_one("#mm-ask-body").render())
        await pilot.press("n")  # discard them
        await pilot.pause()
        assert app.screen is screen and screen._roster == ()

        await pilot.press("r")
        await pilot.pause()
        await type_countess()
        await pilot.press("escape", "enter")  # keep: the one typed is added and saved
        await pilot.pause()
        await settle(app)
        await app.workers.wait_for_complete()
        assert app.screen is screen and [c.name for c in screen._roster] == ["Countess"]
    assert [c.name for c in characters.load(characters.default_path())] == ["Countess"]


@pytest.mark.parametrize("size", SIZES)
async def test_night_of_the_mummy_setup_asks_before_esc_leaves(size: tuple[int, int]) -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        screen = app.screen
        assert isinstance(screen, MummyScreen)
        await pilot.press("p")
        await type_text(pilot, "Alice, Bob, Cat, Dan")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")  # stay
        await pilot.pause()
        assert app.screen is screen and screen.players == ("Alice", "Bob", "Cat", "Dan")
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert screen not in app.screen_stack


@pytest.mark.parametrize("size", SIZES)
async def test_night_of_the_mummy_setup_asks_with_a_game_in_progress(size: tuple[int, int]) -> None:
    persist.write(mummy_save.KEY, mummy_save.to_dict(mummy_save.Party(phantom_game())))
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        await pilot.press("escape")  # not now: the game stays saved, the setup shows
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MummyScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
