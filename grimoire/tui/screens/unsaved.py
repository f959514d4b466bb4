"""Quitting while a game's changes are not on disk (its autosave fails: the disk full, the folder
made read-only): the storyteller chooses, never a silent loss.

- save the whole game to another file (a normal save: ``grimoire play`` opens the grimoire's);
  if that fails too, it says so and stays;
- retry the normal save: quits if it works, stays if not;
- quit and lose the changes, on a key of its own (ctrl+l), never typed by a slip;
- Escape: back to the game.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from grimoire.store.autosaver import AutoSaver
from grimoire.store.lock import GameInUse
from grimoire.tui.guard import Guarded, choice
from grimoire.tui.support.plain import plain
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.text_input import TextInput
from grimoire.tui.widgets.unsaved import changes

SAVED = "saved"  # the dismissal: all of it is on disk now (its own file or another)
LOSE = "lose"  # the dismissal: quit without the changes not on disk


SAVED_AT = re.compile(r"-saved-\d{8}-\d{6}$")  # the part of a name default_place adds


def default_place(path: Path) -> Path:
    """Where to offer to save a game its own folder refuses: the home folder, a new name
    (a game saved this way before does not grow a second "-saved-…")."""
    stem = SAVED_AT.sub("", path.stem)
    return Path.home() / f"{stem}-saved-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix or '.toml'}"


def chosen_place(typed: str, path: Path) -> Path:
    """The file a typed place means: ``~`` is the home; a folder gets the game's own name."""
    place = Path(typed.strip()).expanduser()
    return place / path.name if place.is_dir() else place


class UnsavedQuit(Guarded, ModalScreen[str | None]):
    """Asks what to do with the changes ``saver`` could not write: ``SAVED``, ``LOSE`` or None
    (stay). ``rescued``: the other file the game was saved to, if it was."""

    BINDINGS = [
        Binding("ctrl+r", "retry", "Retry", id="unsaved.retry", tooltip="Try the normal save again; quit if it works"),
        Binding("ctrl+l", "lose", "Quit, lose them", id="unsaved.lose",
                tooltip="Quit without the changes that are not saved"),
        Binding("escape", "stay", "Back", id="unsaved.stay", tooltip="Back to the game: nothing is lost"),
    ]

    def __init__(self, saver: AutoSaver[Any], what: str = "The game", reopen: str = "") -> None:
        """``what``: "The game", "Voice of the Mummy"…; ``reopen``: how the copy is opened."""
        super().__init__()
        self.saver = saver
        self.what = what
        self.reopen = reopen
        self.rescued: Path | None = None

    def compose(self) -> ComposeResult:
        count = self.saver.unsaved
        since = self.saver.failing_since
        when = f" since {time.strftime('%H:%M', time.localtime(since))}" if since is not None else ""
        with Vertical(id="pick-box"):
            yield Static(plain(f"{self.what} is NOT saved: {changes(count)}{when}"), id="pick-title")
            yield Static(plain(self.saver.last_error or str(self.saver.path)), id="unsaved-why")
            yield Static(plain(f"Save the whole game to another file{self.reopen}:"), id="unsaved-ask")
            yield TextInput(str(default_place(self.saver.path)), id="unsaved-path")
            yield Static("", id="unsaved-status")
            yield Static(plain(
                "Enter   save it there, then quit\n"
                "ctrl+r  try the normal save again (quits if it works)\n"
                f"ctrl+l  quit and LOSE {'this change' if count == 1 else f'these {changes(count)}'}\n"
                "Esc     back to the game", lines=True), id="unsaved-keys")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @property
    def busy(self) -> bool:
        # A save is being tried: the other keys wait for its answer.
        return super().busy or any(w.group == "unsaved" and not w.is_finished for w in self.workers)

    def _say(self, words: str) -> None:
        self.query_one("#unsaved-status", Static).update(plain(words))

    @on(Input.Submitted)
    @choice
    def _save_there(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self._say("Type where to save the game.")
            return
        self._say("Saving…")
        self._write_copy(event.value)

    @work(thread=True, exclusive=True, group="unsaved")
    def _write_copy(self, typed: str) -> None:
        try:
            place = chosen_place(typed, self.saver.path)
            if place.resolve() == self.saver.path.resolve():
                self.app.call_from_thread(self._retried, self._retry_now())
                return
            self.saver.write_copy(place)
        except GameInUse as exc:
            self.app.call_from_thread(self._say, f"Not saved there: {exc}")
            return
        except OSError as exc:
            # The file typed, not its lock or temporary file, which the storyteller never named.
            self.app.call_from_thread(self._say, f"Not saved there: {typed.strip()}: {exc.strerror or exc}")
            return
        self.app.call_from_thread(self._copied, place)

    def _copied(self, place: Path) -> None:
        self.rescued = place
        self.dismiss(SAVED)

    def action_retry(self) -> None:
        self._say("Saving…")
        self._retry()

    def _retry_now(self) -> bool:
        self.saver.retry()
        self.saver.flush(timeout=10)
        return not self.saver.unsaved

    @work(thread=True, exclusive=True, group="unsaved")
    def _retry(self) -> None:
        self.app.call_from_thread(self._retried, self._retry_now())

    def _retried(self, saved: bool) -> None:
        if saved:
            self.dismiss(SAVED)
        else:
            self._say(f"The save failed again: {self.saver.last_error}")

    def action_lose(self) -> None:
        self.dismiss(LOSE)

    def action_stay(self) -> None:
        self.dismiss(None)
