"""A disk full or a folder made read-only mid-game: the last good save on disk stays whole, no
half-written file is left beside it, and the autosave keeps saying what is not on disk until a
write succeeds again."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store import saves
from grimoire.store.autosaver import AutoSaver
from grimoire.store.saves import backup_path, load_game, save_game, write_atomic


def first_night() -> Game:
    game = Game(random_table(8, seed=3, script="phantom"))
    game.apply(ev.StartNight())
    return game


def _full(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_write_that_fills_the_disk_leaves_the_good_save_whole(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = first_night()
    path = save_game(game, tmp_path / "game.toml")
    good = path.read_bytes()
    monkeypatch.setattr(saves.os, "fsync", _full)  # the data did not all reach the disk
    with pytest.raises(OSError) as raised:
        write_atomic(path, "half of a game", backup=True)
    assert raised.value.errno == errno.ENOSPC
    assert path.read_bytes() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml"]  # no temp file left


def test_a_backup_that_cannot_be_written_keeps_the_last_backup_and_the_save(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "game.toml"
    write_atomic(path, "first\n")
    write_atomic(path, "second\n")
    assert backup_path(path).read_text() == "first\n"
    copy = shutil.copy2

    def copy_half(src: object, dst: object, **kwargs: object) -> None:
        Path(str(dst)).write_text("fir")  # the disk filled up part way through the copy
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(saves.shutil, "copy2", copy_half)
    with pytest.raises(OSError):
        write_atomic(path, "third\n")
    monkeypatch.setattr(saves.shutil, "copy2", copy)
    assert path.read_text() == "second\n"
    assert backup_path(path).read_text() == "first\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml", "game.toml.bak"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_folder_made_read_only_refuses_the_write_and_keeps_the_save(tmp_path: Path) -> None:
    game = first_night()
    folder = tmp_path / "games"
    path = save_game(game, folder / "game.toml")
    good = path.read_bytes()
    folder.chmod(0o555)
    try:
        with pytest.raises(PermissionError):
            write_atomic(path, "a newer game", backup=True)
        assert path.read_bytes() == good and [p.name for p in folder.iterdir()] == ["game.toml"]
    finally:
        folder.chmod(0o755)
    assert load_game(path).events == game.events


def _failing(path: Path) -> tuple[AutoSaver[int], set[int]]:
    """A saver writing the number it is given; it fails while ``full`` holds True."""
    full = {1}

    def write(n: int, to: Path) -> None:
        if full:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        write_atomic(to, str(n))

    return AutoSaver(path, write, held_elsewhere=True), full


def test_the_saver_counts_the_changes_not_on_disk_until_a_write_succeeds(tmp_path: Path) -> None:
    saver, full = _failing(tmp_path / "game.toml")
    full.clear()
    saver.save(1)
    assert saver.flush(timeout=10) and saver.unsaved == 0 and saver.failing_since is None
    full.add(1)
    saved_again: list[bool] = []
    saver.on_saved = lambda: saved_again.append(True)
    for n in (2, 3, 4):
        saver.save(n)
        assert saver.flush(timeout=10)
    assert saver.unsaved == 3
    assert saver.last_error == f"{tmp_path / 'game.toml'}: No space left on device"
    since = saver.failing_since
    assert since is not None
    saver.save(5)
    assert saver.flush(timeout=10) and saver.failing_since == since  # since the first failure
    assert (tmp_path / "game.toml").read_text() == "1" and not saved_again
    full.clear()
    saver.retry()  # no new change: the newest is written again on demand
    assert saver.flush(timeout=10)
    assert (tmp_path / "game.toml").read_text() == "5"
    assert saver.unsaved == 0 and saver.failing_since is None and saver.last_error is None
    assert saved_again == [True]
    saver.retry()  # nothing unsaved: nothing written
    assert saver.flush(timeout=10) and saved_again == [True]
    saver.close()


def test_a_retry_that_fails_again_keeps_everything_unsaved(tmp_path: Path) -> None:
    saver, _ = _failing(tmp_path / "game.toml")
    saver.save(1)
    saver.save(2)
    assert saver.flush(timeout=10)
    saver.retry()
    assert saver.flush(timeout=10)
    assert saver.unsaved == 2 and saver.last_error is not None
    assert not (tmp_path / "game.toml").exists()
    saver.close()
