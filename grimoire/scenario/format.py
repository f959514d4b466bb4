"""Reading a scenario file (docs/scenario-format.md) into a checked, typed Scenario.

Every problem is a ScenarioError naming the file, the place and the key.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import attrs

from grimoire.core.freetext import NAME_LIMIT, TITLE_LIMIT, text_problem, unsafe_problem
from grimoire.core.limits import FileRefused, read_text, unreadable
from grimoire.core.model import Alignment
from grimoire.core.script import MAIN, Script, ScriptError, load_script
from grimoire.core.value import frozen
from grimoire.game import SeatSetup, SetupToken, TableSetup
from grimoire.rules import plugins
from grimoire.rules.contract import SetupDataError
from grimoire.rules.plugins import rules_for
from grimoire.scenario import told_keys


class ScenarioError(ValueError):
    pass


TOP_KEYS = {"title", "script", "strict_setup", "rules", "setup", "night", "day", "description"}
SETUP_KEYS = {"seats", "bluffs"}  # and the keys of the script's rules' own setup (their setup_keys)
SEAT_KEYS = {"name", "character", "alignment", "traveller", "thinks"}
# The day's keys every game has; each rules plug-in adds its own (its ``scenario_keys``,
# grimoire.rules.plugins): its night answers, its day declarations and actions.
DAY_KEYS = {"execute", "exile", "nominations"}
EXPECT_KEYS = {
    "dead", "drunk", "poisoned", "tokens", "answers", "impaired", "woke", "winner", "executed", "survived", "told",
    "registers_dead", "alignment",
}  # and each plug-in's (its scenario keys' EXPECT)
DAY_ONLY_EXPECT = {"executed", "survived"}
NIGHT_ONLY_EXPECT = {"told"}


def own_expect() -> set[str]:
    """The expectations the plug-ins add (what a player holds: its holder, its transfers)."""
    return set().union(*(keys.EXPECT for keys in plugins.scenario_keys()))


def setup_tokens() -> dict[str, tuple[str, str]]:
    """The setup keys that place an official reminder, each plug-in's: key -> (name, owner)."""
    return {key: token for keys in plugins.scenario_keys() for key, token in keys.SETUP_TOKENS.items()}


def night_keys() -> dict[str, str]:
    return {key: shape for keys in plugins.scenario_keys() for key, shape in keys.NIGHT_KEYS.items()}


def list_answers() -> set[str]:
    return set().union(*(keys.LIST_ANSWERS for keys in plugins.scenario_keys()))


def declares() -> dict[str, str]:
    """A day's declarations, each plug-in's: key -> the one word it takes."""
    return {key: word for keys in plugins.scenario_keys() for key, word in keys.DECLARES.items()}


def execution_choices() -> set[str]:
    """The day's keys answering who dies instead at an execution (the Managers')."""
    return {keys.EXECUTION_CHOICE for keys in plugins.scenario_keys() if keys.EXECUTION_CHOICE}


def day_keys() -> set[str]:
    return DAY_KEYS.union(set(declares()), execution_choices(),
                          *(set(keys.DAY_KEYS) | set(keys.REGISTERING) | set(keys.DAY_EVENTS)
                            for keys in plugins.scenario_keys()))


@frozen
class NightPlan:
    answers: dict[str, list[Any]]  # key -> answers in order, in engine terms (seats)
    expect: dict[str, Any]
    # character -> the answers the storyteller actually gave, in order (the `told` extension)
    told: dict[str, list[Any]] = attrs.Factory(dict)


@frozen
class DayPlan:
    declares: tuple[str, ...]  # the day's declarations (their keys: the declaring characters), in order
    execute: int | None
    execution_answer: list[Any]  # the answer to what the execution asks (a substitute), if given
    exile: int | None
    nominations: list[tuple[int, int, tuple[int, ...] | None]]
    expect: dict[str, Any]
    # Trouble Brewing's day actions in the order the file gives them: ("slayer" or "nominate", a, b)
    actions: list[tuple[str, int, int]] = attrs.Factory(list)
    # the registering character -> the storyteller's choices, in order (True: registers otherwise)
    registers: dict[str, list[bool]] = attrs.Factory(dict)
    # a plug-in's own day events, in the file's order (Sects & Violets' Juggler's guesses)
    events: list[Any] = attrs.Factory(list)


