"""What a player was actually told, next to the truth: its shape, and the believable lies.

At a step that tells a player something the storyteller may record the answer actually given
(``Answer.told``). Its shape depends on the character, and is the rules plug-in's that tells it
(its ``told``, asked of the game's rules, passed down: the Phantom's
``grimoire.rules.phantom.told``, Trouble Brewing's ``grimoire.rules.tb.told``).

``plausible`` works out the false answers a storyteller could believably give, from the state,
each with the reason that would make it believable, the likeliest first. Pure: no UI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

from grimoire.core.model import GameState, InfoRecord
from grimoire.core.script import load_script
from grimoire.core.value import frozen

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules, ToldShapes
    from night_order import Prompt

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


def told_for(rules: ScriptRules, character: str) -> ToldShapes | None:
    """The told answers of the game's rules, where they tell ``character`` something (a record
    is the rules' when its character is one they tell: only their night makes records of them)."""
    return rules.told if character in rules.tells else None


def tells(record: InfoRecord | None, rules: ScriptRules) -> TypeGuard[InfoRecord]:
    """Whether the step of ``record`` tells a player something a told answer can replace (the
    record first: it is what the answer narrows)."""
    if record is None:
        return False
    own = told_for(rules, record.character)
    return own is not None and own.answerable(record)


def may_tell_falsely(rules: ScriptRules, prompt: Prompt) -> bool:
    """The player woken is drunk or poisoned and the step may tell them something: the
    storyteller may give false information (the Fortune Teller's choice too, before the answer).
    A choice that tells nothing (the Snake Charmer's, a Demon's, a poisoner's) does nothing
    instead. A step the storyteller records (a script without rules) may tell anything."""
    from grimoire.rules.shown import RecordPrompt

    return prompt.impaired and (prompt.informs is not None or isinstance(prompt, RecordPrompt)
                                or rules.gives_information(prompt.step))


def seat_told(rules: ScriptRules, record: InfoRecord) -> bool:
    """Whether ``record``'s player is told a seat (any seat is an answer the storyteller may give)."""
    own = told_for(rules, record.character)
    return own is not None and record.character in own.SEATS


def check(rules: ScriptRules, g: GameState, record: InfoRecord | None, value: Any, step: str = "this step") -> Any:
    """``value`` in its canonical form, or ToldError saying the shape this step wants."""
    if record is None or not tells(record, rules):
        raise ToldError(f"{step}: nothing is told to a player here, so no told answer can be recorded")
    own = told_for(rules, record.character)
    assert own is not None  # tells: a plug-in tells it
    try:
        return own.check(g, record, value, _title(g, record.character))
    except own.Shape as exc:
        raise ToldError(str(exc)) from None


def _title(g: GameState, character: str) -> str:
    return load_script(g.script_id).character(character).name


def true_answer(rules: ScriptRules, record: InfoRecord, g: GameState | None = None) -> Any:
    """The truth in the told answer's shape (where several are true, the first)."""
    own = told_for(rules, record.character)
    return record.truth if own is None else own.true_answer(g, record)


def true_answers(rules: ScriptRules, record: InfoRecord, g: GameState | None = None) -> list[Any]:
    """Every true answer, in the told answer's shape: where the registration rules allow
    several (a Recluse or a Spy in play, "either"), each of them; otherwise the one."""
    own = told_for(rules, record.character)
    return [true_answer(rules, record, g)] if own is None else own.true_answers(g, record)


def exported_truth(rules: ScriptRules, record: InfoRecord) -> Any:
    """The truth as the JSON export gives it: the record's, or in the told answer's shape for the
    characters a plug-in's told module names (``TRUTH_AS_TOLD``)."""
    own = told_for(rules, record.character)
    return true_answer(rules, record) if own is not None and record.character in own.TRUTH_AS_TOLD else record.truth


def open_answer(rules: ScriptRules, record: InfoRecord, g: GameState | None = None) -> bool:
    """Several answers are true ("1 or 2" for Mifroid, "either"): which one the player was
    told is the storyteller's to say, for the record to pin it."""
    return tells(record, rules) and len(true_answers(rules, record, g)) > 1


def must_lie(rules: ScriptRules, g: GameState, record: InfoRecord) -> bool:
    """The rules refuse the truth at this step: the answer given must be false."""
    own = told_for(rules, record.character)
    return own is not None and own.must_lie(g, record)


def false_because(rules: ScriptRules, g: GameState, record: InfoRecord) -> str:
    """Why the rules make this step's answer false (asked where ``must_lie`` holds)."""
    own = told_for(rules, record.character)
    return own.false_because(g, record) if own is not None else ""


def is_true(rules: ScriptRules, record: InfoRecord, value: Any) -> bool:
    """Whether ``value`` is a true answer (an answer the registration rules allow counts)."""
    own = told_for(rules, record.character)
    return bool(value == record.truth) if own is None else own.is_true(record, value)


def given(rules: ScriptRules, record: InfoRecord) -> Any:
    """What the player was given: the told answer if recorded, the truth if the player was
    sober (the storyteller gives the truth), None if impaired and not said (unknown)."""
    if record.told is not None:
        return record.told
    return None if record.impaired else true_answer(rules, record)


def words(rules: ScriptRules, g: GameState, record: InfoRecord, value: Any) -> str:
    """A told answer (or the truth) in the log's words."""
    own = told_for(rules, record.character)
    return str(value) if own is None else own.words(g, record, value)


def choice_words(rules: ScriptRules, g: GameState, record: InfoRecord, value: Any) -> str:
    """A told answer as a picker lists it (the plug-in may say it more fully than the log)."""
    own = told_for(rules, record.character)
    return own.choice_words(g, record, value) if own is not None else words(rules, g, record, value)


def group_words(rules: ScriptRules, g: GameState, record: InfoRecord, value: Any) -> tuple[str, str] | None:
    """An answer as (what it shares with others, what is its own), where the plug-in says so
    (a ping: its players, its character), for a list to say the shared part once; else None."""
    own = told_for(rules, record.character)
    return own.group_words(g, record, value) if own is not None else None


def truth_words(rules: ScriptRules, g: GameState, record: InfoRecord) -> str:
    own = told_for(rules, record.character)
    return words(rules, g, record, record.truth) if own is None else own.truth_words(g, record)


def plausible(rules: ScriptRules, g: GameState, record: InfoRecord) -> list[Told]:
    """The false answers a player could believe, the likeliest first (none when every answer
    would be true, e.g. "either")."""
    if not tells(record, rules):
        return []
    own = told_for(rules, record.character)
    assert own is not None  # tells: a plug-in tells it
    return [Told(value, why) for value, why in own.plausible(g, record)]
