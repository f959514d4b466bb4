"""Building the walker's prompts for a script's rules' own steps."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from grimoire.core.model import GameState
from night_order import AnswerKind, Prompt

Rule = Callable[[int], str | None]


def seat_check(g: GameState, rule: Rule) -> Callable[[Any], str | None]:
    """Check one seat number against a rule; also refuses seats that do not exist."""

    def check(value: Any) -> str | None:
        if isinstance(value, int) and not 0 <= value < len(g.seats):
            return f"there is no seat {value}"
        if isinstance(value, int) and g.seats[value].left:
            return f"{g.seats[value].name} has left the game"
        if isinstance(value, int):
            return rule(value)
        return None

    return check


def seats_check(g: GameState, rule: Rule, whole: Callable[[list[int]], str | None] | None = None) -> Callable[[Any], str | None]:
    one = seat_check(g, rule)

    def check(values: Any) -> str | None:
        for v in values:
            problem = one(v)
            if problem:
                return problem
        return whole(list(values)) if whole else None

    return check


def allowed(g: GameState, rule: Rule) -> tuple[int, ...]:
    return tuple(s.index for s in g.seats if not s.left and rule(s.index) is None)


def ack(
    step: str,
    title: str,
    reminder: str,
    wake: Iterable[int] = (),
    question: str = "",
    truth: Any = None,
    truth_text: str = "",
    impaired: bool = False,
    impaired_why: str = "",
    notes: Iterable[str] = (),
    informs: Any = None,
) -> Prompt:
    return Prompt(
        step=step,
        title=title,
        reminder=reminder,
        wake=tuple(wake),
        question=question,
        truth=truth,
        truth_text=truth_text,
        impaired=impaired,
        impaired_why=impaired_why,
        notes=tuple(notes),
        informs=informs,
    )


def choose(
    g: GameState,
    step: str,
    title: str,
    reminder: str,
    key: str,
    rule: Rule,
    wake: Iterable[int] = (),
    question: str = "",
    kind: AnswerKind = AnswerKind.PLAYER,
    count: int = 1,
    options: tuple[str, ...] = (),
    whole: Callable[[list[int]], str | None] | None = None,
    impaired: bool = False,
    impaired_why: str = "",
    notes: Iterable[str] = (),
    option_noun: str = "option",
    player_first: bool = False,
    pair_words: str = "{option}, {player}",
) -> Prompt:
    if kind is AnswerKind.PLAYERS:
        check = seats_check(g, rule, whole)
    elif kind is AnswerKind.OPTION_AND_PLAYER:
        single = seat_check(g, rule)

        def check(value: Any) -> str | None:
            return single(value[0] if player_first else value[1])

    else:
        check = seat_check(g, rule)
    return Prompt(
        step=step,
        title=title,
        reminder=reminder,
        key=key,
        kind=kind,
        wake=tuple(wake),
        question=question,
        count=count,
        options=options,
        choices=allowed(g, rule),
        impaired=impaired,
        impaired_why=impaired_why,
        notes=tuple(notes),
        check=check,
        option_noun=option_noun,
        player_first=player_first,
        pair_words=pair_words,
    )
