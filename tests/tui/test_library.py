"""The game library in the app: no game is ever lost to another, files are saved in place,
the trash asks first and gives back, and a rehearsal saves apart and says so."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pilot_keys import type_text

from grimoire import cli
from grimoire.core.model import Phase
from grimoire.store import library
from grimoire.store.open_game import read_open
from grimoire.store.paths import autosave_path, data_dir
from grimoire.store.saves import backup_path, load_game, save_game
from grimoire.tui import app as app_module
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.library import ConfirmTrash, TrashScreen
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.start import StartScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.title import TitleBar

from .helpers import SIZE, first_night, notes, play_night, settle
from .test_whole_game import NAMES


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()}


@pytest.mark.slow  # two games played by keys
async def test_game_a_survives_game_b_and_resumes_at_day_3() -> None:
    rng = random.Random(1)  # with this table, no side has won by day 3
    async with GrimoireApp(game=first_night(players=8, seed=5)).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        a_path = pilot.app.autosave_path()
        while screen.game.state.day < 3:
            await play_night(pilot, screen, rng)
            assert screen.game.state.winner is None, "pick another seed: the game ended early"
            if screen.game.state.day < 3:
                await pilot.press("d")  # no execution today: dusk
                await pilot.pause()
        assert screen.game.state.phase is Phase.DAY and screen.game.state.day == 3
        events, state = len(screen.game.events), repr(screen.game.state)
        await settle(pilot)
        await pilot.press("q")
    a_bytes = a_path.read_bytes()

    async with GrimoireApp().run_test(size=SIZE) as pilot:  # q, grimoire, n, names, r, ctrl+s
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, SetupScreen)
        await type_text(pilot, ", ".join(NAMES))
        await pilot.press("enter")
        await pilot.press("escape", "r")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen)
        await pilot.press("n")
        await settle(pilot)
        b_path = pilot.app.autosave_path()
        await pilot.press("q")
    assert b_path != a_path and b_path.parent == a_path.parent == library.games_dir()
    assert a_path.read_bytes() == a_bytes  # game B never touched game A's file

    async with GrimoireApp().run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start = pilot.app.screen
        assert isinstance(start, StartScreen)
        assert [e.path for e in start.entries] == [b_path, a_path]  # the newest first
        a = start.entries[1]
        assert (a.players, a.stands) == (8, "day 3")
        listed = str(start.query_one("#start-games").get_option_at_index(1).prompt)
        assert "day 3" in listed and "8 players" in listed
        await pilot.press("down", "enter")  # the list has the focus: the second game
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        assert len(screen.game.events) == events and repr(screen.game.state) == state
        assert pilot.app.autosave_path() == a_path  # resumed in place
        assert read_open().path == a_path.resolve()


async def test_play_file_writes_that_file_and_no_other(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "tonight.toml"
    game = first_night()
    save_game(game, target, backup=False)
    before = files_under(data_dir()) if data_dir().exists() else set()
    apps: list[GrimoireApp] = []
    monkeypatch.setattr(app_module.GrimoireApp, "run", lambda self: apps.append(self))
    assert cli.main(["play", str(target)]) == 0
    async with apps[-1].run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        await pilot.press("n")  # dusk
        await settle(pilot)
        played = len(screen.game.events)
        await pilot.press("q")
    assert played == len(game.events) + 1
    assert len(load_game(target).events) == played  # FILE itself is up to date
    assert backup_path(target).exists()  # with its backup
    assert set(tmp_path.iterdir()) == {target, backup_path(target), data_dir()}
    # in the data folder only the note of which game is open: no copy in the library
    assert files_under(data_dir()) - before == {data_dir() / "open-game.toml"}
    assert read_open().path == target.resolve()


@pytest.mark.slow
async def test_open_continues_the_file_in_place(tmp_path: Path) -> None:
    target = tmp_path / "mine.toml"
    save_game(first_night(), target, backup=False)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("o", *str(target), "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen)
        await pilot.press("n")
        await settle(pilot)
        events = len(pilot.app.screen.game.events)
    assert len(load_game(target).events) == events
    assert not library.game_files(library.games_dir())


async def test_deleting_asks_first_moves_to_the_trash_and_restore_brings_it_back() -> None:
    keep = first_night(seed=3)
    gone = first_night(seed=4)
    keep_path = library.create_game(keep.setup, keep.events)
    gone_path = library.create_game(gone.setup, gone.events)
    data = gone_path.read_bytes()
    async with GrimoireApp().run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start = pilot.app.screen
        assert isinstance(start, StartScreen)
        ids = [e.path for e in start.entries]
        await pilot.press(*["down"] * ids.index(gone_path))
        assert start.highlighted_entry().path == gone_path
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmTrash)
        await pilot.press("n")  # no: nothing moves
        await settle(pilot)
        assert gone_path.exists() and pilot.app.screen is start
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert not gone_path.exists() and keep_path.exists()
        assert [e.path for e in start.entries] == [keep_path]
        [trashed] = library.game_files(library.trash_dir())
        assert trashed.read_bytes() == data
        await pilot.press("t")
        await settle(pilot)
        trash = pilot.app.screen
        assert isinstance(trash, TrashScreen)
        assert [e.path for e in trash.entries] == [trashed]
        await pilot.press("enter")
        await settle(pilot)
        assert trash.entries == []
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is start
        assert sorted(e.path for e in start.entries) == sorted([keep_path, gone_path])
    assert gone_path.read_bytes() == data


async def test_a_rehearsal_saves_apart_and_is_marked() -> None:
    async with GrimoireApp(game=first_night(), rehearsal=True).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await settle(pilot)
        assert "REHEARSAL" in str(pilot.app.screen.query_one(TitleBar).render())
        assert pilot.app.autosave_path() == autosave_path(rehearsal=True)
        opened = read_open()
        assert opened is not None and opened.rehearsal
    assert autosave_path(rehearsal=True).exists()
    assert not library.game_files(library.games_dir())


async def test_start_screen_fits_at_80x24_with_many_games() -> None:
    for seed in range(12):
        game = first_night(seed=seed)
        library.create_game(game.setup, game.events)
    async with GrimoireApp().run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start = pilot.app.screen
        games = start.query_one("#start-games")
        menu = start.query_one("#start-menu")
        assert games.region.height >= 5 and menu.region.bottom <= games.region.y
        assert games.region.bottom <= 24
        keys = {i.key for i in start.query_one("KeysFooter").items}
        assert {"r", "n", "o", "h", "d", "t", "question_mark", "q"} <= keys


async def test_a_pointer_that_cannot_be_written_is_said_and_the_game_plays_on(tmp_path: Path) -> None:
    from grimoire.store.open_game import pointer_path

    pointer_path().mkdir(parents=True)  # a folder where the town square's pointer goes
    game = first_night()
    path = library.create_game(game.setup, game.events)
    async with GrimoireApp(game=load_game(path), autosave_to=path).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen)
        assert any(n.startswith("The town square cannot be told which game is open: ")
                   for n in notes(pilot.app)), notes(pilot.app)
        assert pointer_path().is_dir() and pilot.app.file_jobs.idle
