"""Autosaves of the assistant games: one TOML file per game, ``<data dir>/games/<key>.toml``.

Pure (no Textual, no Rich). Each game's own ``save`` module turns its state into a plain dict
(with a ``format`` version) and back; this module adds the game's key, writes atomically with a
backup of the previous file, and reads with one clear error, ``GameSaveError``, that names the
file and the problem. Reading never touches the file, whatever is wrong with it.

``AutoSaver`` orders the writes a screen hands to worker threads: a snapshot older than the last
one written (or than a deliberate delete) is dropped, so an older state never lands over a newer.
It writes only while it holds the autosave's lock (``grimoire.store.lock``): one window plays a
game at a time, and a second one may only watch it.
"""

from __future__ import annotations

import threading
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import tomli_w

from grimoire.core.freetext import refuse_unsafe
from grimoire.core.limits import unreadable
from grimoire.store.paths import data_dir
from grimoire.store.saves import write_atomic

S = TypeVar("S")

if TYPE_CHECKING:
    from grimoire.store.lock import GameLock


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
        raw = path.read_bytes()
    except FileNotFoundError:
        raise GameSaveError(path, "no autosave") from None
    except OSError as exc:
        raise GameSaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
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


class AutoSaver(Generic[S]):
    """Thread-safe, ordered autosaving of one game's states.

    The UI thread calls ``issue`` (or ``issue_delete``) and hands the number to a worker, which
    calls ``write`` (or ``delete``); anything numbered at or below the last done is dropped.
    While ``blocked`` (the autosave on disk could not be read), before ``hold`` and after
    ``let_go`` nothing is written or deleted.
    """

    def __init__(self, key: str, to_dict: Callable[[S], dict[str, Any]]) -> None:
        self.key = key
        self.to_dict = to_dict
        self.blocked = False
        self.held: GameLock | None = None  # the autosave's lock, while this window plays it
        self._lock = threading.Lock()
        self._issued = 0
        self._done = 0
        self._latest: tuple[int, S | None] | None = None  # None state: a delete
        self.last_error: str | None = None

    @property
    def path(self) -> Path:
        return autosave_path(self.key)

    def hold(self) -> None:
        """Take the autosave's lock for this window: GameInUse if another window plays the
        game (then this saver never writes), OSError if the folder cannot be written."""
        from grimoire.store.lock import take
        from grimoire.store.tidy import remove_temps_of

        if self.held is None:
            self.held = take(self.path)
            try:
                remove_temps_of(self.path)  # a killed write's leftovers: nobody writes it now
            except OSError:
                pass

    def let_go(self) -> None:
        """Write what is still waiting, then give the lock up (leaving the game)."""
        try:
            self.flush()
        except OSError:
            pass
        with self._lock:
            held, self.held = self.held, None
        if held is not None:
            held.release()

    @property
    def writable(self) -> bool:
        return self.held is not None and not self.blocked

    def issue(self, state: S) -> int:
        with self._lock:
            self._issued += 1
            self._latest = (self._issued, state)
            return self._issued

    def issue_delete(self) -> int:
        with self._lock:
            self._issued += 1
            self._latest = (self._issued, None)
            return self._issued

    def write(self, number: int, state: S) -> bool:
        """Write ``state`` unless something newer was already done. Raises OSError."""
        with self._lock:
            if number <= self._done or not self.writable:
                return False
            try:
                write(self.key, self.to_dict(state))
            except OSError as exc:
                self.last_error = f"{self.path}: {exc.strerror or exc}"
                raise
            self._done = number
            self.last_error = None
            return True

    def delete(self, number: int) -> bool:
        with self._lock:
            if number <= self._done or not self.writable:
                return False
            delete(self.key)
            self._done = number
            return True

    def flush(self) -> bool:
        """Do the latest issued save or delete now, if a worker has not yet (on leaving)."""
        latest = self._latest
        if latest is None:
            return False
        number, state = latest
        return self.delete(number) if state is None else self.write(number, state)

    @property
    def pending(self) -> bool:
        return self._done < self._issued
