"""A game being read to open (the palette's "Resume the last game", the library's open) opens
over no question: while it is read, the screen's keys wait and the palette does not open.

Found by the soak (make test-deep, character-picker at 80x24): "Resume the last game" from the
setup screen, then the character key while the game was still being read; the grimoire opened
over the setup's picker."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from pilot_keys import until
from textual.screen import ModalScreen

from grimoire.store import saves
from grimoire.store.library import create_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.table import GrimoireScreen

from .helpers import first_night, settle
from .storm import check_stack
from .test_soak import setup


@pytest.fixture
def slow_reading(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The game's file is read only once the test lets it (``.set()``)."""
    go = threading.Event()
    real = saves.load_for_play

    def load_for_play(path: Any) -> Any:
        go.wait(10)
        return real(path)

    monkeypatch.setattr(saves, "load_for_play", load_for_play)
    return go


@pytest.mark.parametrize("key", ["c", "ctrl+p"])  # a picker of the setup screen's; the palette
async def test_a_key_while_a_game_is_read_opens_nothing_under_it(slow_reading: threading.Event, key: str) -> None:
    game = first_night()
    create_game(game.setup, game.events)
    app = GrimoireApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await setup(pilot)
        await pilot.press("escape", "home")  # on the first player, as a storyteller would be
        app.action_resume()  # as the palette's "Resume the last game" runs it
        await pilot.press(key)
        await pilot.pause()
        assert not isinstance(app.screen, ModalScreen), type(app.screen).__name__
        slow_reading.set()
        await until(pilot, lambda: isinstance(app.screen, GrimoireScreen), "the game opened")
        await settle(pilot)
        check_stack(app)
        assert not any(isinstance(s, Pick) for s in app.screen_stack)
