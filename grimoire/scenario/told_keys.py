"""The scenario format's ``told`` tables: what a player was actually told (an optional
extension of the contract; see examples/scenarios/README.md).

In a ``[[night]]``, ``told = { character = answer }`` gives the answer the
storyteller gave at that character's step (an array: one per telling, in order); in
``[night.expect]``, ``told = { ... }`` checks the told answer recorded at the last telling.
Players are named; in engine terms they are seats.
"""

from __future__ import annotations

from typing import Any

from grimoire.core.model import GameState, InfoRecord
from grimoire.core.script import Script
from grimoire.rules import plugins

LIST_SHAPES = ("ping", "player_character", "characters")  # a told answer that is itself an array


def shapes() -> dict[str, str]:
    """Each told character's shape: every rules plug-in's (its scenario keys' ``TOLD_SHAPES``)."""
    out: dict[str, str] = {}
    for keys in plugins.scenario_keys():
        out |= keys.TOLD_SHAPES
    return out


def parse(raw: Any, where: str, names: tuple[str, ...], script: Script, player: Any, error: type[Exception]) -> dict[str, list[Any]]:
    """``told = { character = value }`` in engine terms: character -> told answers in order."""
    if not isinstance(raw, dict):
        raise error(f"{where}: expected {{ character = answer given }}")
    out: dict[str, list[Any]] = {}
    known_shapes = shapes()
    for character, value in raw.items():
        w = f"{where}.{character}"
        shape = known_shapes.get(character)
        if shape is None:
            known = ", ".join(sorted(known_shapes))
            raise error(f"{w}: {character!r} is told nothing a told answer can replace (known: {known})")
        # An array is one telling per entry, except of a shape that is itself an array (a ping):
        # then an array of arrays.
        listy = shape in LIST_SHAPES
        many = isinstance(value, list) and (not listy or (bool(value) and isinstance(value[0], list)))
        values = value if many else [value]
        if not values:
            raise error(f"{w}: an empty array gives no answer")
        out[character] = [_one(shape, v, w, names, script, player, error) for v in values]
    return out


def _one(shape: str, value: Any, where: str, names: tuple[str, ...], script: Script, player: Any,
         error: type[Exception]) -> Any:
    if shape == "yes_no":
        if value not in ("yes", "no"):
            raise error(f"{where}: expected \"yes\" or \"no\" (a nod or a shake), got {value!r}")
        return value
    if shape == "count":
        if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2):
            raise error(f"{where}: expected a finger count, 0, 1 or 2, got {value!r}")
        return value
    if shape == "player":
        return player(names, value, where)
    if shape == "number":
        if not (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
            raise error(f"{where}: expected a number, got {value!r}")
        return value
    if shape == "character":
        if value not in script.by_id:
            raise error(f"{where}: unknown character {value!r}")
        return value
    if shape == "player_character":  # [player, character_id]: who, and as what
        if not (isinstance(value, list) and len(value) == 2 and value[1] in script.by_id):
            raise error(f"{where}: expected [player, character_id], got {value!r}")
        return [player(names, value[0], where), value[1]]
    if shape == "characters":  # [character_id, ...]
        if not (isinstance(value, list) and all(v in script.by_id for v in value)):
            raise error(f"{where}: expected an array of character ids, got {value!r}")
        return sorted(value)
    if shape == "ping":
        if value == "zero":
            return value
        if not (isinstance(value, list) and len(value) == 3 and value[2] in script.by_id):
            raise error(f"{where}: expected [player, player, character_id] (or \"zero\"), got {value!r}")
        return [player(names, value[0], where), player(names, value[1], where), value[2]]
    if not isinstance(value, dict) or set(value) != {"passer", "first_holder"}:
        raise error(f"{where}: expected {{ passer = player, first_holder = character_id }}")
    if value["first_holder"] not in script.by_id:
        raise error(f"{where}: unknown character {value['first_holder']!r}")
    return [player(names, value["passer"], where), value["first_holder"]]


def shown(g: GameState, character: str, value: Any) -> str:
    """A told answer in the file's own words."""
    if value is None:
        return "nothing recorded"
    shape = shapes().get(character)
    if shape == "player":
        return g.name(value)
    if shape == "receipt":
        return f"{{passer = {g.name(value[0])}, first_holder = {value[1]}}}"
    if shape == "ping" and value != "zero":
        return f"[{g.name(value[0])}, {g.name(value[1])}, {value[2]}]"
    if shape == "player_character":
        return f"[{g.name(value[0])}, {value[1]}]"
    return str(value)


def written(g: GameState, record: InfoRecord) -> Any:
    """A recorded told answer as a scenario file writes it."""
    shape = shapes().get(record.character)
    if shape == "player":
        return g.name(record.told)
    if shape == "receipt":
        return {"passer": g.name(record.told[0]), "first_holder": record.told[1]}
    if shape == "ping" and record.told != "zero":
        return [g.name(record.told[0]), g.name(record.told[1]), record.told[2]]
    if shape == "player_character":
        return [g.name(record.told[0]), record.told[1]]
    return record.told
