"""Temporary files left by a write that never finished (its process was killed mid-write).

``write_atomic`` writes ``.<name>.<random>.tmp`` beside the file, then renames it over the
file, so a kill before the rename leaves one behind (a long game's can be megabytes). One is
removed only when it cannot be a write going on now: when its game's lock was left by a
process that is gone (every game is written under its lock, ``grimoire.store.lock``), or when
it is older than any write takes (``AGE``). A window holding a game removes that game's own
leftovers when it takes the lock, before it writes.

Pure: no Textual, no Rich.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from grimoire.store.lock import GameInUse, lock_path, take

# tempfile's names: the prefix write_atomic gives, eight random characters, the suffix.
TEMP = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp", re.DOTALL)
AGE = 3600.0  # seconds: far longer than the largest save takes to write


def temp_target(path: Path) -> Path | None:
    """The file a temporary file was to become; None if it is not one of write_atomic's."""
    match = TEMP.fullmatch(path.name)
    return path.with_name(match["target"]) if match else None


def _temps(folder: Path) -> list[tuple[Path, float]]:
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no folder (nothing saved there yet), or unreadable
        return []
    found = []
    for entry in entries:
        if not TEMP.fullmatch(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False):
                found.append((Path(entry.path), entry.stat(follow_symlinks=False).st_mtime))
        except OSError:
            continue
    return found


def _remove(paths: list[Path]) -> list[Path]:
    removed = []
    for path in paths:
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError:  # not ours to remove: left for someone who can
            continue
        removed.append(path)
    return removed


def remove_temps_of(path: Path) -> list[Path]:
    """Remove the temporary files of the file ``path``; only for the holder of its lock, before
    it writes (nobody else writes a game whose lock is held)."""
    path = Path(path)
    return _remove([p for p, _ in _temps(path.parent) if temp_target(p) == path])


def tidy_folder(folder: Path, now: float | None = None, age: float = AGE) -> list[Path]:
    """Remove the temporary files in ``folder`` that no live window is writing; returns them."""
    now = time.time() if now is None else now
    old: list[Path] = []
    fresh: dict[Path, list[Path]] = {}
    for path, changed in _temps(Path(folder)):
        if now - changed > age:
            old.append(path)
        else:
            target = temp_target(path)
            assert target is not None
            fresh.setdefault(target, []).append(path)
    removed = _remove(old)
    for target, temps in fresh.items():
        # No lock file: nobody holds it, but a file written without a lock (the town
        # square's pointer, an export) may be being written now: only its age can tell.
        if not lock_path(target).exists():
            continue
        try:
            held = take(target)
        except (GameInUse, OSError):
            continue  # a live window holds it: it may be writing this very file
        with held:  # its holder died: these are its leftovers
            removed += _remove(temps)
    return removed
