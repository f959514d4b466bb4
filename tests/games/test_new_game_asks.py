"""A new game over a game in progress asks first, in each game; the answer "no" keeps it."""

from __future__ import annotations

import pytest

from grimoire.games import persist
from grimoire.games.maumau.modals import Ask, NewGame
from grimoire.games.mummy import save as mummy_save
from grimoire.games.mummy.deal import DealScreen
from grimoire.games.mummy.modals import AskScreen, ConfirmScreen
from grimoire.games.mummy.screen import MummyScreen
from grimoire.games.voice.pickers import Confirm
from grimoire.games.voice.setup import SetupModal
from grimoire.tui.app import GrimoireApp

from .helpers import SIZE, opened, settle
from .maumau.test_maumau_screen import started, type_in
from .mummy.test_screens import phantom_game, visible_text
from .voice.test_voice_screen import start


@pytest.fixture(autouse=True)
def config_home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))


@pytest.mark.slow  # Mau Mau's question: test_maumau_screen.py's test_start_a_new_one_instead
async def test_vampir_mau_mau_asks_before_a_new_game() -> None:
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot, "Sara, Luigi", "3")
        playing = screen.game
        for keep in ("n", "escape"):
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, Ask)
            assert "Sara, Luigi; deal 1 of 3" in str(app.screen.query_one("#mm-ask-body").render())
            await pilot.press(keep)
            await pilot.pause()
            assert app.screen is screen and screen.game is playing
        await pilot.press("n", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGame)
        await pilot.press(*"Ann, Ben", "enter")
        await pilot.pause()
        assert screen.game.players == ("Ann", "Ben")
        await pilot.press("u")  # the game given up comes back
        assert screen.game is playing


@pytest.mark.slow  # a game played to its end
async def test_vampir_mau_mau_asks_nothing_once_the_game_is_over() -> None:
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot, "Ann, Ben", "1")
        await type_in(pilot, "p", "red meat")
        await pilot.press("e", *"3", "tab", "enter")
        await pilot.pause()
        assert screen.game.over
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGame)


@pytest.mark.slow  # Voice's Confirm: test_voice_screen.py's test_rules_and_leaving_with_confirmation
async def test_voice_of_the_mummy_asks_before_a_new_game() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        await pilot.press("3", "j")
        playing = screen.tomb
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.tomb is playing
        await pilot.press("n", "y")
        await pilot.pause()
        assert isinstance(app.screen, SetupModal)


@pytest.mark.slow
async def test_night_of_the_mummy_asks_before_dealing_over_a_game_in_progress() -> None:
    persist.write(mummy_save.KEY, mummy_save.to_dict(mummy_save.Party(phantom_game())))
    before = persist.autosave_path(mummy_save.KEY).read_bytes()
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, AskScreen)
        await pilot.press("escape")  # neither resumed nor given up
        await pilot.pause()
        assert isinstance(app.screen, MummyScreen)
        await pilot.press("p", *"Al, Bo, Cy, Di", "enter", "r", "d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        text = visible_text(app.screen)
        assert "A game is in progress (5 players (Alice, Bob, Cat, Dan, Eve), 0 of 5 revealed)" in text
        await pilot.press("escape")  # keep it: nothing dealt, the file as it was
        await pilot.pause()
        await settle(app)
        assert isinstance(app.screen, MummyScreen)
        assert persist.autosave_path(mummy_save.KEY).read_bytes() == before
        await pilot.press("d", "enter")  # deal after all
        await pilot.pause()
        assert isinstance(app.screen, DealScreen)
