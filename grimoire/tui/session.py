"""The live game behind the grimoire screen, and its autosave.

``Session`` is the only place the app changes a game: every storyteller action is one event
given to ``Game.apply`` (the engine says yes or no), then the autosave is asked for. The
autosave writes a snapshot (setup plus a copy of the events) atomically, in its own thread,
never older over newer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grimoire.core import events as ev
from grimoire.game import Game, IllegalAction, TableSetup
from grimoire.store.saves import RecordWriter


Snapshot = tuple[TableSetup, tuple[ev.Event, ...]]


class AutoSaver:
    """Ordered saving in one writer thread, started on the first save.

    ``submit`` costs the caller nothing but a lock: the thread writes the newest snapshot
    waiting, and skips older ones still waiting (the newest holds every event they hold).
    A snapshot older than the last one written is never written over it.
    """

    def __init__(self, path: Path, on_error: Callable[[str], None] | None = None) -> None:
        self.path = path
        self.on_error = on_error
        self.last_error: str | None = None
        # Each event's TOML made once, not on every save. A game read from its file brings a
        # writer that has made its events' text already (saves.load_for_play), put here as the
        # game opens: the writer thread takes it at its next write.
        self.writer = RecordWriter()
        self._cond = threading.Condition()
        self._issued = 0
        self._written = 0
        self._waiting: tuple[int, Snapshot] | None = None
        self._last: tuple[int, Snapshot] | None = None  # the newest snapshot taken
        self._busy = False
        self._closing = False
        self._thread: threading.Thread | None = None

    def snapshot(self, game: Game) -> tuple[int, Snapshot]:
        self._issued += 1
        # A copy of the log: the writer never reads the live game.
        self._last = (self._issued, (game.setup, tuple(game.events)))
        return self._last

    def submit(self, number: int, snap: Snapshot) -> None:
        with self._cond:
            if self._waiting is None or number > self._waiting[0]:
                self._waiting = (number, snap)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="grimoire-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def write(self, number: int, snap: Snapshot) -> bool:
        """Write now, in the calling thread (the writer thread calls this)."""
        if number <= self._written:
            return False
        try:
            self.writer.save(*snap, self.path)
        except OSError as exc:
            self.last_error = f"{self.path}: {exc.strerror or exc}"
            raise
        self._written = number
        self.last_error = None
        return True

    def close(self) -> None:
        """The app is ending: the writer thread ends once what it was handed is written (a
        thread left waiting would keep the app, its screens and its game, for good)."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._waiting is not None or self._closing)
                if self._waiting is None:  # closing, and everything is written
                    self._thread = None  # a snapshot handed over later starts another
                    return
                number, snap = self._waiting
                self._waiting, self._busy = None, True
            try:
                self.write(number, snap)
            except OSError:
                if self.on_error is not None:
                    self.on_error(self.last_error or str(self.path))
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every snapshot taken is written (or has failed); False on timeout.

        The newest is handed over now if it was not yet (its hand-over waits for a frame that
        a closing app may never draw)."""
        last = self._last
        if last is not None and last[0] > self._written:
            self.submit(*last)
        with self._cond:
            return self._cond.wait_for(lambda: self._waiting is None and not self._busy, timeout)

    @property
    def behind(self) -> bool:
        """A snapshot was taken that is not on disk yet (and the last write did not fail)."""
        with self._cond:
            return (self._waiting is not None or self._busy
                    or (self._issued > self._written and self.last_error is None))


def read_only_notice(why: str) -> str:
    """What a read-only window says to an action that would change its game."""
    return f"Read-only here: {why}. Nothing changes or is saved in this window."


class ReadOnlyGame(IllegalAction):
    """The game is open read-only in this window (another window holds it)."""


class Session:
    """One game being run: actions, undo and redo, and a hook called after each change.

    ``read_only`` (why, e.g. "this game is open in another window (pid 12)") refuses every
    change with ReadOnlyGame: the game never changes, so nothing is ever saved from here.
    """

    def __init__(self, game: Game, on_change: Callable[[Game], None] | None = None,
                 read_only: str | None = None) -> None:
        self.game = game
        self.on_change = on_change
        self.read_only = read_only

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.game)

    def _may_change(self) -> None:
        if self.read_only:
            raise ReadOnlyGame(read_only_notice(self.read_only))

    def apply(self, event: ev.Event) -> None:
        """Raises IllegalAction with the rule's words; nothing changes then."""
        self._may_change()
        self.game.apply(event)
        self._changed()

    def answer(self, value: Any = None, told: Any = None) -> None:
        self._may_change()
        self.game.answer(value, told)
        self._changed()

    def undo(self) -> ev.Event | None:
        self._may_change()
        event = self.game.undo()
        if event is not None:
            self._changed()
        return event

    def redo(self) -> ev.Event | None:
        self._may_change()
        try:
            event = self.game.redo()
        except Exception as exc:  # the engine refused to replay it: put it back
            raise IllegalAction(str(exc)) from None
        if event is not None:
            self._changed()
        return event


def undo_and_tell(session: Session, notify: Callable[..., Any]) -> None:
    """Undo, and tell the storyteller what was undone (the table and the seat card both)."""
    try:
        event = session.undo()
    except IllegalAction as exc:
        notify(str(exc), severity="error")
        return
    if event is None:
        notify("Nothing to undo.", severity="warning")
    else:
        notify(f"Undone: {event.kind.replace('_', ' ')}", timeout=2)


def redo_and_tell(session: Session, notify: Callable[..., Any]) -> None:
    """Redo; a redo the engine refuses is told, and changes nothing."""
    try:
        event = session.redo()
    except IllegalAction as exc:
        notify(str(exc), severity="error")
        return
    if event is None:
        notify("Nothing to redo.", severity="warning")
