"""What the grimoire screen's mixins (``ExportActions``, ``StorytellerActions``,
``VisitorActions``, ``LiveActions``) use of the screen they are mixed into, and what the start
and setup screens use of the app.

For the type checker only: a mixin's base is ``GrimoireHost`` when checked and ``object`` when
run (``from grimoire.tui.screens.host import GrimoireHost`` under ``TYPE_CHECKING``), so
nothing here is imported at run time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.screen import Screen

from grimoire.game import Game
from grimoire.tui.session import Session
from grimoire.tui.support.choice_keys import Item


class GrimoireHost(Screen[None]):
    """The grimoire screen (``grimoire.tui.screens.table.GrimoireScreen``), as its mixins see it."""

    session: Session
    path: Path | None
    recorded: list[Any]

    @property
    def game(self) -> Game:
        raise NotImplementedError

    @property
    def read_only(self) -> str | None:
        raise NotImplementedError

    def refresh_view(self) -> None:
        raise NotImplementedError

    def _act(self, fn: Any, *args: Any) -> bool:
        raise NotImplementedError

    def _seat_items(self, seats: Any = None, note: Any = None) -> list[Item]:
        raise NotImplementedError


class AppHost(App[None]):
    """The app (``grimoire.tui.app.GrimoireApp``), as the start and setup screens see it: what
    they ask of it, named here so that no screen imports the app."""

    def open_game(self, key: str) -> None:
        raise NotImplementedError

    def open_grimoire(self, game: Game, save: bool = True, rehearsal: bool = False,
                      path: Path | None = None, read_only: str | None = None, writer: Any = None) -> None:
        raise NotImplementedError

    def open_rehearsal(self, game: Game) -> None:
        raise NotImplementedError

    def action_new_game(self) -> None:
        raise NotImplementedError

    def report_problem(self, message: str, title: str = "Cannot open the game") -> None:
        raise NotImplementedError

    def load_and_open(self, path: str, read_only: str | None = None, rehearsal: bool = False) -> None:
        raise NotImplementedError
