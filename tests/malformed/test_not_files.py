"""The one reader of saves, scripts, scenarios and data: a path that is no regular file (a
FIFO, a device, a folder) or is bigger than any real file is refused at once, by name."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from grimoire.core import limits
from grimoire.core.limits import MAX_BYTES, FileRefused, read_bytes

from .specials import DEVICE, PIPE, TOO_BIG, at_once, release, sparse

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and devices are POSIX")


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Callable[..., Path]]:
    """``fifo(name)``: a FIFO at ``tmp_path/name`` (or ``fifo(path)``), released after the test."""
    made: list[Path] = []

    def make(name: str | Path) -> Path:
        path = Path(name) if Path(name).is_absolute() else tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
        made.append(path)
        return path

    yield make
    for path in made:
        release(path)


# --- the one reader -------------------------------------------------------------------------------
def test_what_is_no_regular_file_is_refused_by_what_it_is(tmp_path: Path, fifo) -> None:
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")  # a symlink is followed: this is a device
    for path, problem in ((fifo("pipe.toml"), PIPE), (link, DEVICE), (tmp_path, "a folder, not a file")):
        with at_once(), pytest.raises(FileRefused) as info:
            read_bytes(path)
        assert str(info.value) == f"{path}: {problem}"
        assert info.value.problem == problem and isinstance(info.value, OSError)


def test_a_file_over_the_limit_is_refused_unread(tmp_path: Path) -> None:
    with pytest.raises(FileRefused) as info:
        read_bytes(sparse(tmp_path / "huge.toml", MAX_BYTES + 1))
    assert str(info.value) == f"{tmp_path / 'huge.toml'}: {TOO_BIG}"
    exact = tmp_path / "ten.toml"
    exact.write_bytes(b"0123456789")
    assert read_bytes(exact, limit=10) == b"0123456789"
    with pytest.raises(FileRefused, match="larger than 9 bytes"):
        read_bytes(exact, limit=9)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_no_more_than_the_limit_is_read_whatever_the_size_said() -> None:
    # A /proc file says it is empty, and holds far more: the read stops at limit + 1.
    with pytest.raises(FileRefused, match="larger than 10 bytes"):
        read_bytes("/proc/self/status", limit=10)


def test_a_fifo_put_in_the_files_place_after_the_look_is_refused(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "game.toml"
    path.write_text("x = 1\n", encoding="utf-8")
    looked = os.stat
    swapped: list[Path] = []

    def look_then_swap(p, *args, **kwargs):  # type: ignore[no-untyped-def]
        st = looked(p, *args, **kwargs)
        if Path(p) == path and not swapped:
            swapped.append(path)
            path.unlink()
            os.mkfifo(path)  # between the look and the open
        return st

    monkeypatch.setattr(limits.os, "stat", look_then_swap)
    try:
        with at_once(), pytest.raises(FileRefused) as info:
            read_bytes(path)
    finally:
        monkeypatch.undo()
        release(path)
    assert info.value.problem == PIPE