@frozen
class Scenario:
    path: str
    title: str
    setup: TableSetup
    strict_setup: bool
    nights: list[NightPlan]
    days: list[DayPlan]
    names: tuple[str, ...]


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    try:
        text = read_text(path).removeprefix("\ufeff")  # a byte-order mark at the start, dropped
    except FileRefused as exc:
        raise ScenarioError(exc.problem) from None
    except FileNotFoundError:
        raise ScenarioError("no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"cannot be read: {exc}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"not valid TOML: {exc}") from None
    except (RecursionError, ValueError) as exc:  # too deep, or a number too long for Python
        raise ScenarioError(f"not valid TOML: {unreadable(text, True, exc)}") from None
    return parse_scenario(data, str(path))


def parse_scenario(data: dict[str, Any], path: str = "<scenario>") -> Scenario:
    _keys(data, TOP_KEYS, "the file")
    title = data.get("title", Path(path).stem)
    if not isinstance(title, str):
        raise ScenarioError("title: must be text")
    if text_problem(title, TITLE_LIMIT):
        raise ScenarioError(f"title: {text_problem(title, TITLE_LIMIT)}")
    script_ref = data.get("script", MAIN)
    if not isinstance(script_ref, str):
        raise ScenarioError("script: must be a built-in script id or a path")
    if script_ref != MAIN and not Path(script_ref).is_absolute():
        candidate = Path(path).parent / script_ref
        if candidate.exists():
            script_ref = str(candidate)
    try:
        script = load_script(script_ref)
    except ScriptError as exc:
        raise ScenarioError(f"script: {exc}") from None
    strict = data.get("strict_setup", True)
    if not isinstance(strict, bool):
        raise ScenarioError("strict_setup: must be true or false")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise ScenarioError("[rules]: must be a table")
    setup = _setup(data.get("setup"), script, script_ref, rules, title)
    names = tuple(s.name for s in setup.seats)
    nights_raw = data.get("night", [])
    days_raw = data.get("day", [])
    if not isinstance(nights_raw, list) or not all(isinstance(n, dict) for n in nights_raw):
        raise ScenarioError("[[night]]: must be an array of tables")
    if not isinstance(days_raw, list) or not all(isinstance(d, dict) for d in days_raw):
        raise ScenarioError("[[day]]: must be an array of tables")
    if not (len(nights_raw) - 1 <= len(days_raw) <= len(nights_raw)):
        raise ScenarioError(
            f"{len(nights_raw)} [[night]] and {len(days_raw)} [[day]]: there may be as many days "
            "as nights, or one fewer"
        )
    nights = [_night(n, i + 1, names, script) for i, n in enumerate(nights_raw)]
    days = [_day(d, i + 1, names, script) for i, d in enumerate(days_raw)]
    return Scenario(path, title, setup, strict, nights, days, names)


def _keys(table: dict[str, Any], allowed: set[str], where: str) -> None:
    for key in table:
        if key not in allowed:
            raise ScenarioError(f"{where}: unknown key {key!r} (known: {', '.join(sorted(allowed))})")


def _player(names: tuple[str, ...], value: Any, where: str) -> int:
    if not isinstance(value, str):
        raise ScenarioError(f"{where}: expected a player's name, got {value!r}")
    for i, name in enumerate(names):
        if name == value:
            return i
    folded = [n.casefold() for n in names]
    if value.casefold() in folded:
        return folded.index(value.casefold())
    raise ScenarioError(f"{where}: unknown player {value!r} (players: {', '.join(names)})")


