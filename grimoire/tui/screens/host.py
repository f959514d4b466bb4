"""What the grimoire screen's mixins (``ExportActions``, ``StorytellerActions``,
``VisitorActions``, ``LiveActions``) use of the screen they are mixed into.

For the type checker only: a mixin's base is ``GrimoireHost`` when checked and ``object`` when
run (``from grimoire.tui.screens.host import GrimoireHost`` under ``TYPE_CHECKING``), so
nothing here is imported at run time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import Screen

from grimoire.game import Game
from grimoire.tui.support.choice_keys import Item
from grimoire.tui.session import Session


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
