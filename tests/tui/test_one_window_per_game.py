"""One window per game: a second window on a game is read-only and writes nothing; the first
keeps every action; a window killed with -9 leaves nothing that blocks the next one; the
temporary files of killed writes are cleared at start, never one a live window is writing."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
from pilot_keys import until

from grimoire.store import library
from grimoire.store.lock import holder_of, lock_path
from grimoire.store.open_game import pointer_path
from grimoire.store.paths import autosave_path
from grimoire.store.saves import backup_path, file_stamp, load_game, save_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.read_only import OpenReadOnly, WriterGone
from grimoire.tui.screens.start import StartScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.title import TitleBar

from .helpers import SIZE, answer_by_keys, first_night, notes, settle


async def wait_for(pilot: Any, *groups: str) -> None:
    """Wait for the app's workers of these groups (a file read, a lock asked), then a frame."""
    await pilot.pause()
    running = [w for w in pilot.app.workers if w.group in groups]
    if running:
        await pilot.app.workers.wait_for_complete(running)
    await pilot.pause()


def title(app: GrimoireApp) -> str:
    return str(app.screen.query_one(TitleBar).render())


async def open_read_only(pilot: Any) -> GrimoireScreen:
    """The question is on screen: r opens the game read-only."""
    assert isinstance(pilot.app.screen, OpenReadOnly), pilot.app.screen
    await pilot.press("r")
    await wait_for(pilot, "load")
    screen = pilot.app.screen
    assert isinstance(screen, GrimoireScreen) and screen.read_only
    return screen


async def test_a_second_window_is_read_only_and_the_first_windows_work_is_kept() -> None:
    game = first_night()
    path = library.create_game(game.setup, game.events)
    rng = random.Random(4)
    async with GrimoireApp().run_test(size=SIZE) as a:
        await settle(a)
        await a.press("r")  # resume the game changed last
        await wait_for(a, "load")
        screen_a = a.app.screen
        assert isinstance(screen_a, GrimoireScreen) and not screen_a.read_only
        await until(a, lambda: a.app.file_jobs.idle, "A to say which game is open (in a thread)")
        pointer = file_stamp(pointer_path())
        assert pointer is not None
        async with GrimoireApp().run_test(size=SIZE) as b:
            await wait_for(b, "library")
            await b.press("r")  # the same game, in a second window
            await wait_for(b, "load")
            question = b.app.screen
            assert isinstance(question, OpenReadOnly)
            shown = str(question.query_one("#inuse-text").render())
            assert f"This game is open in another window (pid {os.getpid()} on " in shown
            screen_b = await open_read_only(b)
            assert "READ-ONLY" in title(b.app)
            assert len(screen_b.game.events) == len(game.events)

            for _ in range(3):  # A plays on
                await answer_by_keys(a, screen_a, rng)
            await settle(a)
            done = list(screen_a.game.events)
            assert len(done) == len(game.events) + 3

            for keys in ("n", "u", "U", "1", "m", "d", "k", "t"):  # B tries to act
                await b.press(keys)
                await b.pause()
                assert not isinstance(b.app.screen, OpenReadOnly)
                assert b.app.screen is screen_b, f"{keys} opened {b.app.screen}"
            assert any("Read-only here: this game is open in another window" in n for n in notes(b.app))
            seen = list(screen_b.game.events)  # what A saved (B may have followed it already)
            assert seen in (list(game.events), done)

            b.app._poll_followed()  # B follows the file as A saves it (once a second)
            await wait_for(b, "follow")
            assert list(screen_b.game.events) == done
            await b.press("q")
        assert holder_of(path) is not None  # B's quitting let go of nothing of A's
        await answer_by_keys(a, screen_a, rng)
        await settle(a)
        done = list(screen_a.game.events)
        assert file_stamp(pointer_path()) == pointer  # B never said which game is open
    assert list(load_game(path).events) == done
    assert list(load_game(backup_path(path)).events) == done[:-1]  # A's, not B's
    assert not lock_path(path).exists()  # A quit: the lock is gone with it


async def test_kill_9_of_the_holder_leaves_no_lock_that_blocks_the_next_window(tmp_path: Path, lock_holder) -> None:
    game = first_night()
    path = tmp_path / "mine.toml"
    save_game(game, path)
    before = path.read_bytes()
    other = lock_holder(path)  # another window has it open (grimoire play mine.toml)
    async with GrimoireApp(game=game, autosave_to=path).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, OpenReadOnly)
        await pilot.press("escape")  # go back: to the start screen
        await pilot.pause()
        assert isinstance(pilot.app.screen, StartScreen)
    assert path.read_bytes() == before and not backup_path(path).exists()

    other.kill()  # kill -9: its lock file stays behind, held by nobody
    assert lock_path(path).exists()
    async with GrimoireApp(game=load_game(path), autosave_to=path).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen) and not screen.read_only
        assert "READ-ONLY" not in title(pilot.app)
        await answer_by_keys(pilot, screen, random.Random(2))
        await settle(pilot)
        assert holder_of(path).pid == os.getpid()  # type: ignore[union-attr]
        events = list(screen.game.events)
    assert list(load_game(path).events) == events and len(events) == len(game.events) + 1


@pytest.mark.slow  # a window read-only: test_a_second_window_is_read_only_and_the_first_windows_work_is_kept
async def test_a_rehearsal_open_elsewhere_is_watched_read_only(lock_holder) -> None:
    game = first_night(seed=8)
    path = autosave_path(rehearsal=True)
    save_game(game, path)
    before = path.read_bytes()
    lock_holder(path)
    async with GrimoireApp(game=first_night(seed=9), rehearsal=True).run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_read_only(pilot)
        assert screen.game.setup == game.setup  # the rehearsal on disk, not a new one
        assert "REHEARSAL · READ-ONLY" in title(pilot.app)
        await pilot.press("n")
        await pilot.press("q")
    assert path.read_bytes() == before


