"""Undo survives a resume in every game, as it does in the grimoire: act, quit, open the game
again, resume, and undo gives the earlier states back, one action at a time."""

from __future__ import annotations

import pytest

from grimoire.games import persist
from grimoire.games.maumau import save as maumau_save
from grimoire.games.mummy import save as mummy_save
from grimoire.games.mummy.table import TableScreen
from grimoire.games.voice import save as voice_save
from grimoire.games.voice.screen import VoiceScreen
from grimoire.tui.app import GrimoireApp

from .helpers import SIZE, opened, settle
from .maumau.test_maumau_screen import new_game, screen_of, type_in
from .mummy.test_screens import alice_asks_bob, deal_four
from .voice.test_voice_screen import start


@pytest.fixture(autouse=True)
def config_home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # no group roster or commands file


async def resume(app: GrimoireApp, pilot) -> None:  # type: ignore[no-untyped-def]
    await opened(pilot)
    await pilot.press("enter")  # "Resume the game in progress"
    await pilot.pause()


async def test_voice_of_the_mummy() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        await pilot.press("3")  # Red throws (a real die's 3)
        first = screen.tomb
        await pilot.press("j")  # Red collects a jewel
        collected = screen.tomb
        await pilot.press("tab")  # Blue's turn
        played = screen.tomb
        await pilot.press("ctrl+q")
        await pilot.pause()
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        await resume(app, pilot)
        screen = app.screen
        assert isinstance(screen, VoiceScreen) and screen.tomb == played
        await pilot.press("u")
        assert screen.tomb == collected
        await pilot.press("u")
        assert screen.tomb == first and screen.tomb.explorers[0].precious == 0
        await settle(app)
    assert persist.load_saved(voice_save.AUTOSAVE).state == first


async def test_vampir_mau_mau() -> None:
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        screen = screen_of(app)
        await new_game(pilot, "Sara, Luigi, Mario", "3")
        started = screen.game
        await type_in(pilot, "t", "red tombstone")
        discarded = screen.game
        await type_in(pilot, "p", "b tombstone")  # Luigi
        played = screen.game
        await pilot.press("ctrl+q")
        await pilot.pause()
    saved = persist.load_saved(maumau_save.AUTOSAVE)
    assert saved.state == played and saved.undo == (started, discarded)

    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await resume(app, pilot)
        screen = screen_of(app)
        assert screen.game == played
        await pilot.press("u")
        await pilot.pause()
        assert screen.game == discarded and str(screen.game.deal.top) == "red tombstone"
        await pilot.press("u")
        await pilot.pause()
        assert screen.game == started
        await settle(app)
    assert persist.load_saved(maumau_save.AUTOSAVE) == persist.Autosaved(started, ())


@pytest.mark.slow  # a mummy game resumes in make test in mummy/test_table.py
async def test_night_of_the_mummy() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = await deal_four(pilot)
        before = table.game
        await alice_asks_bob(pilot)
        played = table.game
        assert played.last_inquiry is not None and played.turn == 1
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert persist.load_saved(mummy_save.AUTOSAVE).undo[-1].game == before

    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await resume(app, pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.game == played
        await pilot.press("u")  # the whole inquiry, one step
        await pilot.pause()
        assert table.game == before and table.game.turn == 0
        assert table.party.log[-2].startswith("Undone: the table is back to before the last action")
        assert table.party.log[-1] == "It is Alice's turn."
        await pilot.press("u")  # who went first: asked again
        await pilot.pause()
        assert table.game.turn is None
        assert "Who goes first?" in str(app.screen.query_one(".mummy-dialog-title").render())
