"""A rules plug-in for the test Carnival script (tests/anyscript/scripts/carnival.json), as a
plug-in of its own would be: the Juggler learns a number, and a scenario names the Tamer's
choice. Registered only by the tests that use it (tests/anyscript/test_rules_plugins.py)."""

from __future__ import annotations

from typing import Any

import attrs

from grimoire.core.script import Script
from grimoire.rules.engine import STORYTELLER_RULES
from grimoire.rules.plugins import Plugin

CARNIVAL_RULES = attrs.evolve(STORYTELLER_RULES, name="the Carnival's rules")


def plays(script: Script) -> bool:
    return script.name == "Carnival"


PLUGIN = Plugin("Carnival", plays, f"{__name__}:CARNIVAL_RULES", tells=frozenset({"juggler"}), told=__name__,
                scenario_keys=__name__)

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
