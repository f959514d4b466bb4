"""The live game behind the grimoire screen, and its autosave.

``Session`` is the only place the app changes a game: every storyteller action is one event
given to ``Game.apply`` (the engine says yes or no), then the autosave is asked for. The
autosave writes a snapshot (setup plus a copy of the events) atomically, in a thread, never
older over newer.
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
    """Thread-safe, ordered saving: a snapshot older than the last one written is dropped."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._issued = 0
        self._written = 0
        self.last_error: str | None = None
        self._writer = RecordWriter()  # each event's TOML made once, not on every save

    def snapshot(self, game: Game) -> tuple[int, Snapshot]:
        self._issued += 1
        # A copy of the log: the worker never reads the live game.
        return self._issued, (game.setup, tuple(game.events))

    def write(self, number: int, snap: Snapshot) -> bool:
        with self._lock:
            if number <= self._written:
                return False
            try:
                self._writer.save(*snap, self.path)
            except OSError as exc:
                self.last_error = f"{self.path}: {exc.strerror or exc}"
                raise
            self._written = number
            self.last_error = None
            return True

    @property
    def pending(self) -> bool:
        return self._written < self._issued


class Session:
    """One game being run: actions, undo and redo, and a hook called after each change."""

    def __init__(self, game: Game, on_change: Callable[[Game], None] | None = None) -> None:
        self.game = game
        self.on_change = on_change

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.game)

    def apply(self, event: ev.Event) -> None:
        """Raises IllegalAction with the rule's words; nothing changes then."""
        self.game.apply(event)
        self._changed()

    def answer(self, value: Any = None) -> None:
        self.game.answer(value)
        self._changed()

    def undo(self) -> ev.Event | None:
        event = self.game.undo()
        if event is not None:
            self._changed()
        return event

    def redo(self) -> ev.Event | None:
        try:
            event = self.game.redo()
        except Exception as exc:  # the engine refused to replay it: put it back
            raise IllegalAction(str(exc)) from None
        if event is not None:
            self._changed()
        return event
