"""The true answers of the Phantom's info characters (docs/rules/phantom.md), in scenario terms."""

from __future__ import annotations

from grimoire.core.model import Alignment, GameState
from grimoire.core.script import Team
from grimoire.rules.info import alive_neighbours, yes_no
from grimoire.rules.phantom.state import Transfer, config, own
from grimoire.rules.phantom.status import impaired, phantom, registers_as
from grimoire.rules.status import team


def sorelli(g: GameState, i: int) -> str:
    holder = own(g).artifact.holder
    return yes_no({holder is not None and holder in alive_neighbours(g, i)})


def persian(g: GameState, x: int) -> str:
    holder = own(g).artifact.holder
    if holder is None:
        return "no"
    if x == holder:
        return "yes"  # one player registers once per check
    return yes_no({a == b for a in registers_as(g, x) for b in registers_as(g, holder)})


def reyer(g: GameState, x: int) -> str:
    return yes_no({impaired(g, x)})


def mifroid(g: GameState, a: int, b: int) -> tuple[int, ...]:
    def counts(i: int) -> set[int]:
        if team(g, i) is Team.OUTSIDER:
            return {1}
        return {1 if al is Alignment.EVIL else 0 for al in registers_as(g, i)}

    return tuple(sorted({x + y for x in counts(a) for y in counts(b)}))


def seat_distance(g: GameState, a: int, b: int, alive_only: bool) -> int:
    # Over alive seats, the two end seats counted even if dead.
    ring = [i for i in g.ring if not alive_only or g.seats[i].alive or i in (a, b)]
    pa, pb = ring.index(a), ring.index(b)
    m = len(ring)
    return min((pa - pb) % m, (pb - pa) % m)


def usher(g: GameState) -> str:
    ph = phantom(g)
    now, before = own(g).artifact.holder, own(g).artifact.dawn_holder
    if ph is None or now is None or before is None or before == ph:
        return "no"
    alive_only = not config(g).usher_counts_dead_seats
    return yes_no(
        {seat_distance(g, now, ph, alive_only) < seat_distance(g, before, ph, alive_only)}
    )


def last_transfer_into(g: GameState, seat: int) -> Transfer | None:
    for t in reversed(own(g).artifact.history):
        if t.to == seat:
            return t
    return None
