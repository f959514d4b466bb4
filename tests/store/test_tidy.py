"""Temporary files left by a killed write are removed; one a live window is writing never is."""

from __future__ import annotations

import os
import time
from pathlib import Path

from grimoire.store.lock import lock_path, take
from grimoire.store.tidy import AGE, remove_temps_of, temp_target, tidy_folder


def temp(folder: Path, target: str, tail: str = "ab12cd_9", age: float = 0.0) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f".{target}.{tail}.tmp"
    path.write_text("half a save")
    if age:
        then = time.time() - age
        os.utime(path, (then, then))
    return path


def test_which_files_are_temporary_files(tmp_path: Path) -> None:
    assert temp_target(tmp_path / ".autosave.toml.x1y2z3_a.tmp") == tmp_path / "autosave.toml"
    assert temp_target(tmp_path / ".2024-05-01 Ann, Ben.toml.abcdefgh.tmp") == tmp_path / "2024-05-01 Ann, Ben.toml"
    for name in ("autosave.toml", ".autosave.toml.bak", ".x.toml.short.tmp", "x.toml.abcdefgh.tmp",
                 ".x.toml.ABCDEFGH.tmp", ".x.toml.abcdefgh.tmp.keep"):
        assert temp_target(tmp_path / name) is None, name


def test_old_temporary_files_go_whoever_they_belong_to(tmp_path: Path) -> None:
    old = temp(tmp_path, "pointer.toml", age=AGE + 60)
    young = temp(tmp_path, "pointer.toml", tail="zzzzzzzz")  # may be a write going on now
    keep = tmp_path / "game.toml"
    keep.write_text("a game")
    assert tidy_folder(tmp_path) == [old]
    assert young.exists() and keep.exists()


def test_a_dead_holders_leftovers_go_at_once_and_its_lock_file_with_them(tmp_path: Path, lock_holder) -> None:
    game = tmp_path / "game.toml"
    other = lock_holder(game)
    left = [temp(tmp_path, "game.toml"), temp(tmp_path, "game.toml", tail="abcdefgh")]
    assert tidy_folder(tmp_path) == []  # its window is alive: it may be writing them now
    other.kill()  # killed mid-write
    assert sorted(tidy_folder(tmp_path)) == sorted(left)
    assert not any(p.exists() for p in left)
    assert not lock_path(game).exists()


def test_a_game_this_process_holds_is_left_to_its_holder(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    with take(game):
        left = temp(tmp_path, "game.toml")
        assert tidy_folder(tmp_path) == []
        assert remove_temps_of(game) == [left]  # the holder removes its own, before writing
    assert not left.exists()


def test_no_folder_nothing_to_do(tmp_path: Path) -> None:
    assert tidy_folder(tmp_path / "none") == []
    assert remove_temps_of(tmp_path / "none" / "x.toml") == []
