"""Which game the grimoire has open: a small pointer file the town square follows.

``<data dir>/open-game.toml`` holds the open game's path and whether it is a rehearsal. The
grimoire writes it (atomically) whenever it opens a game; ``grimoire townsquare`` with no
argument reads it on each poll and switches when it changes. Pure: no Textual, no Rich.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w

from grimoire.core.limits import read_text
from grimoire.core.value import frozen
from grimoire.store.paths import data_dir
from grimoire.store.saves import write_atomic


@frozen
class OpenGame:
    path: Path
    rehearsal: bool = False


def pointer_path() -> Path:
    return data_dir() / "open-game.toml"


def record_open(path: Path, rehearsal: bool = False, pointer: Path | None = None) -> Path:
    text = tomli_w.dumps({"path": str(Path(path).resolve()), "rehearsal": rehearsal})
    return write_atomic(pointer or pointer_path(), text, backup=False)


def read_open(pointer: Path | None = None) -> OpenGame | None:
    """The game open now, or None if none was ever opened (or the pointer is unreadable)."""
    try:
        data = tomllib.loads(read_text(pointer or pointer_path()))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    path = data.get("path")
    if not isinstance(path, str) or not path:
        return None
    return OpenGame(Path(path), bool(data.get("rehearsal", False)))
