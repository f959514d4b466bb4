"""The true answers of Sects & Violets' information characters, read from the current characters
and alignments. Pure."""

from __future__ import annotations

from grimoire.core.model import Alignment, GameState
from grimoire.core.script import Team
from grimoire.rules.snv.impair import players, team


def clockmaker(g: GameState) -> int:
    """The fewest seats from a Demon to a Minion, either way round, dead seats counted (0: none)."""
    ring = players(g)
    n = len(ring)
    demons = [k for k, i in enumerate(ring) if team(g, i) is Team.DEMON]
    minions = [k for k, i in enumerate(ring) if team(g, i) is Team.MINION]
    best = [min(abs(d - m), n - abs(d - m)) for d in demons for m in minions]
    return min(best) if best else 0


def oracle(g: GameState) -> int:
    return sum(1 for i in players(g) if not g.seats[i].alive and g.seats[i].alignment is Alignment.EVIL)


def seamstress(g: GameState, a: int, b: int) -> str:
    return "yes" if g.seats[a].alignment is g.seats[b].alignment else "no"
