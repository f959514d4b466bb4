"""The Phantom's game end (docs/rules/phantom.md, "The end"), checked after every death, execution and dawn."""

from __future__ import annotations

from grimoire.core.model import Alignment, GameState
from grimoire.rules.end import declare_winner
from grimoire.rules.phantom.status import phantom


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