def _setup(raw: Any, script: Script, script_ref: str, house_rules: dict[str, Any], title: str) -> TableSetup:
    if not isinstance(raw, dict):
        raise ScenarioError("[setup]: missing, or not a table")
    rules = rules_for(script)
    others = set().union(*(p.setup_keys for p in plugins.plugins())) - rules.setup_keys
    _keys(raw, SETUP_KEYS | rules.setup_keys | others | set(setup_tokens()), "[setup]")
    for key in sorted(others & set(raw)):
        if raw[key] not in ([], None):  # another script's setup, written empty, is no setup at all
            raise ScenarioError(f"[setup] {key}: {script.name} has none")
    seats_raw = raw.get("seats")
    if not isinstance(seats_raw, list) or not seats_raw:
        raise ScenarioError("[setup] seats: must be a non-empty array of { name, character }")
    seats = []
    for i, s in enumerate(seats_raw):
        where = f"[setup] seats[{i}]"
        if not isinstance(s, dict):
            raise ScenarioError(f"{where}: must be a table {{ name = ..., character = ... }}")
        _keys(s, SEAT_KEYS, where)
        name, character = s.get("name"), s.get("character")
        if not isinstance(name, str) or not name.strip():
            raise ScenarioError(f"{where}: name must be non-empty text")
        if text_problem(name, NAME_LIMIT):
            raise ScenarioError(f"{where}: the name {text_problem(name, NAME_LIMIT)}")
        if not isinstance(character, str):
            raise ScenarioError(f"{where} ({name}): character must be a character id")
        if unsafe_problem(character):
            raise ScenarioError(f"{where} ({name}): the character {unsafe_problem(character)}")
        traveller = s.get("traveller", False)
        if not isinstance(traveller, bool):
            raise ScenarioError(f"{where} ({name}): traveller must be true or false")
        if not traveller and character not in script.by_id:
            raise ScenarioError(f"{where} ({name}): unknown character {character!r} on {script.name}")
        alignment = s.get("alignment")
        if alignment is not None:
            if alignment not in ("good", "evil"):
                raise ScenarioError(f"{where} ({name}): alignment must be \"good\" or \"evil\"")
            alignment = Alignment(alignment)
        thinks = s.get("thinks")  # the Drunk's Townsfolk
        if thinks is not None and (not isinstance(thinks, str) or unsafe_problem(thinks)):
            raise ScenarioError(f"{where} ({name}): thinks must be a character id")
        seats.append(SeatSetup(name=name, character=character, alignment=alignment, traveller=traveller,
                               thinks=thinks))
    names = tuple(s.name for s in seats)
    if len({n.casefold() for n in names}) != len(names):
        raise ScenarioError("[setup] seats: two players share a name")
    try:
        own = rules.read_setup(raw, house_rules, lambda value, where: _player(names, value, where), "[setup]", "[rules]")
    except SetupDataError as exc:
        raise ScenarioError(str(exc)) from None
    bluffs = raw.get("bluffs", [])
    if not isinstance(bluffs, list) or not all(isinstance(b, str) for b in bluffs):
        raise ScenarioError("[setup] bluffs: must be an array of character ids")
    tokens = tuple(SetupToken(*token, _player(names, raw[key], f"[setup] {key}"))
                   for key, token in setup_tokens().items() if key in raw)  # marked with the official reminder
    setup = TableSetup(
        tokens=tokens,
        seats=tuple(seats),
        script=script_ref,
        bluffs=tuple(bluffs),
        title=title,
        script_setup=own,
    )
    problems = setup.problems()
    if problems:
        raise ScenarioError("[setup]: " + "; ".join(problems))
    return setup


