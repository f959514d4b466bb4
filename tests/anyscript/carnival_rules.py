"""A rules plug-in for the test Carnival script (tests/anyscript/scripts/carnival.json), as a
plug-in of its own would be: the Juggler learns a number, and a scenario names the Tamer's
choice. Registered only by the tests that use it (tests/anyscript/test_rules_plugins.py)."""

from __future__ import annotations

from typing import Any

from grimoire.core.model import GameState, InfoRecord
from grimoire.core.script import Script
from grimoire.rules.contract import ScenarioKeys, ToldShapes
from grimoire.rules.storyteller import StorytellerRules


# --- the told answers: the Juggler is told a number -------------------------------------------
class Shape(ValueError):
    pass


class CarnivalTold(ToldShapes):
    TELLS = ("juggler",)
    Shape = Shape

    def check(self, g: GameState, record: InfoRecord, value: Any, title: str) -> Any:
        if not isinstance(value, int) or isinstance(value, bool):
            raise Shape(f"{title}: the juggled number, not {value!r}")
        return value

    def true_answer(self, g: GameState | None, record: InfoRecord) -> Any:
        return record.truth

    def true_answers(self, g: GameState | None, record: InfoRecord) -> list[Any]:
        return [record.truth]

    def is_true(self, record: InfoRecord, value: Any) -> bool:
        return bool(value == record.truth)

    def words(self, g: GameState, record: InfoRecord, value: Any) -> str:
        return f"{value} balls"

    def truth_words(self, g: GameState, record: InfoRecord) -> str:
        return self.words(g, record, record.truth)

    def plausible(self, g: GameState, record: InfoRecord) -> list[tuple[Any, str]]:
        return [(record.truth + 1, "one ball more")]


# --- the scenario keys: the Tamer's choice at night -------------------------------------------
class CarnivalKeys(ScenarioKeys):
    NIGHT_KEYS = {"tamer": "player"}
    ANSWERS = ("juggler",)
    TOLD_SHAPES = {"juggler": "number"}

    def expected_answer(self, character: str, value: Any, *_args: Any) -> Any:
        return (value,)


class CarnivalRules(StorytellerRules):
    """The storyteller's judgement, but for what the Juggler is told and one scenario key."""

    name = "the Carnival's rules"
    tells = frozenset({"juggler"})

    def plays(self, script: Script) -> bool:
        return script.name == "Carnival"

    @property
    def told(self) -> ToldShapes:
        return CARNIVAL_TOLD

    @property
    def scenario_keys(self) -> ScenarioKeys:
        return CARNIVAL_KEYS


CARNIVAL_TOLD = CarnivalTold()
CARNIVAL_KEYS = CarnivalKeys()
CARNIVAL_RULES = PLUGIN = CarnivalRules()
