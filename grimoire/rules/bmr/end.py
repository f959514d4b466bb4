"""Bad Moon Rising's end: no Demon alive (good wins; the Zombuul registering dead is alive),
two players alive (evil wins), unless the Mastermind plays on after the Demon's execution: one
more night and day, whose execution decides (the executed player's team loses), and good wins
if no-one is executed that day."""

from __future__ import annotations

from grimoire.core.model import Alignment, GameState
from grimoire.core.script import Team
from grimoire.rules.bmr.deaths import team
from grimoire.rules.bmr.impair import state
from grimoire.rules.end import declare_winner
from grimoire.rules.status import alive_count


def demon(g: GameState) -> int | None:
    for s in g.seats:
        if s.alive and not s.traveller and team(g, s.index) is Team.DEMON:
            return s.index
    return None


def check_end(g: GameState) -> None:
    if g.winner is not None or not g.nights:
        return
    if state(g).mastermind_day is not None:
        return  # the Mastermind's extra night and day: their execution decides
    if demon(g) is None:
        dead = ", ".join(s.name for s in g.seats if not s.traveller and team(g, s.index) is Team.DEMON) or "nobody"
        declare_winner(g, Alignment.GOOD, f"the Demon ({dead}) is dead")
        return
    if alive_count(g, include_travellers=False) <= 2:
        declare_winner(g, Alignment.EVIL, "only two players are alive and the Demon is one")


def mastermind_verdict(g: GameState, executed: int) -> None:
    """On the Mastermind's day, the executed player's team loses."""
    s = g.seats[executed]
    won = Alignment.EVIL if s.alignment is Alignment.GOOD else Alignment.GOOD
    declare_winner(g, won, f"{s.name}, {s.alignment.value}, was executed on the Mastermind's day")


def mastermind_day_ends(g: GameState) -> None:
    """The Mastermind's day ended with no execution: good wins."""
    declare_winner(g, Alignment.GOOD, "no-one was executed on the Mastermind's day")
