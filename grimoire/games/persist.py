"""Autosaves of the assistant games: one TOML file per game, ``<data dir>/games/<key>.toml``.

Pure (no Textual, no Rich). Each game's own ``save`` module turns its state into a plain dict
(with a ``format`` version) and back; this module adds the game's key, writes atomically with a
backup of the previous file, and reads with one clear error, ``GameSaveError``, that names the
file and the problem. Reading never touches the file, whatever is wrong with it.

An autosave holds the game now and the states undo goes back to (``Autosaved``), so that undo
survives a resume as it does in the grimoire: ``[[undo]]`` tables, oldest first, at most
``UNDO_KEPT`` (older saves without them load with nothing to undo). ``SaveWriter`` makes each
undo state's TOML once, as the grimoire's record writer does each event's.

The writing itself is the one writer every autosave uses (``grimoire.store.autosaver``):
ordered, in one thread, never older over newer, and only while this window holds the game's
lock (one window plays a game at a time; a second may only watch it).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import tomli_w

from grimoire.core.freetext import refuse_unsafe
from grimoire.core.limits import FileRefused, read_bytes, unreadable
from grimoire.core.value import frozen
from grimoire.store.autosaver import AutoSaver
from grimoire.store.paths import data_dir
from grimoire.store.saves import write_atomic

S = TypeVar("S")
UNDO_KEPT = 100  # the changes undo can take back, before and after a resume


class GameSaveError(ValueError):
    """An autosave that cannot be used; ``path`` is the file, ``problem`` says what is wrong."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def autosave_path(key: str) -> Path:
    """Where the autosave of the game ``key`` (its mode name) lives."""
    return data_dir() / "games" / f"{key}.toml"


def has_autosave(key: str) -> bool:
    return autosave_path(key).exists()


def dumps(key: str, data: dict[str, Any]) -> str:
    return tomli_w.dumps({"game": key, **data})


def write(key: str, data: dict[str, Any]) -> Path:
    """Write the game's autosave atomically; the previous file is kept as ``<key>.toml.bak``."""
    return write_atomic(autosave_path(key), dumps(key, data), backup=True)


