"""The answers a storyteller may say were given at a step that tells a player something:
rows for the step panel and the picker (the rules work them out; this only words them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

import attrs

from grimoire.game import Game
from grimoire.rules import told as told_rules
from grimoire.tui.support.choice_keys import Item
from grimoire.tui.support.view import WALKER_KEYS, option_items
from night_order import Prompt

if TYPE_CHECKING:
    from grimoire.core.model import GameState
    from grimoire.rules.contract import ScriptRules

TOLD_KEY = "f"  # the table's key for "another answer was given"
RESERVED = WALKER_KEYS + TOLD_KEY


def informs(prompt: Prompt | None, rules: ScriptRules) -> TypeGuard[Prompt]:
    """The step tells a player something whose answer given may be recorded (by the game's rules)."""
    return prompt is not None and told_rules.tells(prompt.informs, rules)


def asks_told(prompt: Prompt | None, rules: ScriptRules, g: GameState | None = None) -> bool:
    """The player is drunk or poisoned, several answers are true, or the rules refuse the truth:
    the step asks which answer was given."""
    record = prompt.informs if prompt is not None else None
    return told_rules.tells(record, rules) and (bool(record.impaired) or told_rules.open_answer(rules, record)
                                                or (g is not None and told_rules.must_lie(rules, g, record)))


def asked_why(prompt: Prompt, rules: ScriptRules | None = None, g: GameState | None = None) -> str:
    """Why the step asks which answer was given (``asks_told``), in the picker's words."""
    if rules is not None and g is not None and told_rules.must_lie(rules, g, prompt.informs):
        return "the rules refuse the truth: a false answer"
    return "drunk or poisoned" if prompt.informs.impaired else "several answers are true"


def told_items(game: Game, prompt: Prompt, truth_first: bool, every: bool = True) -> list[Item]:
    """Each answer that could have been given, lettered: every true answer (each marked) and the believable
    false answers with their reasons (the truth first, or the false answers first), then, for
    a player, every other player (``every``: the picker; the step panel lists only the first)."""
    g = game.state
    record = prompt.informs
    def words(value: Any) -> str:
        return told_rules.choice_words(game.rules, g, record, value)

    truths = told_rules.true_answers(game.rules, record, g)  # several where the registration rules allow them
    if told_rules.must_lie(game.rules, g, record):
        truths = []  # the rules refuse them: only false answers are offered
    mark = " — the truth" if len(truths) == 1 else " — true (one of the true answers)"
    truth_rows = [(_shout(words(v)) + mark, v) for v in truths]
    if not every:
        truth_rows = _grouped(game, prompt, truth_rows)
    lies = told_rules.plausible(game.rules, g, record)
    lie_rows = [(_shout(words(t.value)) + (f" — {t.why}" if t.why else ""), t.value) for t in lies]
    rows: list[tuple[str, Any]] = truth_rows + lie_rows if truth_first else lie_rows + truth_rows
    seen = [v for _, v in rows]
    if every and told_rules.seat_told(game.rules, record):
        rows += [(words(s.index), s.index) for s in g.seats if s.index not in seen]
    keyed = option_items([row for row in rows if row[1] is not _GROUP], RESERVED)
    items = [Item(label, None) if value is _GROUP else keyed.pop(0) for label, value in rows]
    if told_rules.seat_told(game.rules, record):
        return items
    # A number told (the Empath's, the Chef's) by its own digit, as it is said: 2 answers "2".
    return [attrs.evolve(i, key=str(i.value)) if _digit(i.value) else i for i in items]


def _digit(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9


_GROUP = object()  # a row that stands for several true answers: the picker (f) lists each


def _grouped(game: Game, prompt: Prompt, rows: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """The true answers that share their players (a Spy may register as any Townsfolk), each
    group in one row with no letter of its own, so that a step lists a few lines, not sixty."""
    g, record = game.state, prompt.informs
    parts = {id(v): told_rules.group_words(game.rules, g, record, v) for _, v in rows}
    counts: dict[str, int] = {}
    for p in parts.values():
        if p is not None:
            counts[p[0]] = counts.get(p[0], 0) + 1
    out: list[tuple[str, Any]] = []
    done: set[str] = set()
    for label, v in rows:
        p = parts[id(v)]
        if p is None or counts[p[0]] == 1:
            out.append((label, v))
        elif p[0] not in done:
            done.add(p[0])
            names = [q[1] for _, w in rows if (q := parts[id(w)]) is not None and q[0] == p[0]]
            out.append((f"{p[0]} is the {', '.join(names[:-1])} or {names[-1]} — true "
                        f"(as they register; {TOLD_KEY}: pick which)", _GROUP))
    return out


def _shout(text: str) -> str:
    """A nod or a shake, as the step's true answer says them (its letter: y or s)."""
    return {"yes": "YES: nod", "no": "NO: shake your head"}.get(text, text)
