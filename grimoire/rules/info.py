"""What the true answers of many scripts' information characters are made of."""

from __future__ import annotations

from grimoire.core.model import GameState


def yes_no(values: set[bool]) -> str:
    if values == {True}:
        return "yes"
    if values == {False}:
        return "no"
    return "either"


def alive_neighbours(g: GameState, i: int) -> tuple[int, ...]:
    ring = g.ring  # the seats clockwise: a Traveller who joined sits where the storyteller put them
    if i not in ring:
        return ()
    n = len(ring)
    here = ring.index(i)
    found: list[int] = []
    for step in (1, -1):
        k = here
        for _ in range(n - 1):
            k = (k + step) % n
            j = ring[k]
            if j != i and g.seats[j].alive:
                if j not in found:
                    found.append(j)
                break
    return tuple(found)