def read(key: str, version: int) -> dict[str, Any]:
    """The autosave's data, checked to be this game's and at most format ``version``."""
    path = autosave_path(key)
    try:
        raw = read_bytes(path)
    except FileRefused as exc:
        raise GameSaveError(path, exc.problem) from None
    except FileNotFoundError:
        raise GameSaveError(path, "no autosave") from None
    except OSError as exc:
        raise GameSaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark at the start, as an editor may add, dropped
    except UnicodeDecodeError:
        raise GameSaveError(path, "damaged: not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise GameSaveError(path, f"damaged or truncated, not TOML: {exc}") from None
    except (RecursionError, ValueError) as exc:  # too deep, or a number too long for Python
        raise GameSaveError(path, f"damaged: {unreadable(text, True, exc)}") from None
    game = data.get("game")
    if game != key:
        found = f"a {game!r} game" if isinstance(game, str) else "no game name"
        raise GameSaveError(path, f"wrong game: expected {key!r}, found {found}")
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise GameSaveError(path, "bad content: no format version")
    if fmt > version:
        raise GameSaveError(
            path, f"written by a newer Grimoire (format {fmt}; this one reads up to {version})"
        )
    return data


def names(value: Any, what: str) -> tuple[str, ...]:
    """A save's list of names as typed, checked: no character in them that acts on a terminal
    or hides how the name reads (ESC, a bidi override). ValueError says which."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} must be a list of names")
    for name in value:
        refuse_unsafe(name, f"{what}: the name")
    return tuple(value)


def load(key: str, version: int, from_dict: Callable[[dict[str, Any]], S]) -> S:
    """Read and rebuild the game's state; any problem is a ``GameSaveError`` (file untouched)."""
    data = read(key, version)
    try:
        return from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        detail = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        raise GameSaveError(autosave_path(key), f"bad content: {detail}") from None


def delete(key: str) -> bool:
    """Delete the autosave (a game finished or abandoned on purpose). The ``.bak`` stays."""
    try:
        autosave_path(key).unlink()
    except FileNotFoundError:
        return False
    return True


# --- the game now and its undo -----------------------------------------------------------------
@frozen
class Autosaved:
    """What a game's autosave holds: the game now (``state``) and the earlier states undo goes
    back to, oldest first (the last is what undo restores)."""

    state: Any
    undo: tuple[Any, ...] = ()


def _no_key(entry: Any, state: Any) -> Hashable:
    return None


@frozen
class SaveFormat:
    """How one game is saved: its key and format version, its state as a dict and back, and
    an undo state as a dict and back (by default the same as the state). An undo state's dict
    may depend on the game now (Vampir Mau Mau keeps only how much of the log it had);
    ``undo_key`` says on what, so that its text is made again when that changes."""

    key: str
    version: int
    to_dict: Callable[[Any], dict[str, Any]]
    from_dict: Callable[[dict[str, Any]], Any]
    undo_to_dict: Callable[[Any, Any], dict[str, Any]] | None = None
    undo_from_dict: Callable[[dict[str, Any], Any], Any] | None = None
    undo_key: Callable[[Any, Any], Hashable] = _no_key

    def undo_row(self, entry: Any, state: Any) -> dict[str, Any]:
        row = self.undo_to_dict(entry, state) if self.undo_to_dict else self.to_dict(entry)
        return {k: v for k, v in row.items() if k != "format"}

    def undo_entry(self, row: dict[str, Any], state: Any) -> Any:
        return self.undo_from_dict(row, state) if self.undo_from_dict else self.from_dict(row)


def kept(undo: Sequence[Any]) -> tuple[Any, ...]:
    """The undo states a save keeps: the newest ``UNDO_KEPT``."""
    return tuple(undo[-UNDO_KEPT:])


def saved_dict(fmt: SaveFormat, saved: Autosaved) -> dict[str, Any]:
    """The autosave as plain data (what ``SaveWriter`` writes, less the game's key)."""
    data = fmt.to_dict(saved.state)
    rows = [fmt.undo_row(entry, saved.state) for entry in kept(saved.undo)]
    return {**data, "undo": rows} if rows else data


def saved_from_dict(fmt: SaveFormat, data: dict[str, Any]) -> Autosaved:
    """The game now and its undo, from a save's data; an undo state that cannot be read is a
    ValueError naming it ("undo 3: …")."""
    state = fmt.from_dict(data)
    rows = data.get("undo", [])
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise ValueError("undo must be an array of tables")
    undo = []
    for n, row in enumerate(rows[-UNDO_KEPT:], start=1):
        try:
            undo.append(fmt.undo_entry(row, state))
        except KeyError as exc:
            raise ValueError(f"undo {n}: missing {exc}") from None
        except (TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ValueError(f"undo {n}: {exc}") from None
    return Autosaved(state, tuple(undo))


def load_saved(fmt: SaveFormat) -> Autosaved:
    """Read the game's autosave: the game and its undo (GameSaveError; the file untouched)."""
    return load(fmt.key, fmt.version, lambda data: saved_from_dict(fmt, data))


_HEADER = re.compile(r"^(\[\[?)", re.MULTILINE)  # a table's header: the only lines tomli_w starts with "["


class SaveWriter:
    """Writes one game's autosave again and again, making each undo state's TOML only once.

    The undo states are frozen and only come and go at the ends of the list, so a state this
    save shares with the last one (the same object, for the same ``undo_key``) keeps its text;
    the game now is written afresh. Not thread-safe: one writer per saver, used by its thread.
    """

    def __init__(self, fmt: SaveFormat) -> None:
        self.fmt = fmt
        self._pieces: dict[tuple[int, Hashable], tuple[Any, str]] = {}

    def dumps(self, saved: Autosaved) -> str:
        fmt = self.fmt
        text = dumps(fmt.key, fmt.to_dict(saved.state))
        pieces: dict[tuple[int, Hashable], tuple[Any, str]] = {}
        texts = []
        for entry in kept(saved.undo):
            key = (id(entry), fmt.undo_key(entry, saved.state))
            hit = pieces.get(key) or self._pieces.get(key)
            if hit is None or hit[0] is not entry:
                # Each table of the state goes under this [[undo]] entry: [turn] -> [undo.turn].
                body = _HEADER.sub(r"\1undo.", tomli_w.dumps(fmt.undo_row(entry, saved.state)))
                hit = (entry, f"\n[[undo]]\n{body}")
            pieces[key] = hit
            texts.append(hit[1])
        self._pieces = pieces
        return text + "".join(texts)

    def save(self, saved: Autosaved, path: Path) -> Path:
        return write_atomic(path, self.dumps(saved), backup=True)


def game_saver(fmt: SaveFormat, on_error: Callable[[str], None] | None = None,
               on_saved: Callable[[], None] | None = None) -> AutoSaver[Autosaved]:
    """The game's autosave on the one autosave writer (it writes once it holds the game)."""
    return AutoSaver(autosave_path(fmt.key), SaveWriter(fmt).save, on_error=on_error, on_saved=on_saved)
