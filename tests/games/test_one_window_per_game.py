"""The assistant games, one window per game: a second window may only watch (and never
writes), the first keeps every jewel; a window killed with -9 blocks nobody after it."""

from __future__ import annotations

import os
from typing import Any

import pytest

from grimoire.games import persist
from grimoire.games.maumau.screen import MauMauScreen
from grimoire.games.mummy.table import TableScreen
from grimoire.games.voice import save as voice_save
from grimoire.games.voice.screen import VoiceScreen
from grimoire.games.voice.setup import SetupModal
from grimoire.store.lock import holder_of, lock_path
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.read_only import OpenReadOnly
from grimoire.tui.screens.start import StartScreen

from .helpers import SIZE, opened, settle


def notes(app: GrimoireApp) -> list[str]:
    return [n.message for n in app._notifications]


async def asked(pilot: Any) -> OpenReadOnly:
    await pilot.pause()
    assert isinstance(pilot.app.screen, OpenReadOnly), pilot.app.screen
    return pilot.app.screen


async def watch(pilot: Any) -> None:
    """Watch the game: r on the question, then the autosave read."""
    await asked(pilot)
    await pilot.press("r")
    await opened(pilot)


async def new_voice_game(pilot: Any) -> VoiceScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupModal), pilot.app.screen
    await pilot.press("r", "b", "enter")
    await pilot.pause()
    await pilot.press("enter")  # no names: the explorers go by their colours
    await pilot.pause()
    assert isinstance(pilot.app.screen, VoiceScreen)
    return pilot.app.screen


@pytest.mark.slow
async def test_a_second_voice_window_watches_and_the_first_keeps_its_jewels() -> None:
    path = persist.autosave_path(voice_save.KEY)
    async with GrimoireApp(mode="voice").run_test(size=SIZE) as a:
        screen_a = await new_voice_game(a)
        await a.press("3", "j", "tab", "tab", "3", "j")  # Red collects two jewels
        await settle(a.app)
        assert screen_a.tomb.explorers[0].precious == 2
        async with GrimoireApp(mode="voice").run_test(size=SIZE) as b:
            question = await asked(b)
            shown = str(question.query_one("#inuse-text").render())
            assert f"Voice of the Mummy is open in another window (pid {os.getpid()} on " in shown
            await watch(b)
            screen_b = b.app.screen
            assert isinstance(screen_b, VoiceScreen) and screen_b.read_only
            assert screen_b.tomb == screen_a.tomb  # the game as A saved it
            assert "READ-ONLY" in screen_b.sub_title
            for key in ("tab", "j", "plus", "u", "n", "v"):  # B tries to play
                await b.press(key)
                await b.pause()
                assert b.app.screen is screen_b, f"{key} opened {b.app.screen}"
            assert screen_b.tomb == screen_a.tomb
            assert any("Read-only here: Voice of the Mummy is open in another window" in n for n in notes(b.app))

            await a.press("tab", "3", "j")  # A plays on
            await settle(a.app)
            screen_b.poll_watched()  # B follows the autosave as A writes it (once a second)
            await settle(b.app)
            assert screen_b.tomb == screen_a.tomb
            await b.press("escape")  # B goes back to the menu
            await b.pause()
            assert isinstance(b.app.screen, StartScreen)
        assert holder_of(path) is not None  # still A's
        await a.press("tab", "3", "j")
        await settle(a.app)
        kept = screen_a.tomb
    saved = persist.load(voice_save.KEY, voice_save.FORMAT, voice_save.from_dict)
    assert saved == kept and saved.explorers[0].precious + saved.explorers[1].precious == 4
    assert not lock_path(path).exists()


@pytest.mark.slow  # a killed window: tests/tui/test_one_window_per_game.py
async def test_a_killed_voice_window_blocks_nobody(lock_holder) -> None:
    path = persist.autosave_path(voice_save.KEY)
    other = lock_holder(path)
    async with GrimoireApp(mode="voice").run_test(size=SIZE) as pilot:
        await asked(pilot)
        await pilot.press("escape")  # go back
        await pilot.pause()
        assert isinstance(pilot.app.screen, StartScreen)
    assert not path.exists()  # nothing was written
    other.kill()  # kill -9
    async with GrimoireApp(mode="voice").run_test(size=SIZE) as pilot:
        screen = await new_voice_game(pilot)  # no question: the lock left behind is taken over
        await pilot.press("3", "j")
        await settle(pilot.app)
        assert not screen.read_only
        assert persist.load(voice_save.KEY, voice_save.FORMAT, voice_save.from_dict) == screen.tomb


@pytest.mark.slow
async def test_a_watched_mummy_game_shows_its_table_and_refuses_to_play(lock_holder) -> None:
    from grimoire.games.mummy import save as mummy_save

    from .mummy.test_screens import phantom_game

    game = phantom_game()
    persist.write(mummy_save.KEY, mummy_save.to_dict(mummy_save.Party(game)))
    before = persist.autosave_path(mummy_save.KEY).read_bytes()
    lock_holder(persist.autosave_path(mummy_save.KEY))
    async with GrimoireApp(mode="mummy").run_test(size=SIZE) as pilot:
        await watch(pilot)
        await pilot.pause()
        table = pilot.app.screen
        assert isinstance(table, TableScreen) and table.read_only
        for key in ("i", "d", "a"):
            await pilot.press(key)
            await pilot.pause()
            assert pilot.app.screen is table
        await pilot.press("escape")  # leaves the watched game and the mode: nothing deleted
        await pilot.pause()
        assert isinstance(pilot.app.screen, StartScreen)
        await settle(pilot.app)
    assert persist.autosave_path(mummy_save.KEY).read_bytes() == before


@pytest.mark.slow
async def test_a_watched_mau_mau_game_is_shown_and_never_written(lock_holder) -> None:
    from grimoire.games.maumau import rules as maumau_rules
    from grimoire.games.maumau import save as maumau_save

    game = maumau_rules.new_game(("Ann", "Ben", "Cat"), 3)
    persist.write(maumau_save.KEY, maumau_save.to_dict(game))
    before = persist.autosave_path(maumau_save.KEY).read_bytes()
    lock_holder(persist.autosave_path(maumau_save.KEY))
    async with GrimoireApp(mode="maumau").run_test(size=SIZE) as pilot:
        await watch(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, MauMauScreen) and screen.game == game
        await pilot.press("n")
        await pilot.pause()
        assert pilot.app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
    assert persist.autosave_path(maumau_save.KEY).read_bytes() == before