def _answer(shape: str, value: Any, names: tuple[str, ...], where: str) -> Any:
    if shape == "player":
        return _player(names, value, where)
    if shape == "direction":
        if value not in ("clockwise", "anticlockwise"):
            raise ScenarioError(f"{where}: expected \"clockwise\" or \"anticlockwise\", got {value!r}")
        return value
    if shape == "keep_or_bounce":
        if value not in ("keep", "bounce"):
            raise ScenarioError(f"{where}: expected \"keep\" or \"bounce\", got {value!r}")
        return value
    for word, kind in (("keep", "player_or_keep"), ("no", "player_or_no"), ("decline", "player_or_decline")):
        if shape == kind:
            return word if value == word else _player(names, value, where)
    if shape in ("option_and_player", "player_and_option"):  # the option: one of the plug-in's PIECES
        own = [(k.PIECES, k.PIECE) for k in plugins.scenario_keys()]
        pieces = set().union(*(p for p, _word in own))
        piece = next((word for p, word in own if p), "option")
        at = 1 if shape == "player_and_option" else 0
        if not (isinstance(value, list) and len(value) == 2 and value[at] in pieces):
            pair = ["player", piece][::-1 if at == 0 else 1]
            raise ScenarioError(f"{where}: expected [{', '.join(pair)}], got {value!r}")
        return [value[0], _player(names, value[1], where)] if at == 0 else [_player(names, value[0], where), value[1]]
    for keys in plugins.scenario_keys():  # a plug-in's own shapes (Bad Moon Rising's Po: [], [p] or [p, p, p])
        if shape in keys.SHAPES:
            return keys.answer(shape, value, lambda v: _player(names, v, where), ScenarioError, where)
    if shape in ("players2", "players3"):
        count = int(shape[-1])
        if not (isinstance(value, list) and len(value) == count):
            raise ScenarioError(f"{where}: expected an array of {count} players, got {value!r}")
        return [_player(names, v, where) for v in value]
    raise AssertionError(shape)


def _night(raw: dict[str, Any], number: int, names: tuple[str, ...], script: Script) -> NightPlan:
    where = f"night {number}"
    keys, listy = night_keys(), list_answers()
    _keys(raw, set(keys) | {"expect", "told"}, where)
    answers: dict[str, list[Any]] = {}
    for key, shape in keys.items():
        if key not in raw:
            continue
        value = raw[key]
        many = isinstance(value, list) and (key not in listy or (value and isinstance(value[0], list)))
        values = value if many else [value]
        answers[key] = [_answer(shape, v, names, f"{where}: {key}") for v in values]
    expect = _expect(raw.get("expect", {}), f"{where}: expect", names, script, day=False)
    told = told_keys.parse(raw["told"], f"{where}: told", names, script, _player, ScenarioError) if "told" in raw else {}
    return NightPlan(answers, expect, told)


def _day(raw: dict[str, Any], number: int, names: tuple[str, ...], script: Script) -> DayPlan:
    where = f"day {number}"
    _keys(raw, day_keys() | {"expect"}, where)
    declared = declares()
    for key, word in declared.items():
        if key in raw and raw[key] != word:
            raise ScenarioError(f"{where}: {key}: expected \"{word}\", got {raw[key]!r}")
    execute = _player(names, raw["execute"], f"{where}: execute") if "execute" in raw else None
    exile = _player(names, raw["exile"], f"{where}: exile") if "exile" in raw else None
    execution_answer: list[Any] = []
    for key in execution_choices() & set(raw):
        shape = next((k.EXECUTION_SHAPE for k in plugins.scenario_keys() if k.EXECUTION_CHOICE == key),
                     "player_or_decline")
        execution_answer = [_answer(shape, raw[key], names, f"{where}: {key}")]
    nominations = []
    for i, n in enumerate(raw.get("nominations", [])):
        w = f"{where}: nominations[{i}]"
        if not isinstance(n, dict):
            raise ScenarioError(f"{w}: expected {{ nominator, nominee, votes }}")
        _keys(n, {"nominator", "nominee", "votes"}, w)
        votes = n.get("votes")
        voters = None if votes is None else tuple(_player(names, v, w) for v in votes)
        nominations.append((_player(names, n.get("nominator"), w), _player(names, n.get("nominee"), w), voters))
    expect = _expect(raw.get("expect", {}), f"{where}: expect", names, script, day=True)
    actions = [(key, a, b) for key, value in raw.items() for keys in plugins.scenario_keys() if key in keys.DAY_KEYS
               for a, b in keys.pairs(value, lambda v, k=key: _player(names, v, f"{where}: {k}"),
                                      ScenarioError, f"{where}: {key}")]
    registers = {c: v for keys in plugins.scenario_keys() for c, v in keys.registrations(raw, ScenarioError, where).items()}
    events = [e for key, value in raw.items() for keys in plugins.scenario_keys() if key in keys.DAY_EVENTS
              for e in keys.day_events(key, value, lambda v, k=key: _player(names, v, f"{where}: {k}"), ScenarioError,
                                       f"{where}: {key}")]
    return DayPlan(
        actions=actions,
        registers=registers,
        events=events,
        declares=tuple(key for key in declared if key in raw),
        execute=execute,
        execution_answer=execution_answer,
        exile=exile,
        nominations=nominations,
        expect=expect,
    )


