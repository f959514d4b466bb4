"""The live game behind the grimoire screen, and its autosave.

``Session`` is the only place the app changes a game: every storyteller action is one event
given to ``Game.apply`` (the engine says yes or no), then the autosave is asked for. The
autosave writes a snapshot (setup plus a copy of the events) atomically, in its own thread,
never older over newer (``grimoire.store.autosaver``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from grimoire.core import events as ev
from grimoire.game import Game, IllegalAction, TableSetup
from grimoire.store import autosaver
from grimoire.store.saves import RecordWriter

Snapshot = tuple[TableSetup, tuple[ev.Event, ...]]


class AutoSaver(autosaver.AutoSaver[Snapshot]):
    """The grimoire's autosave, on the one writer every game's autosave uses: a snapshot is
    the setup and a copy of the events, written by a ``RecordWriter`` (each event's TOML made
    once, not on every save). The app holds the game's lock, so the saver does not."""

    def __init__(self, path: Path, on_error: Callable[[str], None] | None = None,
                 on_saved: Callable[[], None] | None = None) -> None:
        # Each event's TOML made once, not on every save. A game read from its file brings a
        # writer that has made its events' text already (saves.load_for_play), put here as the
        # game opens: the writer thread takes it at its next write.
        self.writer = RecordWriter()
        super().__init__(path, lambda snap, to: self.writer.save(*snap, to), on_error=on_error, held_elsewhere=True,
                         on_saved=on_saved)

    def snapshot(self, game: Game) -> tuple[int, Snapshot]:
        # A copy of the log: the writer never reads the live game.
        snap = (game.setup, tuple(game.events))
        return self.take(snap), snap


def read_only_notice(why: str) -> str:
    """What a read-only window says to an action that would change its game."""
    return f"Read-only here: {why}. Nothing changes or is saved in this window."


def refusal(target: object, action: str) -> str | None:
    """The notice refusing ``action`` on a read-only screen (its ``read_only`` says why, its
    ``CHANGES_GAME`` names the actions that change the game); None if it may go ahead. Every
    key's action is asked: here, not with the read-only screens, which the first key of a
    game then loaded (a few milliseconds)."""
    why = getattr(target, "read_only", None)
    if not why or action not in getattr(target, "CHANGES_GAME", ()):
        return None
    return read_only_notice(why)


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