async def test_a_game_open_elsewhere_is_not_moved_to_the_trash(lock_holder) -> None:
    game = first_night()
    path = library.create_game(game.setup, game.events)
    lock_holder(path)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await wait_for(pilot, "library")
        await pilot.press("d", "y")
        await pilot.pause()
        assert "open in another window" in str(pilot.app.screen.query_one("#start-problem").render())
        [notice] = [n for n in pilot.app._notifications if "open in another window" in n.message]
        assert notice.title == "Cannot move to the trash"
    assert path.exists()


def leftover(folder: Path, target: str, tail: str, age: float = 0.0) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{target}.{tail}.tmp"
    tmp.write_bytes(b"x" * 1000)
    if age:
        os.utime(tmp, (time.time() - age, time.time() - age))
    return tmp


@pytest.mark.slow
async def test_temporary_files_of_killed_writes_go_at_start_but_not_a_live_windows(tmp_path: Path, lock_holder) -> None:
    games = library.games_dir()
    game = first_night()
    live = library.create_game(game.setup, game.events)
    dead = library.create_game(game.setup, game.events)
    lock_holder(live)  # a window writing this one now
    lock_holder(dead).kill()  # killed mid-write
    writing = leftover(games, live.name, "aaaaaaaa")
    orphans = [leftover(games, dead.name, "bbbbbbbb"), leftover(games, "mummy.toml", "cccccccc", age=86400),
               leftover(games.parent, "rehearsal.toml", "dddddddd", age=86400)]
    # grimoire play FILE elsewhere, after a kill -9 mid-write there
    mine = tmp_path / "mine.toml"
    save_game(game, mine)
    lock_holder(mine).kill()
    orphans.append(leftover(tmp_path, mine.name, "eeeeeeee"))
    async with GrimoireApp(game=game, autosave_to=mine).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
    assert [p for p in orphans if p.exists()] == []
    assert writing.exists()


@pytest.mark.slow
async def test_opening_another_game_lets_go_of_the_one_before(lock_holder) -> None:
    game = first_night()
    first, second, elsewhere = (library.create_game(game.setup, game.events) for _ in range(3))
    lock_holder(elsewhere)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await wait_for(pilot, "library")
        pilot.app.load_and_open(str(first))
        await wait_for(pilot, "load")
        assert holder_of(first).pid == os.getpid()  # type: ignore[union-attr]
        await answer_by_keys(pilot, pilot.app.screen, random.Random(1))
        played = list(pilot.app.screen.game.events)
        pilot.app.load_and_open(str(second))  # the palette's "Resume the last game"
        await wait_for(pilot, "load", "let-go")
        assert holder_of(first) is None and holder_of(second).pid == os.getpid()  # type: ignore[union-attr]
        assert list(load_game(first).events) == played  # written before it was let go
        pilot.app.load_and_open(str(elsewhere))  # open in another window: read-only
        await wait_for(pilot, "load")
        await open_read_only(pilot)
        await wait_for(pilot, "let-go")
        assert holder_of(second) is None


@pytest.mark.slow
async def test_a_scenario_or_an_export_is_never_written_over_a_game_open_elsewhere(tmp_path: Path, lock_holder) -> None:
    game = first_night()
    other_game = tmp_path / "theirs.toml"
    save_game(game, other_game)
    before = other_game.read_bytes()
    lock_holder(other_game)
    async with GrimoireApp(game=first_night(seed=5)).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("W")  # the game so far as a scenario file, typed over their game
        await pilot.pause()
        await pilot.press("ctrl+u", *str(other_game), "enter")
        await wait_for(pilot, "export")
        assert any(f"Cannot write {other_game}: it is a game open in a window" in n for n in notes(pilot.app))
    assert other_game.read_bytes() == before and not backup_path(other_game).exists()


async def test_once_the_other_window_has_closed_a_change_offers_to_open_the_game_for_writing(lock_holder) -> None:
    game = first_night()
    path = library.create_game(game.setup, game.events)
    other = lock_holder(path)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await wait_for(pilot, "library")
        await pilot.press("r")
        await wait_for(pilot, "load")
        screen = await open_read_only(pilot)
        await pilot.press("n")  # the other window is there: refused, naming it
        await pilot.pause()
        assert pilot.app.screen is screen
        assert f"open in another window (pid {other.pid}" in notes(pilot.app)[-1]

        other.kill()  # that window is gone (its lock file left behind, held by nobody)
        told = len(notes(pilot.app))
        await pilot.press("n")
        await pilot.pause()
        offer = pilot.app.screen
        assert isinstance(offer, WriterGone), offer
        shown = str(offer.query_one("#gone-text").render())
        assert f"(pid {other.pid}" in shown and "has closed" in shown
        assert not any("open in another window" in n for n in notes(pilot.app)[told:])
        await pilot.press("escape")  # stay read-only: nothing changes
        await pilot.pause()
        assert pilot.app.screen is screen and len(screen.game.events) == len(game.events)

        await pilot.press("n")
        await pilot.pause()
        await pilot.press("w")  # open it for writing, here
        await wait_for(pilot, "in-use", "load")
        writing = pilot.app.screen
        assert isinstance(writing, GrimoireScreen) and not writing.read_only, writing
        assert screen not in pilot.app.screen_stack
        assert "READ-ONLY" not in title(pilot.app)
        assert holder_of(path).pid == os.getpid()  # type: ignore[union-attr]
        await pilot.press("n")
        await settle(pilot)
        events = list(writing.game.events)
        assert len(events) == len(game.events) + 1
    assert list(load_game(path).events) == events
