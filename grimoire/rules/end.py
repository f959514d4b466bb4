"""The end of a game, as every script's rules declare it."""

from __future__ import annotations

from grimoire.core.model import Alignment, GameState, Phase


def declare_winner(g: GameState, winner: Alignment, reason: str) -> None:
    if g.winner is None:
        g.winner = winner
        g.win_reason = reason
        g.phase = Phase.OVER
