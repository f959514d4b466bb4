"""What a Trouble Brewing player may register as: what they are, except the Recluse (may
register as evil and as a Minion or Demon) and the Spy (as good and as a Townsfolk or
Outsider), each time as the storyteller chooses; only while their ability works (a poisoned
Recluse registers as what she is), dead or alive."""

from __future__ import annotations

from grimoire.core.model import Alignment, GameState
from grimoire.core.script import Team, load_script
from grimoire.rules.tb.impairment import impaired

RECLUSE, SPY = "recluse", "spy"
MISREGISTERS = {
    RECLUSE: (frozenset({Alignment.EVIL}), frozenset({Team.MINION, Team.DEMON})),
    SPY: (frozenset({Alignment.GOOD}), frozenset({Team.TOWNSFOLK, Team.OUTSIDER})),
}


def misregisters(g: GameState, i: int) -> bool:
    s = g.seats[i]
    return not s.traveller and s.character in MISREGISTERS and not impaired(g, i)


def alignments(g: GameState, i: int) -> frozenset[Alignment]:
    own = frozenset({g.seats[i].alignment})
    return own | MISREGISTERS[g.seats[i].character][0] if misregisters(g, i) else own


def teams(g: GameState, i: int) -> frozenset[Team]:
    s = g.seats[i]
    if s.traveller:
        return frozenset({Team.TRAVELLER})
    own = frozenset({load_script(g.script_id).team_of(s.character)})
    return own | MISREGISTERS[s.character][1] if misregisters(g, i) else own


def characters(g: GameState, i: int) -> frozenset[str]:
    """The characters the player may register as: their own, and every character of the teams
    the Recluse or the Spy may register as (a Recluse shown as the Imp or a Minion)."""
    s = g.seats[i]
    if not misregisters(g, i):
        return frozenset({s.character})
    others = MISREGISTERS[s.character][1]
    return frozenset({s.character, *(c.id for c in load_script(g.script_id).characters if c.team in others)})


def team(g: GameState, i: int) -> Team:
    """What the player is (not what they may register as)."""
    s = g.seats[i]
    return Team.TRAVELLER if s.traveller else load_script(g.script_id).team_of(s.character)


def demon(g: GameState) -> int | None:
    """The living Demon's seat, if any (the Imp; after a star-pass or the Scarlet Woman, the new one)."""
    for s in g.seats:
        if s.alive and not s.traveller and team(g, s.index) is Team.DEMON:
            return s.index
    return None
