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
    """The Juggler's public guesses on their first day as the Juggler: up to 5 (player, character)."""

    kind: ClassVar[str] = "juggler_guesses"
    guesses: tuple[tuple[int, str], ...] = attrs.field(converter=_guesses)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(p for p, _c in self.guesses)


EVENTS: tuple[type[Event], ...] = (JugglerGuesses,)
