"""The grimoire as a player may see it (the Spy, the Widow; the players at the end): the circle
with each seat's character, its reminder tokens, alive or dead, and nothing else — no drunk or
poisoned marks worked out by the rules, no storyteller's reminders or notes, no true answers.
Pure: the show-a-player screen draws it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.model import GameState
from grimoire.tui.support.view import SeatView, seat_views

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


def shown_seat_views(rules: ScriptRules, g: GameState) -> list[SeatView]:
    """Each seat as the grimoire shows it to a player: the tokens on it, nothing derived."""
    return seat_views(rules, g, to_a_player=True)


def shown_centre(g: GameState) -> str:
    """The middle of the circle: what this is, and how many are alive (markup)."""
    players = [g.seats[i] for i in g.ring]
    alive = sum(1 for s in players if s.alive)
    return f"[b]The grimoire[/b]\n{alive} of {len(players)} alive"
