"""The script files games were set up with, newest first: a new game offers them again."""

from __future__ import annotations

import json
from pathlib import Path

from grimoire.core.limits import read_text
from grimoire.store.paths import data_dir

KEEP = 12


def recent_path() -> Path:
    return data_dir() / "recent_scripts.json"


def recent_scripts() -> list[Path]:
    """The files remembered that still exist (a damaged list is an empty one: it is a convenience)."""
    try:
        data = json.loads(read_text(recent_path()))
    except (OSError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    return [Path(p) for p in data if isinstance(p, str) and Path(p).is_file()]


def remember_script(path: str | Path) -> None:
    from grimoire.store.saves import write_atomic

    ref = str(Path(path).expanduser().resolve())
    paths = [ref] + [str(p) for p in recent_scripts() if str(p) != ref]
    try:
        write_atomic(recent_path(), json.dumps(paths[:KEEP], indent=1), backup=False)
    except OSError:
        pass  # the list is a convenience: a game never fails for it
