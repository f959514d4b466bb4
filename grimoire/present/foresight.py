"""What an action would do, before it is recorded: the screen that confirms it says so.

The state is the fold of the log, so the action's event is folded on a copy of the game
(``Game.fork``) and the difference is told in the log's own words: who dies, who is spared,
who becomes another character, who wins. Where the script's rules decide (``automated``),
that is exactly what recording it will do; where the storyteller decides, only the standard
end conditions are pointed out, as the day's panel does. Nothing here decides: the
storyteller still chooses, and overrides still override.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grimoire.core import events as ev
from grimoire.core import happenings as hp
from grimoire.core.model import GameState, Phase
from grimoire.core.value import frozen
from grimoire.game import ExecutionAnswerNeeded, Game, IllegalAction
from grimoire.present.happening_lines import happening_line
from grimoire.present.narrate import execution_lines, said_by_execution
from grimoire.rules.day import on_the_block
from grimoire.rules.words import character_name, seat_name
from night_order import AnswerKind

# Every game's happenings that are an action's consequence, as the confirmation tells them;
# a script's own are those its rules mark ``foreseen``.
CONSEQUENCES = (hp.Died, hp.Spared, hp.Became, hp.NoEffect, hp.Exiled, hp.Revived, hp.Left)
# How many steps that only wake and tell a player a night step may run on before it is done
# (a player woken and told that their help worked, then the kill): far more than any night has.
ACKS = 50


@frozen
class Foresight:
    """What recording an event would do, in the log's words (``lines``); ``then``: the
    question the rules would ask next, on the same step or execution; ``refused``: why it
    would not be recorded at all ("" when it would); ``ends``: the game would end (a question
    that offers it says so, as the rules decide it)."""

    lines: tuple[str, ...] = ()
    then: str = ""
    refused: str = ""
    ends: bool = False

    @property
    def happens(self) -> bool:
        """Something a confirmation should show: a death, an end, a question, a refusal."""
        return bool(self.lines or self.then or self.refused)

    def words(self, quiet: str = "") -> list[str]:
        """The lines to show; ``quiet``: what to say when nothing would happen ("": nothing)."""
        if self.refused:
            return [f"Not allowed: {self.refused}"]
        # A question still to come decides what happens: nothing is said to happen before it.
        out = list(self.lines) or ([quiet] if quiet and not self.then else [])
        if self.then:
            out.append(f"Then you are asked: {self.then}")
        return out


def foresee(game: Game, event: ev.Event) -> Foresight:
    """What applying ``event`` to ``game`` would do; ``game`` is not changed."""
    fork = game.fork()
    step = game.prompt.step if game.prompt is not None else None
    try:
        fork.apply(event)
    except ExecutionAnswerNeeded as asked:
        return Foresight(tuple(_each_answer(game, event)), then=asked.prompt.question or asked.prompt.title)
    except IllegalAction as exc:
        return Foresight(refused=str(exc))
    then = _run_on(fork, step) if isinstance(event, ev.Answer) else _owed(game, fork)
    ends = game.state.winner is None and fork.state.winner is not None
    return Foresight(tuple(difference(game, fork)), then, ends=ends)


def _each_answer(game: Game, event: ev.Event) -> list[str]:
    """What an execution that asks first would do with each answer that is no player (the
    rules' ``execution_question``): "<answer>: <what happens>"."""
    if not isinstance(event, ev.Execute):
        return []
    question = game.rules.execution_question(game.state, event.seat)
    out = []
    for label, value in question.options if question is not None else ():
        fork = game.fork()
        try:
            fork.apply(ev.Execute(event.seat, answer=value))
        except IllegalAction:
            continue
        out.append(f"{label}: " + (" ".join(difference(game, fork)) or quiet_words(game)))
    return out


def _owed(game: Game, fork: Game) -> str:
    """A choice the day may not end without that the action would make owed (a dead player's),
    as the question it asks next."""
    if fork.state.phase is not Phase.DAY or fork.state.winner is not None:
        return ""
    had = {(o.seat, o.character) for o in game.rules.declarations(game.state) if o.owed}
    new = [o for o in fork.rules.declarations(fork.state) if o.owed and (o.seat, o.character) not in had]
    return "; ".join(f"{seat_name(fork.state, o.seat)} ({character_name(fork.state, o.character)}) {o.words} "
                     "(before the day ends)" for o in new)


def _run_on(fork: Game, step: str | None) -> str:
    """A night step that goes on after its answer (a player woken and told, then the kill):
    the wakes that ask nothing are run on the copy; a choice asked next is named."""
    for _ in range(ACKS):
        prompt = fork.prompt
        if prompt is None or prompt.step != step:
            return ""
        if prompt.kind is not AnswerKind.ACK:
            return prompt.question or prompt.title
        try:
            fork.answer(None)
        except IllegalAction:
            return prompt.question or prompt.title
    return ""


def difference(game: Game, fork: Game) -> list[str]:
    """The consequences in ``fork`` that ``game`` has not had: the execution, deaths and
    protections, changes of character and alignment, and the end."""
    before, after = game.state, fork.state
    lines: list[str] = []
    told: set[int] = set()
    executed = None
    new = _new_happenings(before, after)
    if after.today is not None and after.today.execution is not None and (
            before.today is None or before.today.number != after.today.number or before.today.execution is None):
        executed = after.today.execution
        # The rules' own words for what brought it (a judgement of madness) come first, as the
        # log tells them, then the execution.
        start = next((i for i, h in enumerate(new) if isinstance(h, hp.Executed)), 0)
        first = [h for h in new[:start] if not isinstance(h, hp.Happening) and fork.rules.foreseen(h)]
        lines += [line for h in first if (line := happening_line(fork.rules, after, h, told))]
        new = [h for h in new if not any(h is f for f in first)]
        lines += execution_lines(fork.rules, after, executed, told)
    became: set[int] = set()
    turned: set[int] = set()
    with_it: list[str] = []  # the drunkenness or poisoning a reminder begins: said beside a consequence
    for h in new:
        if said_by_execution(executed, h):
            continue
        if isinstance(h, hp.Became) and h.why == hp.STORYTELLER:
            continue  # the storyteller's swap: told below, as what it would do
        if isinstance(h, hp.Became):
            became.add(h.seat)
            if h.turned:
                turned.add(h.seat)  # its line says the new alignment
        foreseen = fork.rules.foreseen(h)  # the rules' own, or a reminder they count as a consequence
        if isinstance(h, CONSEQUENCES) or _ended_with(h) or _began_with(h) or foreseen:
            line = happening_line(fork.rules, after, h, told)
            if line:
                lines.append(line)
                if _began_with(h) and not foreseen:
                    with_it.append(line)
    lines += _changed_seats(before, after, became, turned)
    lines += _the_end(game, fork)
    if len(with_it) == len(lines):  # a poisoning alone (the Poisoner's choice) asks no confirmation
        return []
    return lines


def _ended_with(h: Any) -> bool:
    """A token that goes because its character died or became another, and the drunkenness or
    poisoning it ends with it (the Poisoner's, when she becomes the Imp)."""
    return isinstance(h, hp.TokenChange) and h.how == "removed" and h.why in ("death", "changed") and bool(h.changes)


def _began_with(h: Any) -> bool:
    """A reminder the rules place that makes someone drunk or poisoned with it (the old Demon a
    Snake Charmer charms): said with what else the action does, never alone (a Poisoner's choice
    is no action to confirm)."""
    return isinstance(h, hp.TokenChange) and h.how == "placed" and h.by == "rules" and bool(h.changes)


def _blocks(g: GameState) -> dict[tuple[str, int], list[Any]]:
    """The happenings of the newest night and day (the only ones an action changes)."""
    out: dict[tuple[str, int], list[Any]] = {}
    if g.nights:
        out[("night", g.nights[-1].number)] = g.nights[-1].happenings
    if g.today is not None:
        out[("day", g.today.number)] = g.today.happenings
    return out


def _new_happenings(before: GameState, after: GameState) -> list[Any]:
    old = _blocks(before)
    new: list[Any] = []
    for key, happenings in _blocks(after).items():
        was: Sequence[Any] = old.get(key, ())
        same = 0  # the records they share, in order (the step's own record moves to the end when told)
        while same < min(len(was), len(happenings)) and happenings[same] == was[same]:
            same += 1
        rest = list(was[same:])
        for h in happenings[same:]:
            if h in rest:
                rest.remove(h)
            else:
                new.append(h)
    return new


def _changed_seats(before: GameState, after: GameState, became: set[int], turned: set[int]) -> list[str]:
    """A character or an alignment changed with no rule telling it (the storyteller's swap)."""
    lines = []
    for old, new in zip(before.seats, after.seats, strict=False):
        if old.character != new.character and old.index not in became:
            lines.append(f"{seat_name(after, new.index)} ({character_name(after, old.character)}) "
                         f"becomes the {character_name(after, new.character)}.")
        if old.alignment != new.alignment and old.index not in turned:
            lines.append(f"{seat_name(after, new.index)} becomes {new.alignment.value}.")
    return lines


def _the_end(game: Game, fork: Game) -> list[str]:
    after = fork.state
    if game.state.winner is None and after.winner is not None:
        return [f"{after.winner.value.capitalize()} wins: {after.win_reason}."]
    if game.rules.automated or after.phase is Phase.SETUP:
        return []
    known = set(game.end_pointers())
    return [p for p in fork.end_pointers() if p not in known]


def quiet_words(game: Game) -> str:
    """What a confirmation says when an action would kill no one and end nothing."""
    if game.rules.automated:
        return "Nobody dies, and the game goes on."
    return "Nobody dies; no standard end condition is met."


def dusk_question(game: Game) -> tuple[int | None, Foresight]:
    """At the day's end: the player on the block with no execution today (None: nobody), and
    what starting the night would do (where the script's rules end the game at dusk, its end)."""
    g = game.state
    night = foresee(game, ev.StartNight())
    if g.phase is not Phase.DAY or g.today is None or g.winner is not None:
        return None, night
    block = on_the_block(game.rules, g) if g.today.execution is None else None
    return block, night
