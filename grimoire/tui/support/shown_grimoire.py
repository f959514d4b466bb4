"""The grimoire as a player may see it (the Spy, the Widow; the players at the end): the circle
with each seat's character, its reminder tokens, alive or dead, and nothing else — no drunk or
poisoned marks worked out by the rules, no storyteller's reminders or notes, no true answers.
Pure: the show-a-player screen draws it."""

from __future__ import annotations

from grimoire.core.freetext import printable
from grimoire.core.model import GameState
from grimoire.rules import status
from grimoire.tui.support.view import SeatView, character_name


def shown_seat_views(g: GameState) -> list[SeatView]:
    """Each seat as the grimoire shows it to a player: the tokens on it, nothing derived."""
    rules = status.rules_of(g)
    short = rules.token_marks
    held = rules.held(g)
    out = []
    for s in g.seats:
        holds = held is not None and bool(held.name) and held.holder == s.index
        out.append(SeatView(
            index=s.index,
            name=printable(s.name),
            character=printable(character_name(g, s.index)),
            team=status.team(g, s.index),
            alive=s.alive,
            ghost_vote=s.ghost_vote,
            tokens=tuple(printable(short.get(t.shown, t.shown)) for t in g.tokens_on(s.index)),
            artifact=held.mark if held is not None and holds else None,  # a token on the seat, as drawn
            drunk=False,
            poisoned=False,
            why="",
            evil=s.alignment.value == "evil",
            traveller=s.traveller,
            noted=False,
        ))
    return out


def shown_centre(g: GameState) -> str:
    """The middle of the circle: what this is, and how many are alive (markup)."""
    players = [g.seats[i] for i in g.ring]
    alive = sum(1 for s in players if s.alive)
    return f"[b]The grimoire[/b]\n{alive} of {len(players)} alive"
