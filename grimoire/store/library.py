"""The game library: every Phantom game in its own file in ``<data dir>/games/``.

A new game gets a new file, named from its start date and title; no file is ever written over
(a name already taken, or whose backup is, gets " (2)", " (3)", …). The listing reads every
game's file (newest change first) and says where it stands; a file that cannot be read is
listed as damaged, with its problem, and never touched. Deleting moves a game (and its backup)
to ``<data dir>/trash/``, from which it can be restored. The single autosave of older versions
moves into the library once, bytes and all.

Pure: no Textual, no Rich. The assistant games keep their own autosaves in the same folder
(``grimoire.games.persist``); those are not Phantom games and are left out of the listing.
"""

from __future__ import annotations

import os
import re
import threading
import unicodedata
from collections.abc import Iterator, Sequence
from datetime import date
from pathlib import Path

import tomli_w

from grimoire.core.events import Event
from grimoire.core.limits import FileRefused, read_bytes
from grimoire.core.model import Phase
from grimoire.core.value import frozen
from grimoire.game import Game, TableSetup
from grimoire.modes import GAMES as ASSISTANT_GAMES
from grimoire.store.lock import lock_path, take
from grimoire.store.paths import data_dir
from grimoire.store.saves import SaveError, backup_path, load_game, record_to_dict

SUFFIX = ".toml"
# The assistant games' autosaves (grimoire.games.persist) share the folder.
ASIDE = frozenset(f"{mode.key}{SUFFIX}" for mode in ASSISTANT_GAMES)
# A file name's title part, in UTF-8 bytes: names stay far below every file system's limit.
TITLE_BYTES = 80
# What a title may not bring into a file name: path separators, and the characters that some
# file systems refuse (so that a library copied to another machine still works).
UNSAFE = re.compile(r'[/\\:*?"<>|\x00]')


def games_dir() -> Path:
    return data_dir() / "games"


def trash_dir() -> Path:
    return data_dir() / "trash"


# --- names ---------------------------------------------------------------------------------------
def safe_title(title: str) -> str:
    """A title as a file name's part: no separators or control characters, never empty.

    Letters of any script stay; what a file system could misread becomes "-"; runs of spaces
    become one; leading dots go (no hidden files) and the length is capped.
    """
    kept = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in title)
    kept = UNSAFE.sub("-", kept)
    kept = " ".join(kept.split()).lstrip(". ").rstrip(". ")
    while len(kept.encode("utf-8")) > TITLE_BYTES:
        kept = kept[:-1]
    kept = kept.rstrip(". ")
    return kept or "game"


def game_title(setup: TableSetup) -> str:
    """The title a game is known by: its own, else its first players' names."""
    if setup.title.strip():
        return setup.title.strip()
    names = [s.name.strip() for s in setup.seats if s.name.strip()]
    more = f" +{len(names) - 3}" if len(names) > 3 else ""
    return ", ".join(names[:3]) + more if names else "Phantom game"


def file_stem(title: str, started: date) -> str:
    return f"{started.isoformat()} {safe_title(title)}"


def _names(stem: str) -> Iterator[str]:
    yield stem + SUFFIX
    n = 2
    while True:
        yield f"{stem} ({n}){SUFFIX}"
        n += 1


def _taken(path: Path) -> bool:
    # A name whose backup exists belongs to that backup's game, even with the game gone; one
    # whose lock file exists may be a game a window is about to write.
    return path.exists() or backup_path(path).exists() or path.name in ASIDE or lock_path(path).exists()


# --- creating and moving, never over a file ------------------------------------------------------
def create_game(setup: TableSetup, events: Sequence[Event] = (), started: date | None = None) -> Path:
    """A new file for a new game, holding its record so far; returns its path."""
    text = tomli_w.dumps(record_to_dict(setup, events)).encode("utf-8")
    return create_file(games_dir(), file_stem(game_title(setup), started or date.today()), text)


