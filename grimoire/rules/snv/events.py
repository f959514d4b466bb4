"""Sects & Violets' own events: what its storyteller records that no other script has."""

from __future__ import annotations

from typing import ClassVar

import attrs

from grimoire.core.events import Event
from grimoire.core.value import frozen


def _guesses(value: object) -> tuple[tuple[int, str], ...]:
    """Each guess as (player, character), however a save wrote it (lists in JSON)."""
    return tuple((int(p), str(c)) for p, c in value) if isinstance(value, (list, tuple)) else ()


@frozen
class JugglerGuesses(Event):
    """The Juggler's public guesses on their first day as the Juggler: up to 5 (player, character).
    ``juggler``: who guesses (the Juggler, or a Philosopher who gained the ability); None, as a
    scenario file names nobody: the living Juggler."""

    kind: ClassVar[str] = "juggler_guesses"
    guesses: tuple[tuple[int, str], ...] = attrs.field(converter=_guesses)
    juggler: int | None = None

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(p for p, _c in self.guesses) + (() if self.juggler is None else (self.juggler,))


@frozen
class SavantVisit(Event):
    """The Savant's visit by day: whether each of the storyteller's two statements was true.
    ``seat``: the Savant, or a Philosopher who gained the ability."""

    kind: ClassVar[str] = "savant_visit"
    seat: int
    first: bool
    second: bool

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)


EVENTS: tuple[type[Event], ...] = (JugglerGuesses, SavantVisit)
