"""What a player chose and what the storyteller showed them at a night step, as the walker
records it.

A record is a tagged list that saves to TOML as it is: ``["chose", 3]`` (the players they
chose), ``["player", 3]`` (players shown), ``["character", "chef"]`` or ``["text", "HIGH"]``;
an answer is None (nothing to record), one record, or a list of them (a Fortune Teller chose
two players and was shown a nod).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from grimoire.core.freetext import clean
from grimoire.core.model import GameState
from grimoire.core.script import Script
from grimoire.core.value import frozen
from night_order import IllegalAnswer, Prompt

KINDS = ("chose", "player", "character", "text")
SEAT_KINDS = ("chose", "player")
MAX_TEXT = 200


def records(value: Any) -> list[Any]:
    """The records of an answer: one record, or a list of them."""
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], (list, tuple)):
        return list(value)
    return [value]


def shown_problem(value: Any, seats: int, characters: Collection[str]) -> str | None:
    """Why ``value`` is not a record (or a list of records) of the step, or None."""
    for record in records(value):
        problem = _problem(record, seats, characters)
        if problem:
            return problem
    return None


def _problem(value: Any, seats: int, characters: Collection[str]) -> str | None:
    if not isinstance(value, (list, tuple)) or len(value) < 2 or value[0] not in KINDS:
        return "record what they chose, a player, a character or words (or nothing)"
    kind, rest = value[0], list(value[1:])
    if kind in SEAT_KINDS:
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in rest):
            return "choose players"
        bad = [v for v in rest if not 0 <= v < seats]
        if bad:
            return f"there is no seat {bad[0]}"
        if len(set(rest)) != len(rest):
            return "a player is named twice"
        return None
    if len(rest) != 1 or not isinstance(rest[0], str) or not clean(rest[0]):
        return f"record one {kind}"
    if kind == "character" and rest[0] not in characters:
        return f"{rest[0]!r} is not a character on this script"
    if kind == "text" and (len(rest[0]) > MAX_TEXT or clean(rest[0]) != rest[0]):
        return f"words of at most {MAX_TEXT} characters, on one line"
    return None


def shown_words(g: GameState, script: Script, value: Any) -> str:
    """What the player did and was shown, for the log and the export: "chose 6 Fay and was
    shown “YES”"."""
    return " and ".join(_words(g, script, record) for record in records(value))


def _words(g: GameState, script: Script, value: list[Any]) -> str:
    kind, rest = value[0], value[1:]
    if kind in SEAT_KINDS:
        who = ", ".join(f"{i + 1} {g.seats[i].name}" for i in rest)
        return f"chose {who}" if kind == "chose" else f"was shown {who}"
    if kind == "character":
        return f"was shown the {script.character(rest[0]).name}"
    return f"was shown “{rest[0]}”"


@frozen
class RecordPrompt(Prompt):
    """A step that may record what its player chose and was shown; acknowledging it records
    nothing."""

    seats: int = 0
    characters: frozenset[str] = frozenset()

    def validate(self, value: Any) -> Any:
        if value is None:
            return None
        problem = shown_problem(value, self.seats, self.characters)
        if problem:
            raise IllegalAnswer(f"{self.title}: {problem}")
        found = records(value)
        return list(value) if len(found) == 1 and found[0] is value else [list(r) for r in found]
