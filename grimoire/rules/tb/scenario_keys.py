"""Trouble Brewing's keys in scenario files (docs/scenario-format.md):
what each character's night choice and expected answer look like, and how a game writes them
back. The scenario format asks here; players are named in files and seats in the engine."""

from __future__ import annotations

from typing import Any

from grimoire.core.model import GameState, InfoRecord
from grimoire.rules.contract import ScenarioKeys
from grimoire.rules.tb.told import CHARACTERS, NUMBERS, PINGS, YES_NO

# The night's choices under each character's official id, and the shape of one answer.
NIGHT_KEYS = {"poisoner": "player", "monk": "player", "imp": "player", "fortuneteller": "players2",
              "butler": "player", "ravenkeeper": "player", "mayor": "player", "starpass": "player"}
LIST_ANSWERS = {"fortuneteller"}
DAY_KEYS = {"slayer", "nominate"}  # each [player, player], in the order they happened
# The day's registration choices, under the registering character's id: what they may register
# as (the Slayer's Demon, the Virgin's Townsfolk), or their own id for "as they are".
REGISTERING = {"recluse": "demon", "spy": "townsfolk"}
ANSWERS = (*NUMBERS, *YES_NO, *PINGS, *CHARACTERS)
# The setup's keys that place an official reminder (on the player the key names): (name, owner).
SETUP_TOKENS = {"red_herring": ("Red Herring", "fortuneteller")}
# The shape of each character's told answer (grimoire.scenario.told_keys).
TOLD_SHAPES = ({c: "number" for c in NUMBERS} | {c: "yes_no" for c in YES_NO} | {c: "ping" for c in PINGS}
               | {c: "character" for c in CHARACTERS})


def expected_answer(character: str, value: Any, player: Any, known: Any, error: type[Exception], where: str) -> Any:
    """An ``expect.answers`` value in the engine's terms (as ``InfoRecord.truth`` holds it)."""
    if character in NUMBERS:
        if isinstance(value, int) and not isinstance(value, bool):
            return (value,)
        if isinstance(value, list) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return tuple(sorted(set(value)))
        raise error(f"{where}: expected a number or an array of the possible numbers")
    if character in YES_NO:
        if value not in ("yes", "no", "either"):
            raise error(f"{where}: expected \"yes\", \"no\" or \"either\", got {value!r}")
        return value
    if character in CHARACTERS:  # one character id, or each a Recluse or a Spy may register as
        ids = value if isinstance(value, list) and value else [value]
        for one in ids:
            if not isinstance(one, str) or not known(one):
                raise error(f"{where}: unknown character {one!r}")
        return ids[0] if len(set(ids)) == 1 else tuple(sorted(set(ids)))
    if character == "librarian" and value == "zero":
        return value
    zero = character == "librarian" and isinstance(value, list) and "zero" in value
    if zero:  # "zero" among the pings: a Spy or a Recluse may register as an Outsider or not
        value = [p for p in value if p != "zero"]
    if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
        also = ' (and "zero" when a Spy or a Recluse may make it true)' if character == "librarian" else ""
        raise error(f"{where}: expected the valid pings, [[player, character_id], ...]{also}")
    pings = []
    for name, character_id in value:
        if not known(character_id):
            raise error(f"{where}: unknown character {character_id!r}")
        pings.append((player(name), character_id))
    if zero and not pings:
        return "zero"
    return (*sorted(pings), *(("zero",) if zero else ()))


def written_answer(g: GameState, record: InfoRecord) -> Any:
    """A true answer as a scenario file writes it."""
    truth = record.truth
    if record.character in NUMBERS:
        return truth[0] if len(truth) == 1 else list(truth)
    if record.character in PINGS and truth != "zero":
        return [p if p == "zero" else [g.name(p[0]), p[1]] for p in truth]
    return list(truth) if isinstance(truth, tuple) else truth


def registrations(raw: dict[str, Any], error: type[Exception], where: str) -> dict[str, list[bool]]:
    """``recluse = "demon"``, ``spy = "townsfolk"`` (or their own id), an array when asked
    more than once that day: each True when they register otherwise."""
    out = {}
    for character, other in REGISTERING.items():
        if character not in raw:
            continue
        values = raw[character] if isinstance(raw[character], list) else [raw[character]]
        for v in values:
            if v not in (other, character):
                raise error(f"{where}: {character}: expected \"{other}\" or \"{character}\" (as they are), got {v!r}")
        out[character] = [v == other for v in values]
    return out


def written_registration(character: str, registers: bool) -> str:
    return REGISTERING[character] if registers else character


def pairs(value: Any, player: Any, error: type[Exception], where: str) -> list[tuple[int, int]]:
    """``[a, b]`` or ``[[a, b], ...]``: the day's slayer shots or nominations, in order."""
    rows = value if isinstance(value, list) and value and isinstance(value[0], list) else [value]
    out = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 2):
            raise error(f"{where}: expected [player, player], got {row!r}")
        out.append((player(row[0]), player(row[1])))
    return out


class TroubleBrewingKeys(ScenarioKeys):
    """Trouble Brewing's keys, as the contract asks them (the tables and functions above)."""

    NIGHT_KEYS = NIGHT_KEYS
    LIST_ANSWERS = LIST_ANSWERS
    DAY_KEYS = DAY_KEYS
    REGISTERING = REGISTERING
    ANSWERS = ANSWERS
    SETUP_TOKENS = SETUP_TOKENS
    TOLD_SHAPES = TOLD_SHAPES
    expected_answer = staticmethod(expected_answer)
    written_answer = staticmethod(written_answer)
    registrations = staticmethod(registrations)
    written_registration = staticmethod(written_registration)
    pairs = staticmethod(pairs)


KEYS = TroubleBrewingKeys()
