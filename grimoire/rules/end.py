"""Game end (§6.7), checked after every death, execution and dawn."""

from __future__ import annotations

from grimoire.core.model import Alignment, GameState, Phase
from grimoire.rules.status import phantom


def declare_winner(g: GameState, winner: Alignment, reason: str) -> None:
    if g.winner is None:
        g.winner = winner
        g.win_reason = reason
        g.phase = Phase.OVER


def check_game_end(g: GameState) -> None:
    if g.winner is not None:
        return
    ph = phantom(g)
    if ph is None:
        return
    if not g.seats[ph].alive:
        declare_winner(g, Alignment.GOOD, f"the Phantom ({g.name(ph)}) is dead")
        return
    alive = sum(1 for s in g.seats if s.alive and not s.traveller)
    if alive <= 2:
        declare_winner(g, Alignment.EVIL, "only two players are alive and the Phantom is one")
