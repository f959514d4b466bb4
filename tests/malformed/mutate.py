"""Breaking a file's data the way careless hands and hostile files do, for hypothesis.

A mutation picks a place in the data (a table's key or an array's element, at any depth) and
deletes it, swaps its type, wraps it in an array, or puts a huge, negative, non-finite, deeply
nested or unknown value there. Values that the writer cannot write (NaN in JSON is fine, but
a 5,000-digit number or 100,000 nested arrays are not) go in as placeholders, swapped for
their raw text once the file is written.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import tomli_w
from hypothesis import strategies as st

from grimoire.core.script import load_script

Place = tuple[str | int, ...]

DEEP = 100_000


class Raw(str):
    """A value written as this raw text in the file (see ``dump``)."""


RAW_TOML = (Raw("[" * DEEP + "]" * DEEP), Raw("{a=" * DEEP + "1" + "}" * DEEP), Raw("9" * 5000))
RAW_JSON = (Raw("[" * DEEP + "]" * DEEP), Raw('{"a":' * DEEP + "1" + "}" * DEEP), Raw("9" * 5000),
            Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw("1e999"))

WORDS = ("", "imp", "phantom", "meg", "managers", "mirror_keeper", "monkey_music_box", "punjab_lasso",
         "decline", "keep", "bounce", "no", "good", "evil", "dusk", "dawn", "minioninfo", "Ann", "Ben",
         "clockwise", "townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric",
         "first_recipient", "start_night", "answer", "execute", "swap_character", "place_token",
         "Received tonight", "Mirror target", "Protected", "_meta")
NUMBERS = (0, 1, 2, 3, 7, 8, 14, 15, 19, 20, 99, -1, -2, 2**31, 2**63 - 1, -(2**63))
CHARACTERS = tuple(c.id for c in load_script("phantom").characters)
TOKENS = tuple(name for c in load_script("phantom").characters for name in c.reminders)
FLOATS = (0.5, 1.0, -0.0, 1e308, float("nan"), float("inf"), float("-inf"))


def nested(depth: int, table: bool) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"a": value} if table else [value]
    return value


def values(json_file: bool) -> st.SearchStrategy[Any]:
    plain = st.one_of(
        st.sampled_from(NUMBERS),
        st.integers(),
        st.sampled_from(FLOATS),
        st.booleans(),
        st.sampled_from(WORDS),
        st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_characters="[]\\"), max_size=6),
    )
    shaped = st.one_of(
        st.just([]), st.just({}), st.lists(plain, max_size=3), st.dictionaries(st.sampled_from(WORDS[1:]), plain, max_size=2),
        st.builds(nested, st.integers(2, 40), st.booleans()),
        st.sampled_from(RAW_JSON if json_file else RAW_TOML),
    )
    out = st.one_of(plain, shaped)
    return st.one_of(out, st.none()) if json_file else out


def alike(old: Any) -> st.SearchStrategy[Any]:
    """Another value of the same type as ``old``."""
    if isinstance(old, bool):
        return st.just(not old)
    if isinstance(old, int):
        return st.one_of(st.integers(-2, 21), st.sampled_from(NUMBERS), st.just(old + 1), st.just(old - 1))
    if isinstance(old, float):
        return st.sampled_from(FLOATS)
    if isinstance(old, str):
        return st.sampled_from(WORDS + CHARACTERS + TOKENS)
    if isinstance(old, list) and old:
        return st.one_of(st.permutations(old), st.builds(lambda i: old[:i] + old[i + 1:], st.integers(0, len(old) - 1)))
    return st.just(old)


def places(data: Any) -> list[Place]:
    """Every place in the data below its root, parents before children."""
    out: list[Place] = []
    todo: list[tuple[Place, Any]] = [((), data)]
    while todo:
        place, value = todo.pop(0)
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, child in items:
            out.append((*place, key))
            todo.append(((*place, key), child))
    return out


def _parent(data: Any, place: Place) -> Any:
    for key in place[:-1]:
        data = data[key]
    return data


def mutate(draw: st.DrawFn, data: Any, json_file: bool) -> tuple[Any, str]:
    """A changed deep copy of ``data``, and words saying what changed."""
    data = copy.deepcopy(data)
    where = places(data)
    if not where:
        return data, "nothing to change"
    place = draw(st.sampled_from(where))
    parent, key = _parent(data, place), place[-1]
    old = parent[key]
    kind = draw(st.sampled_from(("alike", "alike", "alike", "alike", "replace", "replace", "delete", "wrap",
                                 "unwrap", "copy")))
    if kind == "alike":  # the same type, another value: the likeliest to pass the type checks
        parent[key] = draw(alike(old))
    elif kind == "delete":
        del parent[key]
    elif kind == "wrap":
        parent[key] = [old]
    elif kind == "unwrap" and isinstance(old, (list, dict)) and old:
        parent[key] = next(iter(old.values())) if isinstance(old, dict) else old[0]
    elif kind == "copy" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))  # the same entry twice
    else:
        kind = "replace"
        parent[key] = draw(values(json_file))
    return data, f"{kind} at {place!r}"


def dump(data: Any, json_file: bool) -> str:
    """The file's text: raw values swapped in for their placeholders."""
    raws: list[Raw] = []

    def hole(value: Any) -> Any:
        if isinstance(value, Raw):
            raws.append(value)
            return f"@@RAW{len(raws) - 1}@@"
        if isinstance(value, dict):
            return {k: hole(v) for k, v in value.items()}
        if isinstance(value, list):
            return [hole(v) for v in value]
        return value

    text = json.dumps(hole(data)) if json_file else tomli_w.dumps(hole(data))
    for i, raw in enumerate(raws):
        text = text.replace(f'"@@RAW{i}@@"', raw)
    return text