def _names_list(value: Any, names: tuple[str, ...], where: str) -> list[int]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: expected an array of players")
    return [_player(names, v, where) for v in value]


def _expect(raw: Any, where: str, names: tuple[str, ...], script: Script, day: bool) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ScenarioError(f"{where}: must be a table")
    own = own_expect()
    _keys(raw, own | (EXPECT_KEYS - NIGHT_ONLY_EXPECT if day else EXPECT_KEYS - DAY_ONLY_EXPECT), where)
    out: dict[str, Any] = {}
    for key, value in raw.items():
        w = f"{where}: {key}"
        if key in own:
            keys = next(k for k in plugins.scenario_keys() if key in k.EXPECT)
            out[key] = keys.parse_expect(key, value, lambda v, w=w: _player(names, v, w), ScenarioError, w)
        elif key == "executed":
            out[key] = _player(names, value, w)
        elif key in ("dead", "drunk", "poisoned", "registers_dead"):
            out[key] = set(_names_list(value, names, w))
        elif key == "tokens":
            if not isinstance(value, dict):
                raise ScenarioError(f"{w}: expected {{ player = [token, ...] }}")
            out[key] = {}
            for player, toks in value.items():
                if not isinstance(toks, list) or not all(isinstance(t, str) for t in toks):
                    raise ScenarioError(f"{w}.{player}: expected an array of token names")
                out[key][_player(names, player, w)] = sorted(toks)
        elif key == "answers":
            if not isinstance(value, dict):
                raise ScenarioError(f"{w}: expected {{ character = value }}")
            out[key] = {c: _expected_answer(c, v, names, script, f"{w}.{c}") for c, v in value.items()}
        elif key == "impaired":
            if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                raise ScenarioError(f"{w}: expected an array of character ids")
            for c in value:
                if c not in script.by_id:
                    raise ScenarioError(f"{w}: unknown character {c!r}")
            out[key] = set(value)
        elif key == "woke":
            if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                raise ScenarioError(f"{w}: expected an array of steps")
            for c in value:
                if c not in script.by_id and c not in ("dusk", "minioninfo", "demoninfo", "dawn"):
                    raise ScenarioError(f"{w}: unknown step {c!r}")
            out[key] = list(value)
        elif key == "alignment":
            if not isinstance(value, dict) or not all(v in ("good", "evil") for v in value.values()):
                raise ScenarioError(f"{w}: expected {{ player = \"good\" | \"evil\" }}")
            out[key] = {_player(names, p, w): Alignment(v) for p, v in value.items()}
        elif key == "winner":
            if value not in ("good", "evil", "none"):
                raise ScenarioError(f"{w}: expected \"good\", \"evil\" or \"none\"")
            out[key] = value
        elif key == "survived":
            if not isinstance(value, bool):
                raise ScenarioError(f"{w}: expected true or false")
            out[key] = value
        elif key == "told":
            out[key] = {c: v[-1] for c, v in told_keys.parse(value, w, names, script, _player, ScenarioError).items()}
    return out


def _expected_answer(character: str, value: Any, names: tuple[str, ...], script: Script, where: str) -> Any:
    for keys in plugins.scenario_keys():
        if character in keys.ANSWERS:
            return keys.expected_answer(character, value, lambda v: _player(names, v, where),
                                        lambda c: c in script.by_id, ScenarioError, where)
    raise ScenarioError(f"{where}: {character!r} has no answer to expect")
