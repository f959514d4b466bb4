"""Trouble Brewing's end: the Demon dead (good wins, unless the Scarlet Woman caught it), two
players alive (evil wins); the Saint's and the Mayor's wins are declared where they happen
(``grimoire.rules.tb.day``, the dusk in ``grimoire.rules.tb.night``)."""

from __future__ import annotations

from grimoire.core.model import Alignment, GameState
from grimoire.core.script import Team
from grimoire.rules.end import declare_winner
from grimoire.rules.status import alive_count
from grimoire.rules.tb.impairment import ability_works
from grimoire.rules.tb.registration import demon, team


def check_end(g: GameState) -> None:
    if g.winner is not None or not g.nights:
        return
    if demon(g) is None:
        dead = [s for s in g.seats if not s.traveller and team(g, s.index) is Team.DEMON]
        who = ", ".join(f"{s.name}" for s in dead) or "nobody"
        declare_winner(g, Alignment.GOOD, f"the Demon ({who}) is dead")
        return
    if alive_count(g, include_travellers=False) <= 2:
        declare_winner(g, Alignment.EVIL, "only two players are alive and the Demon is one")


def mayor_wins(g: GameState) -> bool:
    """At the day's end: three players alive, no execution today, a working Mayor alive. An
    execution that killed no one (a dead player executed) is still the day's execution."""
    today = g.today
    mayor = g.seat_of("mayor")
    if today is None or mayor is None or not ability_works(g, mayor.index):
        return False
    return today.execution is None and alive_count(g, include_travellers=False) == 3
