"""The small JSON files kept beside a game by the grimoire and ``grimoire serve`` (the table's
live file, the hands, the phones' cards): each read whole, any damage read as nothing, and
removed together when a new game starts at the same path. Pure of Textual and Rich."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from grimoire.core.limits import read_bytes


def read_small_json(path: Path, limit: int) -> Any:
    """The file's JSON, or None when it is missing, too big (not written by us) or damaged."""
    try:
        return json.loads(read_bytes(path, limit).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None


def forget(paths: Iterable[Path]) -> None:
    """Each of ``paths`` removed, where it is."""
    for path in paths:
        try:
            path.unlink()
        except OSError:
            pass
