"""What a player was actually told, next to the truth: its shape, and the believable lies.

At a step that tells a player something the storyteller may record the answer actually given
(``Answer.told``). Its shape depends on the character, and is the rules plug-in's that tells it
(its ``told``, ``grimoire.rules.plugins``: the Phantom's ``grimoire.rules.phantom.told``,
Trouble Brewing's ``grimoire.rules.tb.told``).

``plausible`` works out the false answers a storyteller could believably give, from the state,
each with the reason that would make it believable, the likeliest first. Pure: no UI.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from grimoire.core.model import GameState, InfoRecord
from grimoire.core.script import load_script
from grimoire.core.value import frozen
from grimoire.rules import plugins

# A rules plug-in's information characters have their own shapes (its ``told``, a
# ``grimoire.rules.contract.ToldShapes``): a record is the plug-in's when its character is one
# the plug-in tells (only its rules make records of them). Its optional parts say when a record
# has nothing to tell (``answerable``), which of its characters are told a seat (``SEATS``: any
# seat is an answer the storyteller may give), and whose truth the JSON export gives in the told
# answer's shape (``TRUTH_AS_TOLD``).


class ToldError(ValueError):
    """A told answer of the wrong shape for its step; the message says which shape."""


@frozen
class Told:
    """One answer the storyteller might give, and why a player could believe it."""

    value: Any
    why: str = ""


def tells(record: InfoRecord | None) -> TypeGuard[InfoRecord]:
    """Whether the step of ``record`` tells a player something a told answer can replace."""
    if record is None or not plugins.tells(record.character):
        return False
    own = plugins.told_for(record.character)
    return own is not None and own.answerable(record)


def seat_told(record: InfoRecord) -> bool:
    """Whether ``record``'s player is told a seat (any seat is an answer the storyteller may give)."""
    own = plugins.told_for(record.character)
    return own is not None and record.character in own.SEATS


def check(g: GameState, record: InfoRecord | None, value: Any, step: str = "this step") -> Any:
    """``value`` in its canonical form, or ToldError saying the shape this step wants."""
    if record is None or not tells(record):
        raise ToldError(f"{step}: nothing is told to a player here, so no told answer can be recorded")
    own = plugins.told_for(record.character)
    assert own is not None  # tells: a plug-in tells it
    try:
        return own.check(g, record, value, _title(g, record.character))
    except own.Shape as exc:
        raise ToldError(str(exc)) from None


def _title(g: GameState, character: str) -> str:
    return load_script(g.script_id).character(character).name


def true_answer(record: InfoRecord, g: GameState | None = None) -> Any:
    """The truth in the told answer's shape (where several are true, the first)."""
    own = plugins.told_for(record.character)
    return record.truth if own is None else own.true_answer(g, record)


def true_answers(record: InfoRecord, g: GameState | None = None) -> list[Any]:
    """Every true answer, in the told answer's shape: where the registration rules allow
    several (a Recluse or a Spy in play, "either"), each of them; otherwise the one."""
    own = plugins.told_for(record.character)
    return [true_answer(record, g)] if own is None else own.true_answers(g, record)


def exported_truth(record: InfoRecord) -> Any:
    """The truth as the JSON export gives it: the record's, or in the told answer's shape for the
    characters a plug-in's told module names (``TRUTH_AS_TOLD``)."""
    own = plugins.told_for(record.character)
    return true_answer(record) if own is not None and record.character in own.TRUTH_AS_TOLD else record.truth


def open_answer(record: InfoRecord, g: GameState | None = None) -> bool:
    """Several answers are true ("1 or 2" for Mifroid, "either"): which one the player was
    told is the storyteller's to say, for the record to pin it."""
    return tells(record) and len(true_answers(record, g)) > 1


def is_true(record: InfoRecord, value: Any) -> bool:
    """Whether ``value`` is a true answer (an answer the registration rules allow counts)."""
    own = plugins.told_for(record.character)
    return bool(value == record.truth) if own is None else own.is_true(record, value)


def given(record: InfoRecord) -> Any:
    """What the player was given: the told answer if recorded, the truth if the player was
    sober (the storyteller gives the truth), None if impaired and not said (unknown)."""
    if record.told is not None:
        return record.told
    return None if record.impaired else true_answer(record)


def words(g: GameState, record: InfoRecord, value: Any) -> str:
    """A told answer (or the truth) in the log's words."""
    own = plugins.told_for(record.character)
    return str(value) if own is None else own.words(g, record, value)


def choice_words(g: GameState, record: InfoRecord, value: Any) -> str:
    """A told answer as a picker lists it (the plug-in may say it more fully than the log)."""
    own = plugins.told_for(record.character)
    return own.choice_words(g, record, value) if own is not None else words(g, record, value)


def group_words(g: GameState, record: InfoRecord, value: Any) -> tuple[str, str] | None:
    """An answer as (what it shares with others, what is its own), where the plug-in says so
    (a ping: its players, its character), for a list to say the shared part once; else None."""
    own = plugins.told_for(record.character)
    return own.group_words(g, record, value) if own is not None else None


def truth_words(g: GameState, record: InfoRecord) -> str:
    own = plugins.told_for(record.character)
    return words(g, record, record.truth) if own is None else own.truth_words(g, record)


def plausible(g: GameState, record: InfoRecord) -> list[Told]:
    """The false answers a player could believe, the likeliest first (none when every answer
    would be true, e.g. "either")."""
    if not tells(record):
        return []
    own = plugins.told_for(record.character)
    assert own is not None  # tells: a plug-in tells it
    return [Told(value, why) for value, why in own.plausible(g, record)]
