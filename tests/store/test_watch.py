"""The town square's watch on a save file: a change is told once, and nothing else is."""

from __future__ import annotations

import os
from pathlib import Path

from grimoire.store.saves import write_atomic
from grimoire.store.watch import FileWatch


def test_a_change_is_told_once_and_an_unchanged_file_never(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    watch = FileWatch(path)
    assert not watch.changed() and watch.missing
    path.write_text("a", encoding="utf-8")
    assert watch.changed() and not watch.missing
    assert not watch.changed()
    assert not watch.changed()
    write_atomic(path, "b", backup=False)  # the autosave's way: a new file in its place
    assert watch.changed()
    assert not watch.changed()


def test_a_rewrite_of_the_same_size_with_the_same_inode_is_seen_by_its_time(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text("a", encoding="utf-8")
    watch = FileWatch(path)
    assert watch.changed()
    st = path.stat()
    path.write_text("b", encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert watch.changed()
