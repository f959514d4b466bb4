"""What the storyteller showed a player at a night step, as the walker records it.

An answer is None (nothing to record) or a tagged list that saves to TOML as it is:
``["player", 3]`` (one or more seats), ``["character", "chef"]`` or ``["text", "HIGH"]``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import attrs

from grimoire.core.freetext import clean
from grimoire.core.model import GameState
from grimoire.core.script import Script
from night_order import IllegalAnswer, Prompt

KINDS = ("player", "character", "text")
MAX_TEXT = 200


def shown_problem(value: Any, seats: int, characters: Collection[str]) -> str | None:
    """Why ``value`` is not a record of what was shown, or None."""
    if not isinstance(value, (list, tuple)) or len(value) < 2 or value[0] not in KINDS:
        return "record a player, a character or words (or nothing)"
    kind, rest = value[0], list(value[1:])
    if kind == "player":
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


def shown_words(g: GameState, script: Script, value: list[Any]) -> str:
    """The record in words, for the log and the export."""
    kind, rest = value[0], value[1:]
    if kind == "player":
        return ", ".join(f"{i + 1} {g.seats[i].name}" for i in rest)
    if kind == "character":
        return f"the {script.character(rest[0]).name}"
    return f"“{rest[0]}”"


@attrs.frozen
class RecordPrompt(Prompt):
    """A step that may record what its player was shown; acknowledging it records nothing."""

    seats: int = 0
    characters: frozenset[str] = frozenset()

    def validate(self, value: Any) -> Any:
        if value is None:
            return None
        problem = shown_problem(value, self.seats, self.characters)
        if problem:
            raise IllegalAnswer(f"{self.title}: {problem}")
        return list(value)
