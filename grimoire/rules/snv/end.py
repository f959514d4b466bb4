"""Sects & Violets' end: no Demon alive (good wins, unless both twins live while the Evil Twin's
ability works), two players alive with a Demon among them (evil wins); the good twin executed,
the Klutz's evil choice and the Vortox's day without an execution end it too (grimoire.rules.snv.day)."""

from __future__ import annotations

from grimoire.core.model import Alignment, GameState
from grimoire.core.script import Team
from grimoire.rules.end import declare_winner
from grimoire.rules.snv.impair import holders, sober, state, team
from grimoire.rules.status import alive_count


def demons_alive(g: GameState) -> list[int]:
    return [s.index for s in g.seats if s.alive and not s.traveller and team(g, s.index) is Team.DEMON]


def twins(g: GameState) -> tuple[int, int] | None:
    """The Evil Twin and their twin, while the Evil Twin's ability works (alive, or kept by the Vigormortis)."""
    from grimoire.rules.snv.impair import kept

    st = state(g)
    for e in holders(g, "eviltwin"):
        if st.twin is not None and (g.seats[e].alive or kept(g, e)) and sober(g, e):
            return e, st.twin
    return None


def check_end(g: GameState) -> None:
    if g.winner is not None or not g.nights:
        return
    pair = twins(g)
    both = pair is not None and all(g.seats[x].alive for x in pair)
    if not demons_alive(g):
        if both:
            return
        declare_winner(g, Alignment.GOOD, "no Demon is alive")
        return
    if alive_count(g, include_travellers=False) <= 2:
        declare_winner(g, Alignment.EVIL, "only two players are alive and a Demon is one")


def good_twin_executed(g: GameState, seat: int) -> None:
    pair = twins(g)
    if pair is None or seat not in pair or g.winner is not None:
        return
    good = next((x for x in pair if g.seats[x].alignment is Alignment.GOOD), None)
    if good == seat:
        declare_winner(g, Alignment.EVIL, f"the good twin, {g.name(seat)}, was executed")
