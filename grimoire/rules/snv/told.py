"""What a Sects & Violets player was told, next to the truth (``grimoire.rules.told`` asks here
for SnV's characters, and a Philosopher's gained ones, ``philosopher_<id>``): its shape, whether
it is true, and the believable false answers. Under the Vortox a Townsfolk's answer must be
false: a told answer equal to the truth is refused.

- the Clockmaker, the Oracle, the Juggler, the Mathematician: a number;
- the Flowergirl, the Town Crier, the Seamstress: "yes" or "no";
- the Dreamer: the two characters shown (true when the player's is one of them);
- the Sage: the player shown as the Demon (with one other).
"""

from __future__ import annotations

from typing import Any

from grimoire.core.model import GameState, InfoRecord
from grimoire.core.script import Team, load_script
from grimoire.rules.cards import ShowCard, seat_words, told_card
from grimoire.rules.contract import ToldShapes
from grimoire.rules.snv import step_key

NUMBERS = ("clockmaker", "oracle", "juggler", "mathematician")
YES_NO = ("flowergirl", "towncrier", "seamstress")
BASE = (*NUMBERS, *YES_NO, "dreamer", "sage")
TELLS = frozenset(BASE)


class Shape(ValueError):
    pass


def _base(record: InfoRecord) -> str:
    return record.character


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check(g: GameState, record: InfoRecord, value: Any, title: str) -> Any:
    from grimoire.rules.snv.impair import state

    c = _base(record)
    script = load_script(g.script_id)
    if c in NUMBERS:
        if not _whole(value) or value < 0:
            raise Shape(f"{title}: the told answer is a number, not {value!r}")
        out: Any = value
    elif c in YES_NO:
        if value not in ("yes", "no"):
            raise Shape(f"{title}: the told answer is \"yes\" or \"no\", not {value!r}")
        out = value
    elif c == "dreamer":
        if not (isinstance(value, (list, tuple)) and len(value) == 2
                and all(isinstance(v, str) and v in script.by_id for v in value)):
            raise Shape(f"{title}: the told answer is the two characters shown, not {value!r}")
        out = sorted(value)
    else:
        if not (_whole(value) and 0 <= value < len(g.seats)):
            raise Shape(f"{title}: the told answer is a player, not {value!r}")
        out = value
    if step_key(record.character, record.occasion) in state(g).false_info and is_true(record, out):
        raise Shape(f"{title}: the Vortox makes every Townsfolk's information false: {value!r} is the truth")
    return out


def must_lie(g: GameState, record: InfoRecord) -> bool:
    """Under the Vortox a Townsfolk's information step must be told falsely."""
    from grimoire.rules.snv.impair import state

    night = next((n.number for n in reversed(g.nights) if record in n.info), g.night)
    return step_key(record.character, record.occasion) in state(g).false_by_night.get(night, ())


def false_because(g: GameState, record: InfoRecord) -> str:
    return "as the Vortox makes every Townsfolk's information false"


def true_answer(g: GameState | None, record: InfoRecord) -> Any:
    return record.truth


def true_answers(g: GameState | None, record: InfoRecord) -> list[Any]:
    return [record.truth]


def is_true(record: InfoRecord, value: Any) -> bool:
    if _base(record) == "dreamer":
        return record.truth in value
    return bool(value == record.truth)


def words(g: GameState, record: InfoRecord, value: Any) -> str:
    script = load_script(g.script_id)
    c = _base(record)
    if c == "dreamer":
        if isinstance(value, str):
            return script.character(value).name
        return " or ".join(script.character(v).name for v in value)
    if c == "sage":
        return g.name(value)
    return str(value)


def truth_words(g: GameState, record: InfoRecord) -> str:
    return words(g, record, record.truth)


def plausible(g: GameState, record: InfoRecord) -> list[tuple[Any, str]]:
    """(false answer, why a player could believe it), the likeliest first."""
    c, truth = _base(record), record.truth
    script = load_script(g.script_id)
    if c in NUMBERS:
        least = 1 if c == "clockmaker" else 0  # a Demon and a Minion are never 0 seats apart
        return [(n, "one off the truth" if abs(n - truth) == 1 else "")
                for n in sorted({max(least, truth - 1), truth + 1, truth + 2} - {truth}, key=lambda n: (abs(n - truth), n))]
    if c in YES_NO:
        return [("no" if truth == "yes" else "yes", "the other answer")]
    if c == "dreamer":
        kind = script.team_of(truth) if truth in script.by_id else Team.TOWNSFOLK
        good = kind in (Team.TOWNSFOLK, Team.OUTSIDER)
        same = [ch.id for ch in script.characters if (ch.team in (Team.TOWNSFOLK, Team.OUTSIDER)) == good
                and ch.id != truth and ch.team in (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)]
        other = [ch.id for ch in script.characters if (ch.team in (Team.TOWNSFOLK, Team.OUTSIDER)) != good
                 and ch.team in (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)]
        return [(sorted([a, b]), "neither is theirs") for a, b in zip(same[:3], other[:3], strict=False)]
    # The Sage is shown two players, one the Demon: never themself, whom they know is not.
    return [(s.index, "another player") for s in g.seats
            if s.index not in (truth, record.seat) and not s.traveller][:4]


def card(g: GameState, record: InfoRecord, value: Any) -> ShowCard:
    """The Sage's player by number and name; each of the Dreamer's characters by its name."""
    c = _base(record)
    if c == "sage":
        return told_card(g, record, seat_words(g, value))
    if c == "dreamer":
        script = load_script(g.script_id)
        return told_card(g, record, *(script.character(v).name for v in ([value] if isinstance(value, str) else value)))
    return told_card(g, record, str(value))


class SectsAndVioletsTold(ToldShapes):
    """Sects & Violets' told answers, as the contract asks them (the functions above)."""

    TELLS = TELLS
    Shape = Shape
    SEATS = frozenset(("sage",))
    check = staticmethod(check)
    must_lie = staticmethod(must_lie)
    false_because = staticmethod(false_because)
    true_answer = staticmethod(true_answer)
    true_answers = staticmethod(true_answers)
    is_true = staticmethod(is_true)
    words = staticmethod(words)
    truth_words = staticmethod(truth_words)
    plausible = staticmethod(plausible)
    card = staticmethod(card)


TOLD = SectsAndVioletsTold()
