"""One window per game: the lock file beside a game, held, stale, released, and what it says."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from grimoire.store import lock
from grimoire.store.lock import GameInUse, Holder, holder_of, lock_path, parse_holder, take


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_held_game_cannot_be_taken_again_and_names_its_holder(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    held = take(game)
    assert held.held and lock_path(game).exists()
    with pytest.raises(GameInUse) as err:
        take(game)  # another window (a second lock in this process counts as one)
    assert err.value.holder.pid == os.getpid()
    assert err.value.holder.host == socket.gethostname()
    assert err.value.holder.since is not None
    assert err.value.path == game
    held.release()


def test_a_released_lock_leaves_no_file_and_can_be_taken_again(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    with take(game):
        pass
    assert not lock_path(game).exists()
    again = take(game)
    again.release()
    again.release()  # twice is harmless
    assert holder_of(game) is None


def test_another_process_holds_until_it_is_killed_then_the_lock_is_taken_over(tmp_path: Path, lock_holder) -> None:
    game = tmp_path / "game.toml"
    other = lock_holder(game)
    with pytest.raises(GameInUse) as err:
        take(game)
    assert err.value.holder.pid == other.pid
    assert holder_of(game) == err.value.holder
    other.kill()  # kill -9: the lock file stays behind, but nobody holds it
    assert lock_path(game).exists()
    with take(game) as mine:
        assert mine.held
        assert parse_holder(lock_path(game).read_text()).pid == os.getpid()  # type: ignore[union-attr]


def test_a_stale_lock_file_of_any_content_is_taken_over(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    lock_path(game).write_bytes(b"pid = 1\nhost = 'elsewhere'\n\x00\xff garbage")
    with take(game):
        assert parse_holder(lock_path(game).read_text()).pid == os.getpid()  # type: ignore[union-attr]


def test_two_names_for_one_game_share_its_lock(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    game.write_text("")
    (tmp_path / "link.toml").symlink_to(game)
    with take(game):
        with pytest.raises(GameInUse):
            take(tmp_path / "link.toml")
        with pytest.raises(GameInUse):
            take(tmp_path / "sub" / ".." / "game.toml")


def test_a_link_in_place_of_the_lock_file_is_not_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "elsewhere.txt"
    victim.write_text("keep me")
    lock_path(tmp_path / "game.toml").symlink_to(victim)
    with pytest.raises(OSError):
        take(tmp_path / "game.toml")
    assert victim.read_text() == "keep me"


def test_the_holder_in_words() -> None:
    since = datetime(2024, 5, 1, 10, 2, 33)
    holder = Holder(1234, "laptop", since)
    assert holder.describe(now=since + timedelta(hours=3)) == "pid 1234 on laptop, since 10:02"
    assert holder.describe(now=since + timedelta(days=1)) == "pid 1234 on laptop, since 2024-05-01 10:02"
    assert Holder().describe() == "holder unknown"
    assert Holder(pid=7).describe() == "pid 7"
    message = str(GameInUse(Path("/g/x.toml"), Holder(1234, "laptop")))
    assert message == "/g/x.toml: open in another window (pid 1234 on laptop)"


def test_what_a_lock_file_says_is_checked() -> None:
    text = lock.holder_text(Holder(99, "box", datetime(2024, 5, 1, 10, 2).astimezone()))
    assert parse_holder(text) == Holder(99, "box", datetime(2024, 5, 1, 10, 2).astimezone())
    hostile = parse_holder('pid = -5\nhost = "evil\\u001b[2J\\u0007host"\nsince = "noon"\n')
    assert hostile == Holder(None, "evil[2Jhost", None)  # no control character reaches a message
    assert parse_holder("") is None
    assert parse_holder("not toml [") is None
    assert parse_holder("pid = true") is None


# --- where fcntl is missing (Windows): an exclusive lock file and a look at its process ---------
@pytest.fixture
def no_fcntl(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lock, "fcntl", None)


@pytest.mark.usefixtures("no_fcntl")
def test_without_fcntl_a_live_holder_holds_and_a_dead_one_is_taken_over(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    with take(game):
        with pytest.raises(GameInUse) as err:
            take(game)
        assert err.value.holder.pid == os.getpid()
    assert not lock_path(game).exists()
    lock_path(game).write_text(lock.holder_text(Holder(dead_pid(), socket.gethostname())))
    with take(game):
        assert parse_holder(lock_path(game).read_text()).pid == os.getpid()  # type: ignore[union-attr]


@pytest.mark.usefixtures("no_fcntl")
def test_without_fcntl_a_lock_file_naming_nobody_holds_only_while_fresh(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    lock_path(game).write_text("")  # its taker is writing its name in it right now
    with pytest.raises(GameInUse):
        take(game)
    old = lock_path(game).stat().st_mtime - 2 * lock.UNNAMED_GRACE
    os.utime(lock_path(game), (old, old))  # its taker died before writing it
    with take(game):
        pass


@pytest.mark.usefixtures("no_fcntl")
def test_without_fcntl_another_machine_holds(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    lock_path(game).write_text(lock.holder_text(Holder(dead_pid(), "another-machine")))
    with pytest.raises(GameInUse) as err:
        take(game)
    assert err.value.holder.host == "another-machine"


def test_letting_go_in_a_folder_made_read_only_leaves_the_lock_file_free(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # The game's folder refused every write mid-game (the storyteller chose to quit anyway):
    # the lock file stays behind, unlocked, and is taken over by the next window.
    game = tmp_path / "game.toml"
    held = take(game)

    def refused(path: object) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    with monkeypatch.context() as patched:
        patched.setattr(lock.os, "unlink", refused)
        held.release()
    assert not held.held and lock_path(game).exists()
    again = take(game)
    assert again.held
    again.release()


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_fifo_or_a_folder_in_place_of_the_lock_file_is_refused_plainly(tmp_path: Path, kind: str) -> None:
    # Neither hangs nor says something else went wrong: the game cannot be held (nor saved)
    # until the odd file is moved away, and holder_of finds nobody holding it.
    from grimoire.core.limits import FileRefused

    game = tmp_path / "game.toml"
    where = lock_path(game)
    if kind == "fifo":
        os.mkfifo(where)
    else:
        where.mkdir()
    with pytest.raises(FileRefused) as refused:
        take(game)
    assert ("named pipe (FIFO)" if kind == "fifo" else "a folder") in refused.value.problem
    assert str(where) in str(refused.value)
    assert (where.is_dir() if kind == "folder" else where.is_fifo())  # left as it was