def create_file(folder: Path, stem: str, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in _names(stem):
        path = folder / name
        if _taken(path):
            continue
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # taken between the look and the claim
            continue
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        return path
    raise AssertionError("unreachable")  # the names never run out


def _move(src: Path, dst: Path) -> None:
    """Move one file to a name that must not exist: a hard link refuses to replace a file."""
    try:
        os.link(src, dst)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: look, then rename (same folder tree)
        if dst.exists():
            raise FileExistsError(dst) from None
        os.rename(src, dst)
        return
    os.unlink(src)


def move_game(src: Path, folder: Path, stem: str | None = None) -> Path:
    """Move a game's file (and its backup, if any) into ``folder`` under a free name."""
    folder.mkdir(parents=True, exist_ok=True)
    bak = backup_path(src)
    for name in _names(stem if stem is not None else src.stem):
        dst = folder / name
        if _taken(dst):
            continue
        try:
            _move(src, dst)
        except FileExistsError:
            continue
        if bak.exists():
            try:
                _move(bak, backup_path(dst))
            except FileExistsError:  # someone made that backup just now: keep ours beside it
                move_game(bak, folder, f"{dst.stem} backup")
        return dst
    raise AssertionError("unreachable")


def delete_game(path: Path) -> Path:
    """Move a game to the trash (never deleted for good here); returns where it went.

    GameInUse if a window has it open: it would go on saving it where it was."""
    with take(path):
        return move_game(path, trash_dir())


def restore_game(path: Path) -> Path:
    """Move a game from the trash back into the library; returns where it went."""
    return move_game(path, games_dir())


# --- the listing ---------------------------------------------------------------------------------
@frozen
class Entry:
    """One saved game as the start screen lists it."""

    path: Path
    changed: float  # the file's last change (seconds since the epoch)
    title: str = ""
    players: int = 0
    stands: str = ""  # "night 3", "day 2", "not started", "finished: good won"
    problem: str | None = None  # set when the file cannot be read: it is damaged

    @property
    def damaged(self) -> bool:
        return self.problem is not None


def where_it_stands(game: Game) -> str:
    g = game.state
    if g.winner is not None:
        return f"finished: {g.winner.value} won"
    if g.phase is Phase.NIGHT:
        return f"night {g.night}"
    if g.phase is Phase.DAY:
        return f"day {g.day}"
    return "not started"


_cache: dict[tuple[Path, int, int], Entry] = {}
_cache_lock = threading.Lock()


def read_entry(path: Path) -> Entry | None:
    """The listing's entry for one file; None if it is gone. Read once per version of a file."""
    try:
        st = path.stat()
    except OSError:
        return None
    key = (path, st.st_mtime_ns, st.st_size)
    with _cache_lock:
        if key in _cache:
            return _cache[key]
    try:
        game = load_game(path)
    except SaveError as exc:
        problem = str(exc).removeprefix(f"{path}: ")
        entry = Entry(path, st.st_mtime, title=path.stem, problem=problem)
    else:
        entry = Entry(path, st.st_mtime, title=game_title(game.setup),
                      players=len(game.setup.seats), stands=where_it_stands(game))
    with _cache_lock:
        _cache[key] = entry
    return entry


def game_files(folder: Path) -> list[Path]:
    """Every file named like a game. Not only regular files: a FIFO or a device named so is
    listed too, and read_entry lists it as damaged (saves.load_game refuses it unread)."""
    if not folder.is_dir():
        return []
    return [p for p in folder.iterdir()
            if p.name.endswith(SUFFIX) and not p.name.startswith(".") and p.name not in ASIDE and not p.is_dir()]


def listing(folder: Path | None = None) -> list[Entry]:
    """Every game in the folder (the library by default), the last changed first."""
    entries = [e for p in game_files(folder or games_dir()) if (e := read_entry(p)) is not None]
    return sorted(entries, key=lambda e: (-e.changed, e.path.name))


def trash_listing() -> list[Entry]:
    return listing(trash_dir())


# --- the single autosave of older versions ------------------------------------------------------
def migrate_autosave() -> list[Path]:
    """Move ``autosave.toml`` (with its backup) into the library; run at every start, it does
    its work once. Damaged files move too, bytes unchanged (the listing shows them damaged)."""
    old = data_dir() / "autosave.toml"
    src = old if old.exists() else backup_path(old) if backup_path(old).exists() else None
    if src is None:
        return []
    twin = _same_file_in_library(src)
    if twin is not None:  # moved before, and the start stopped before the old name was gone
        src.unlink()
        bak = backup_path(src)
        if src == old and bak.exists() and not backup_path(twin).exists():
            _move(bak, backup_path(twin))
        return [twin]
    try:
        title = game_title(load_game(src).setup)
    except SaveError:
        title = "autosave"
    # Its start date is not recorded anywhere: the day it was last saved stands in for it.
    # (With only the backup left, the backup is the game.)
    started = date.fromtimestamp(src.stat().st_mtime)
    return [move_game(src, games_dir(), file_stem(title, started))]


def _same_file_in_library(src: Path) -> Path | None:
    try:
        data = read_bytes(src)
    except FileRefused:  # no game's bytes (a FIFO, a device): it moves in, listed as damaged
        return None
    for path in game_files(games_dir()):
        try:
            if path.stat().st_size == len(data) and read_bytes(path) == data:
                return path
        except OSError:
            continue
    return None
