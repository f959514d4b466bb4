"""The generic grimoire names no script: it asks the registry of rules plug-ins
(``grimoire.rules.plugins``), so Trouble Brewing's package is imported only by itself, and a
plug-in registered for another script is found by the same code, unchanged."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from grimoire.core.model import InfoRecord
from grimoire.core.script import Script, load_script
from grimoire.game import Game
from grimoire.present.happening_lines import info_line
from grimoire.rules import plugins, told
from grimoire.rules.contract import ScriptRules
from grimoire.rules.phantom.plugin import PLUGIN as PHANTOM_RULES
from grimoire.rules.plugins import rules_for
from grimoire.rules.storyteller import STORYTELLER_RULES
from grimoire.scenario.format import ScenarioError, parse_scenario
from grimoire.simulate import random_table
from tests.anyscript import carnival_rules
from tests.anyscript.test_duplicates import CARNIVAL, NAMES, TWO_CLOWNS, carnival_game

GRIMOIRE = Path(__file__).resolve().parents[2] / "grimoire"
PLUGIN_PACKAGES = (GRIMOIRE / "rules" / "tb",)  # each plug-in may import its own package


def _imports_trouble_brewing(path: Path) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        if any(n == "grimoire.rules.tb" or n.startswith("grimoire.rules.tb.") for n in names):
            lines.append(node.lineno)
    return lines


def test_no_generic_module_imports_trouble_brewing() -> None:
    found = {str(p.relative_to(GRIMOIRE)): lines for p in sorted(GRIMOIRE.rglob("*.py"))
             if not any(p.is_relative_to(pkg) for pkg in PLUGIN_PACKAGES) and (lines := _imports_trouble_brewing(p))}
    assert not found, f"generic modules import grimoire.rules.tb (ask the game's rules): {found}"


def test_the_scan_sees_both_ways_of_importing(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    for text in ("from grimoire.rules import tb\n", "from grimoire.rules.tb import told\n", "import grimoire.rules.tb.day\n"):
        module.write_text(text, encoding="utf-8")
        assert _imports_trouble_brewing(module) == [1], text
    module.write_text("from grimoire.rules import tbx, plugins\n", encoding="utf-8")
    assert _imports_trouble_brewing(module) == []


# That no generic module names a script's characters: tests/test_generic_code_names_no_character.py


def test_each_plugin_declares_the_characters_its_told_answers_shape() -> None:
    for plugin in plugins.plugins():
        if plugin.told:
            assert set(plugin.told.TELLS) == plugin.tells, plugin.name


def test_a_plugin_that_leaves_a_required_part_out_cannot_be_made() -> None:
    class Halfway(ScriptRules):
        name = "half a script's rules"

        def plays(self, script: Script) -> bool:
            return False

    with pytest.raises(TypeError, match="abstract methods? .*night"):
        Halfway()  # type: ignore[abstract]


def test_the_rules_hold_something_exactly_when_they_say_so() -> None:
    # The Phantom's artifact; a game of a script without rules holds nothing (``holds``).
    for game, holds in ((Game(random_table(7, seed=4, script="phantom")), True), (carnival_game(), False)):
        rules = game.rules
        assert rules.holds == (rules.held(game.state) is not None) == holds, rules.name
    assert not carnival_rules.PLUGIN.holds


@pytest.fixture
def carnival() -> Iterator[None]:
    plugins.register(carnival_rules.PLUGIN)
    try:
        yield
    finally:
        plugins.unregister(carnival_rules.PLUGIN)


def test_without_its_plugin_the_carnival_is_the_storytellers() -> None:
    assert rules_for(load_script(CARNIVAL)) is STORYTELLER_RULES
    assert not told.tells(InfoRecord("juggler", 1, 3, False), carnival_game().rules)


def test_a_registered_plugin_plays_its_script_and_no_other(carnival: None) -> None:
    assert rules_for(load_script(CARNIVAL)) is carnival_rules.CARNIVAL_RULES
    assert rules_for(load_script("phantom")) is PHANTOM_RULES


def test_the_told_answers_and_the_log_ask_the_registered_plugin(carnival: None) -> None:
    game = carnival_game()
    rules, g = game.rules, game.state
    assert rules is carnival_rules.CARNIVAL_RULES
    record = InfoRecord("juggler", 1, 3, True)
    assert told.tells(record, rules)
    assert told.check(rules, g, record, 4) == 4
    with pytest.raises(told.ToldError, match="Juggler: the juggled number, not 'x'"):
        told.check(rules, g, record, "x")
    assert told.is_true(rules, record, 3) and not told.is_true(rules, record, 4)
    assert told.words(rules, g, record, 4) == "4 balls"
    assert told.plausible(rules, g, record) == [told.Told(4, "one ball more")]
    assert info_line(rules, g, record) is not None


def _carnival_scenario(night: dict[str, object]) -> dict[str, object]:
    seats = [{"name": n, "character": c} for n, c in zip(NAMES, TWO_CLOWNS)]
    return {"script": str(CARNIVAL), "setup": {"seats": seats, "artifacts": []}, "night": [night]}


def test_a_scenario_reads_the_registered_plugins_keys(carnival: None) -> None:
    night = {"tamer": "Cat", "told": {"juggler": 2}, "expect": {"answers": {"juggler": 2}}}
    plan = parse_scenario(_carnival_scenario(night)).nights[0]
    assert plan.answers == {"tamer": [2]} and plan.told == {"juggler": [2]}
    assert plan.expect["answers"] == {"juggler": (2,)}


def test_without_its_plugin_the_keys_are_unknown() -> None:
    with pytest.raises(ScenarioError, match="unknown key 'tamer'"):
        parse_scenario(_carnival_scenario({"tamer": "Cat"}))


def test_the_generic_log_and_told_answers_name_no_trouble_brewing_character() -> None:
    from grimoire.rules.tb import CHARACTERS

    found = {name: [(line, value) for line, value in _ids(GRIMOIRE / name, CHARACTERS)]
             for name in ("rules/told.py", "rules/words.py", "present/happening_lines.py")}
    assert not any(found.values()), f"generic modules name Trouble Brewing's characters (its plug-in says them): {found}"


def _ids(path: Path, ids: frozenset[str]) -> list[tuple[int, str]]:
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and node.value in ids]
