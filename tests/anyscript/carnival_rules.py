"""A rules plug-in for the test Carnival script (tests/anyscript/scripts/carnival.json), as a
plug-in of its own would be: the Juggler learns a number, and a scenario names the Tamer's
choice. Registered only by the tests that use it (tests/anyscript/test_rules_plugins.py)."""

from __future__ import annotations

import sys
from typing import Any, cast

from grimoire.core.script import Script
from grimoire.rules.contract import ScenarioKeys, ScriptRules, ToldShapes


class CarnivalRules(ScriptRules):
    """The storyteller's judgement, but for what the Juggler is told and one scenario key."""

    name = "the Carnival's rules"
    tells = frozenset({"juggler"})

    def plays(self, script: Script) -> bool:
        return script.name == "Carnival"

    @property
    def told(self) -> ToldShapes:
        return cast(ToldShapes, sys.modules[__name__])

    @property
    def scenario_keys(self) -> ScenarioKeys:
        return cast(ScenarioKeys, sys.modules[__name__])


CARNIVAL_RULES = PLUGIN = CarnivalRules()

# --- the told answers: the Juggler is told a number -------------------------------------------
TELLS = ("juggler",)


class Shape(ValueError):
    pass


def check(_g: Any, _record: Any, value: Any, title: str) -> Any:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Shape(f"{title}: the juggled number, not {value!r}")
    return value


def true_answer(_g: Any, record: Any) -> Any:
    return record.truth


def true_answers(g: Any, record: Any) -> list[Any]:
    return [record.truth]


def is_true(record: Any, value: Any) -> bool:
    return value == record.truth


def words(_g: Any, _record: Any, value: Any) -> str:
    return f"{value} balls"


def truth_words(g: Any, record: Any) -> str:
    return words(g, record, record.truth)


def plausible(_g: Any, record: Any) -> list[tuple[Any, str]]:
    return [(record.truth + 1, "one ball more")]


# --- the scenario keys: the Tamer's choice at night -------------------------------------------
NIGHT_KEYS = {"tamer": "player"}
LIST_ANSWERS: set[str] = set()
DAY_KEYS: set[str] = set()
REGISTERING: dict[str, str] = {}
ANSWERS = ("juggler",)
SETUP_TOKENS: dict[str, tuple[str, str]] = {}
TOLD_SHAPES = {"juggler": "number"}


def expected_answer(_character: str, value: Any, *_args: Any) -> Any:
    return (value,)


def registrations(*_args: Any) -> dict[str, list[bool]]:
    return {}
