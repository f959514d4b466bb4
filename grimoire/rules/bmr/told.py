"""What a Bad Moon Rising player was told, next to the truth (``grimoire.rules.told`` asks here
for BMR's characters): its shape, whether it is true, and the believable false answers.

- the Chambermaid: a number (0, 1 or 2);
- the Grandmother: ``[player, character_id]`` (her grandchild and their character);
- the Godfather: a list of character ids (the Outsiders in play).
"""

from __future__ import annotations

from typing import Any

import attrs

from grimoire.core.model import GameState, InfoRecord
from grimoire.core.script import Team, load_script
from grimoire.rules.cards import Block, ShowCard, seat_words, told_card
from grimoire.rules.contract import ToldShapes

TELLS = ("chambermaid", "grandmother", "godfather")


class Shape(ValueError):
    pass


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check(g: GameState, record: InfoRecord, value: Any, title: str) -> Any:
    c = record.character
    script = load_script(g.script_id)
    if c == "chambermaid":
        if not _whole(value) or not 0 <= value <= 2:
            raise Shape(f"{title}: the told answer is a number from 0 to 2, not {value!r}")
        return value
    if c == "grandmother":
        ok = (isinstance(value, (list, tuple)) and len(value) == 2 and _whole(value[0])
              and 0 <= value[0] < len(g.seats) and isinstance(value[1], str) and value[1] in script.by_id)
        if not ok:
            raise Shape(f"{title}: the told answer is [player, character], not {value!r}")
        return [value[0], value[1]]
    if not (isinstance(value, (list, tuple)) and all(isinstance(v, str) and v in script.by_id for v in value)):
        raise Shape(f"{title}: the told answer is a list of characters, not {value!r}")
    return sorted(value)


def true_answer(g: GameState | None, record: InfoRecord) -> Any:
    truth = record.truth
    if record.character == "grandmother":
        return [truth[0], truth[1]]
    if record.character == "godfather":
        return list(truth)
    return truth


def true_answers(g: GameState | None, record: InfoRecord) -> list[Any]:
    return [true_answer(g, record)]


def is_true(record: InfoRecord, value: Any) -> bool:
    truth = record.truth
    if record.character == "grandmother":
        return list(value) == [truth[0], truth[1]]
    if record.character == "godfather":
        return sorted(value) == list(truth)
    return bool(value == truth)


def words(g: GameState, record: InfoRecord, value: Any) -> str:
    script = load_script(g.script_id)
    if record.character == "grandmother":
        return f"{value[0] + 1} {g.seats[value[0]].name} is the {script.character(value[1]).name}"
    if record.character == "godfather":
        return ", ".join(script.character(c).name for c in value) or "no Outsider"
    return str(value)


def truth_words(g: GameState, record: InfoRecord) -> str:
    return words(g, record, true_answer(g, record))


def plausible(g: GameState, record: InfoRecord) -> list[tuple[Any, str]]:
    """(false answer, why a player could believe it), the likeliest first."""
    c, truth = record.character, record.truth
    script = load_script(g.script_id)
    in_play = {s.character for s in g.seats}
    if c == "chambermaid":
        return [(n, "one off the truth" if abs(n - truth) == 1 else "") for n in sorted(
            set(range(3)) - {truth}, key=lambda n: (abs(n - truth), n))]
    if c == "grandmother":
        child, character = truth
        team = script.team_of(character) if character in script.by_id else Team.TOWNSFOLK
        others = [ch.id for ch in script.characters if ch.team is team and ch.id != character
                  and ch.id not in in_play]
        bluffs = [b for b in g.bluffs if b in script.by_id and b != character]
        return ([([child, b], "a Demon bluff") for b in bluffs]
                + [([child, o], f"another {team.label} not in play") for o in others[:3]])
    outsiders = [ch.id for ch in script.characters if ch.team is Team.OUTSIDER]
    out: list[tuple[Any, str]] = []
    if truth:
        out.append(([], "as if no Outsider were in play"))
    for o in outsiders:
        if o not in truth:
            out.append((sorted([*truth, o]), "one Outsider more"))
    return out[:4]


def card(g: GameState, record: InfoRecord, value: Any) -> ShowCard:
    """The Grandmother's grandchild and their character; the Godfather's Outsiders, each by name."""
    script = load_script(g.script_id)
    if record.character == "grandmother":
        shown = told_card(g, record, seat_words(g, value[0]))
        return attrs.evolve(shown, label=f"{shown.label}, the {script.character(value[1]).name}", blocks=(
            *shown.blocks, Block("headline", "is your grandchild, the"), Block("big", script.character(value[1]).name)))
    if record.character == "godfather":
        return told_card(g, record, *([script.character(c).name for c in value] or ["No Outsider"]))
    return told_card(g, record, str(value))


class BadMoonRisingTold(ToldShapes):
    """Bad Moon Rising's told answers, as the contract asks them (the functions above)."""

    TELLS = frozenset(TELLS)
    Shape = Shape
    check = staticmethod(check)
    true_answer = staticmethod(true_answer)
    true_answers = staticmethod(true_answers)
    is_true = staticmethod(is_true)
    words = staticmethod(words)
    truth_words = staticmethod(truth_words)
    plausible = staticmethod(plausible)
    card = staticmethod(card)


TOLD = BadMoonRisingTold()
