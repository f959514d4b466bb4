"""No test writes where Grimoire keeps the files of whoever runs the tests.

The real places (the data and config folders, as the environment gives them before any test
changes it, and their defaults under the real home) are worked out once, as the tests start.
Each test then gets a home of its own (tests/conftest.py), and a write to a real place anyway
(a ``monkeypatch.undo()`` that also undid the private home, a path worked out from the real
environment) is refused at the write, PermissionError, and the test fails, naming the file.

An audit hook (``sys.addaudithook``) sees every file opened for writing, every rename, removal
and new folder of this process, the app's threads included, whatever code made it. It cannot
be taken off once added, so it does nothing but refuse and record. The processes a test
starts inherit its home through the environment.

Only Grimoire's own places are guarded, not the whole home: a checkout, its bytecode and
pytest's cache may well live there.
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def real_places(environ: Mapping[str, str]) -> tuple[str, ...]:
    """Where Grimoire would keep its files under ``environ`` (grimoire.store.paths), resolved."""
    home = Path(environ.get("HOME") or Path.home())
    places = [home / ".local" / "share" / "grimoire", home / ".config" / "grimoire"]
    if environ.get("GRIMOIRE_HOME"):
        places.append(Path(environ["GRIMOIRE_HOME"]))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        if environ.get(name):
            places.append(Path(environ[name]) / "grimoire")
    return tuple(sorted({os.path.realpath(p) for p in places}))


def _opened(args: tuple[Any, ...]) -> tuple[Any, ...]:
    path, mode, flags = args
    if isinstance(mode, str):  # open(): its mode
        return (path,) if any(c in mode for c in "wax+") else ()
    return (path,) if flags & _WRITE_FLAGS else ()  # os.open(): its flags


# The audit events that change the file system, and which of their arguments is written.
_WRITTEN: dict[str, Callable[[tuple[Any, ...]], tuple[Any, ...]]] = {
    "open": _opened,
    "os.rename": lambda a: a[:2],  # os.rename and os.replace
    "os.remove": lambda a: a[:1],  # os.remove and os.unlink
    "os.rmdir": lambda a: a[:1],
    "os.mkdir": lambda a: a[:1],
    "os.link": lambda a: a[1:2],
    "os.symlink": lambda a: a[1:2],
    "os.truncate": lambda a: a[:1],
    "os.utime": lambda a: a[:1],
    "os.chmod": lambda a: a[:1],
    "os.chown": lambda a: a[:1],
    "shutil.copyfile": lambda a: a[1:2],
    "shutil.copytree": lambda a: a[1:2],
    "shutil.move": lambda a: a,
    "shutil.rmtree": lambda a: a[:1],
}


class HomeGuard:
    """Refuses and records every write of this process to ``places``."""

    def __init__(self, places: tuple[str, ...]) -> None:
        self.places = places
        self._refused: list[str] = []
        self._lock = threading.Lock()

    def install(self) -> None:
        sys.addaudithook(self._hook)

    def take(self) -> list[str]:
        """The writes refused since the last ``take``, each with where it was made."""
        with self._lock:
            refused, self._refused = self._refused, []
        return refused

    def _inside(self, path: Any) -> str | None:
        if not isinstance(path, (str, bytes, os.PathLike)):
            return None  # a file descriptor
        where = os.path.realpath(os.fsdecode(path))
        if any(where == p or where.startswith(p + os.sep) for p in self.places):
            return where
        return None

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        written = _WRITTEN.get(event)
        if written is None:  # most events (id(), attribute lookups...): as quick as can be
            return
        for path in written(args):
            where = self._inside(path)
            if where is not None:
                stack = "".join(traceback.format_stack(limit=12)[:-2])
                with self._lock:
                    self._refused.append(f"{event} {where}\n{stack}")
                raise PermissionError(13, "a test may not write Grimoire's real files", where)
