"""Reading a save again as it grows: the server reads the game's file at every change, and a
game of 2,000 events takes some 150 ms to read and fold from the start, most of it the fold.
A save the grimoire wrote since the last reading is the same file with events added (or, after
an undo, taken off the end): those alone are applied to the game read before. Anything else
(the first reading, another game, a setup or a script changed, an event the game refuses) is
read whole by ``load_game``, which checks everything and names what is wrong.
Pure of Textual and Rich.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from grimoire.core.events import EventError, event_from_dict
from grimoire.core.limits import read_text
from grimoire.game import Game, IllegalAction
from grimoire.store.saves import load_game


class SaveFollower:
    """The game in one save file, brought up to date at each ``read``."""

    def __init__(self) -> None:
        self.path: Path | None = None
        self.game: Game | None = None
        self._head: dict[str, Any] = {}  # the save's tables but its events, as last read
        self._events: list[Any] = []  # its events as last read (plain tables)

    def read(self, path: Path) -> Game:
        """The game as the file holds it now; SaveError (or OSError) if it cannot be read."""
        try:
            data = tomllib.loads(read_text(path).removeprefix("\ufeff"))
        except (RecursionError, ValueError):  # not UTF-8, not TOML: load_game says which
            data = None
        if data is not None and self._grown(path, data) and self.game is not None:  # (grown: it is)
            return self.game
        game = load_game(path)  # whole, and checked
        self.path, self.game = path, game
        self._remember(data)
        return game

    def _remember(self, data: dict[str, Any] | None) -> None:
        data = data or {}
        events = data.get("events", [])
        self._head = {k: v for k, v in data.items() if k != "events"}
        self._events = events if isinstance(events, list) else []

    def _grown(self, path: Path, data: dict[str, Any]) -> bool:
        """Brings the game read before up to date, if the file is that game with events added
        or taken off the end; False if it must be read whole."""
        game, events = self.game, data.get("events", [])
        if game is None or path != self.path or not isinstance(events, list):
            return False
        if {k: v for k, v in data.items() if k != "events"} != self._head:
            return False
        kept = 0  # how many of the events read before are still the file's first ones
        for old, new in zip(self._events, events):
            if old != new:
                break
            kept += 1
        try:
            while len(game.events) > kept:
                game.undo()
            for i, raw in enumerate(events[kept:], start=kept):
                game.apply(event_from_dict(raw, f"{path}: event {i + 1}"))
        except (EventError, IllegalAction):
            self.game = None  # half brought up to date: read whole
            return False
        game.redo_stack.clear()
        self._events = events
        return True
