"""What the walker shows the storyteller, one step at a time."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs


class AnswerKind(enum.Enum):
    ACK = "ack"  # nothing to record: the storyteller carries it out and moves on
    PLAYER = "player"  # one player
    PLAYERS = "players"  # ``count`` distinct players
    CHOICE = "choice"  # one of ``options``, or (when ``choices`` is not empty) a player
    # One of ``options`` and a player: [option, player], or [player, option] where the prompt
    # says ``player_first`` (an artifact given to a player, a player guessed as a character).
    OPTION_AND_PLAYER = "option_and_player"


class IllegalAnswer(ValueError):
    """An answer the rules forbid; the message says which rule, and nothing has changed."""


def _no_check(_value: Any) -> str | None:
    return None


@attrs.frozen
class Prompt:
    step: str  # the night sheet's entry this prompt belongs to
    title: str
    reminder: str  # the script's own reminder text for the step
    key: str | None = None  # what the answer records (None: an acknowledgement only)
    kind: AnswerKind = AnswerKind.ACK
    wake: tuple[int, ...] = ()  # seats to wake
    wake_if: str = ""  # the condition the step's reminder puts on waking them ("": none)
    question: str = ""
    count: int = 1
    options: tuple[str, ...] = ()
    choices: tuple[int, ...] = ()  # seats the rules allow
    truth: Any = None  # the true answer, when the step gives information
    truth_text: str = ""
    impaired: bool = False  # drunk or poisoned: "you may give false information"
    impaired_why: str = ""
    notes: tuple[str, ...] = ()
    # An OPTION_AND_PLAYER answer: what its options are called ("artifact"), its order, and how
    # the record words it ({option}: the option's name, {player}: the player's).
    option_noun: str = "option"
    player_first: bool = False
    pair_words: str = "{option}, {player}"
    check: Callable[[Any], str | None] = attrs.field(default=_no_check, eq=False, repr=False)
    # The rules' record of what this step tells a player, if it tells one anything: the
    # storyteller may say what was actually given (the rules decide its shape).
    informs: Any = attrs.field(default=None, eq=False, repr=False)

    def pair(self, value: Any) -> tuple[Any, Any]:
        """An OPTION_AND_PLAYER answer as (option, player), whatever its order."""
        first, second = value
        return (second, first) if self.player_first else (first, second)

    def paired(self, option: Any, player: Any) -> list[Any]:
        """An OPTION_AND_PLAYER answer of ``option`` and ``player``, in the prompt's order."""
        return [player, option] if self.player_first else [option, player]

    @property
    def asks(self) -> bool:
        return self.kind is not AnswerKind.ACK

    def validate(self, value: Any) -> Any:
        """Return the answer in canonical form, or raise IllegalAnswer saying why not."""
        if self.kind is AnswerKind.ACK:
            if value is not None:
                raise IllegalAnswer(f"{self.title}: nothing to answer here")
            return None
        problem = _shape_problem(self, value)
        if problem is None:
            problem = self.check(value)
        if problem:
            raise IllegalAnswer(f"{self.title}: {problem}")
        return list(value) if isinstance(value, tuple) else value


def _shape_problem(prompt: Prompt, value: Any) -> str | None:
    kind = prompt.kind
    if kind is AnswerKind.PLAYER:
        if not isinstance(value, int) or isinstance(value, bool):
            return "choose a player"
    elif kind is AnswerKind.PLAYERS:
        if isinstance(value, str) and value in prompt.options:  # a word instead ("none": they might not choose)
            return None
        if not isinstance(value, (list, tuple)) or len(value) != prompt.count:
            return f"choose {prompt.count} players"
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return f"choose {prompt.count} players"
        if len(set(value)) != len(value):
            return f"choose {prompt.count} different players"
    elif kind is AnswerKind.CHOICE:
        if isinstance(value, str):
            if value not in prompt.options:
                return f"answer one of {', '.join(prompt.options)}"
        elif not (isinstance(value, int) and not isinstance(value, bool) and prompt.choices):
            return f"answer one of {', '.join(prompt.options)}" + (
                " or a player" if prompt.choices else ""
            )
    elif kind is AnswerKind.OPTION_AND_PLAYER:
        noun = prompt.option_noun
        option = f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
        shape = f"choose a player and {option}" if prompt.player_first else f"choose {option} and a player"
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            return shape
        chosen, player = prompt.pair(value)
        if not isinstance(chosen, str) or not isinstance(player, int) or isinstance(player, bool):
            return shape
        if chosen not in prompt.options:
            return f"the {noun} must be one of {', '.join(prompt.options)}"
    return None

