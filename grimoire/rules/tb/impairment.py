"""Who is drunk or poisoned on Trouble Brewing, and whose ability works: the reminders placed
(the Poisoner's, the Drunk's own), read as every script's are (``grimoire.rules.impairing``).

The plug-in answers the contract's questions with these, and its own modules ask them here:
a told answer's truth (the Recluse and the Spy register falsely only while sober and healthy)
is worked out where no rules are passed."""

from __future__ import annotations

from grimoire.core.model import GameState
from grimoire.rules import impairing


def impairment_sources(g: GameState, i: int) -> tuple[str, ...]:
    return impairing.sources(g, i)


def impairments(g: GameState) -> tuple[tuple[int, str], ...]:
    return impairing.impairments(g)


def is_drunk(g: GameState, i: int) -> bool:
    return any(found.partition(":")[0] == impairing.DRUNK for found in impairing.sources(g, i))


def is_poisoned(g: GameState, i: int) -> bool:
    return any(found.partition(":")[0] == impairing.POISONED for found in impairing.sources(g, i))


def impaired(g: GameState, i: int) -> bool:
    return is_drunk(g, i) or is_poisoned(g, i)


def ability_works(g: GameState, i: int) -> bool:
    """Alive, sober and healthy."""
    return g.seats[i].alive and not impaired(g, i)
