"""The grimoire to show a player (``grimoire.tui.support.shown_grimoire``): the circle, full
screen, with nothing of the storyteller's on it — no walker, log, notes, true answers or keys
panel. One key closes it (Escape, or the key that opened it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from grimoire.core.model import GameState
from grimoire.tui.support.shown_grimoire import shown_centre, shown_seat_views
from grimoire.tui.support.text import GRIMOIRE_KEY
from grimoire.tui.widgets.seats import SeatCircle
from grimoire.tui.widgets.title import TitleBar

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

KEY = GRIMOIRE_KEY  # the grimoire screen's key that opens it; it closes it too


class ShowGrimoireScreen(Screen[None]):
    """The circle for a player's eyes; no footer: the storyteller knows the key."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="showgrimoire.close", tooltip="Back to the storyteller's grimoire"),
        Binding(KEY, "close", "Close", id="showgrimoire.close2", tooltip="Back (as Escape)", show=False),
    ]
    DEFAULT_CSS = """
    ShowGrimoireScreen { layout: vertical; }
    ShowGrimoireScreen > SeatCircle { width: 100%; height: 1fr; }
    """

    def __init__(self, rules: ScriptRules, g: GameState) -> None:
        super().__init__()
        self.rules = rules
        self.state = g

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield SeatCircle(len(self.state.seats), id="shown-circle")

    def on_mount(self) -> None:
        self.query_one(TitleBar).show_title("The grimoire", "Esc: back")
        self.query_one(SeatCircle).show(shown_seat_views(self.rules, self.state), shown_centre(self.state), self.state.ring)

    def action_close(self) -> None:
        self.dismiss()
