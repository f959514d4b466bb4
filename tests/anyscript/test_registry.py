"""The registry holds plug-in objects: each entry point of the group ``grimoire.rules`` is found in
the installed distributions' metadata, Grimoire's own exactly as another's, loaded when first
reached, and must name a ScriptRules; a broken one is left out, said in one line."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from grimoire.core.script import MAIN, load_script
from grimoire.rules import plugins
from grimoire.rules.bmr.plugin import BadMoonRisingRules
from grimoire.rules.contract import ScriptRules
from grimoire.rules.phantom.plugin import PhantomRules
from grimoire.rules.storyteller import STORYTELLER_RULES
from grimoire.rules.tb.plugin import TroubleBrewingRules
from tests.anyscript.test_duplicates import CARNIVAL

# A plug-in for the tests' Carnival script, as its author would ship it: a module of its own.
CARNIVAL_MODULE = '''
from grimoire.rules.storyteller import StorytellerRules

class CarnivalRules(StorytellerRules):
    name = "the Carnival's rules, from a wheel of their own"

    def plays(self, script):
        return script.name == "Carnival"

PLUGIN = CarnivalRules()
NOT_RULES = 42
'''


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry as at a start, restored after the test."""
    monkeypatch.setattr(plugins, "_entries", None)
    monkeypatch.setattr(plugins, "_loaded", {})
    monkeypatch.setattr(plugins, "_broken", {})
    monkeypatch.setattr(plugins, "_played_by", {})
    yield


def install(site: Path, entry_points: str, module: str = CARNIVAL_MODULE) -> None:
    """A distribution as pip leaves it in site-packages: its module, and its metadata with the
    entry points (``name = module:object`` lines under ``[grimoire.rules]``)."""
    (site / "carnival_rules_dist.py").write_text(module, encoding="utf-8")
    info = site / "grimoire_carnival-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: grimoire-carnival\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[grimoire.rules]\n{entry_points}\n", encoding="utf-8")
    importlib.invalidate_caches()  # the folder was looked at already: it has changed since


@pytest.fixture
def site(fresh_registry: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A folder on sys.path to install a distribution in, taken away after the test."""
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("carnival_rules_dist", None)


def test_grimoires_own_plugins_are_entry_points_of_the_group() -> None:
    found = {e.name: e.value for e in plugins.entry_points()}
    assert found["bmr"] == "grimoire.rules.bmr.plugin:PLUGIN"
    assert found["phantom"] == "grimoire.rules.phantom.plugin:PLUGIN"
    assert found["tb"] == "grimoire.rules.tb.plugin:PLUGIN"
    every = list(plugins.plugins())
    assert all(isinstance(p, ScriptRules) for p in every)
    assert {type(p) for p in every} >= {BadMoonRisingRules, PhantomRules, TroubleBrewingRules}
    assert isinstance(plugins.rules_for(load_script(MAIN)), PhantomRules)


def test_a_plugin_in_a_distribution_of_its_own_plays_its_script(site: Path) -> None:
    assert plugins.rules_for(load_script(CARNIVAL)) is STORYTELLER_RULES
    plugins._entries, plugins._played_by = None, {}  # a new start, once it is installed
    install(site, "carnival = carnival_rules_dist:PLUGIN")
    rules = plugins.rules_for(load_script(CARNIVAL))
    assert rules.name == "the Carnival's rules, from a wheel of their own"
    assert isinstance(plugins.rules_for(load_script(MAIN)), PhantomRules)  # and the others play on


def test_asking_for_one_scripts_rules_loads_no_other_plugin(site: Path) -> None:
    # Offered in the names' order: the Phantom's plays its script before the Carnival's is reached.
    install(site, "zcarnival = carnival_rules_dist:PLUGIN")
    assert isinstance(plugins.rules_for(load_script(MAIN)), PhantomRules)
    assert "carnival_rules_dist" not in sys.modules
    assert plugins.rules_for(load_script(CARNIVAL)).name.startswith("the Carnival's rules")
    assert "carnival_rules_dist" in sys.modules


def test_a_broken_entry_point_is_left_out_in_one_line_naming_it_and_the_rest_play(site: Path) -> None:
    install(site, "\n".join(["broken = carnival_rules_dist_gone:PLUGIN", "carnival = carnival_rules_dist:PLUGIN",
                             "notrules = carnival_rules_dist:NOT_RULES", "typo = carnival_rules_dist:PLUGINS"]))
    assert plugins.rules_for(load_script(CARNIVAL)).name.startswith("the Carnival's rules")
    assert isinstance(plugins.rules_for(load_script(MAIN)), PhantomRules)
    assert [type(p).__name__ for p in plugins.plugins()] == ["BadMoonRisingRules", "CarnivalRules", "PhantomRules",
                                                            "SectsAndVioletsRules", "TroubleBrewingRules"]
    said = plugins.problems()
    assert said == [
        "the rules plug-in 'broken' (carnival_rules_dist_gone:PLUGIN, entry point group 'grimoire.rules') cannot be "
        "loaded: ModuleNotFoundError: No module named 'carnival_rules_dist_gone'",
        "the rules plug-in 'notrules' (carnival_rules_dist:NOT_RULES, entry point group 'grimoire.rules') is not a "
        "ScriptRules object (it is int)",
        "the rules plug-in 'typo' (carnival_rules_dist:PLUGINS, entry point group 'grimoire.rules') cannot be loaded: "
        "AttributeError: module 'carnival_rules_dist' has no attribute 'PLUGINS'",
    ]


def test_an_entry_point_whose_import_fails_says_so_in_one_line(site: Path) -> None:
    install(site, "carnival = carnival_rules_dist:PLUGIN", module="raise ValueError('line one\\nline two')\n")
    assert plugins.rules_for(load_script(CARNIVAL)) is STORYTELLER_RULES
    (said,) = plugins.problems()
    assert said.endswith("cannot be loaded: ValueError: line one line two") and "\n" not in said


def test_no_plugin_leaves_every_script_to_the_storyteller(fresh_registry: None, monkeypatch) -> None:
    monkeypatch.setattr(plugins, "entry_points", lambda: [])
    assert plugins.rules_for(load_script(MAIN)) is STORYTELLER_RULES
    assert not STORYTELLER_RULES.tells


def test_grimoire_validate_says_which_plugin_is_left_out(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from grimoire.validate import run_validate

    install(site, "broken = carnival_rules_dist_gone:PLUGIN")
    assert run_validate([str(CARNIVAL)]) == 0  # the script is good: its rules are what is missing
    out = capsys.readouterr().out
    assert ("  note: the rules plug-in 'broken' (carnival_rules_dist_gone:PLUGIN, entry point group 'grimoire.rules') "
            "cannot be loaded: ModuleNotFoundError: No module named 'carnival_rules_dist_gone': left out, its script "
            "is the storyteller's judgement\n") in out


def test_the_setup_screen_says_which_plugin_is_left_out(site: Path) -> None:
    from grimoire.rules.table import SeatSetup, TableSetup
    from grimoire.tui.support.setup_facts_text import setup_facts_markup
    from tests.anyscript.test_duplicates import NAMES, TWO_CLOWNS

    setup = TableSetup(seats=[SeatSetup(n, c) for n, c in zip(NAMES, TWO_CLOWNS)], script=str(CARNIVAL))
    assert setup_facts_markup(setup, load_script(CARNIVAL)) == ""  # the storyteller's, and nothing left out
    plugins._entries, plugins._played_by = None, {}  # a new start, once a broken one is installed
    install(site, "broken = carnival_rules_dist_gone:PLUGIN")
    said = setup_facts_markup(setup, load_script(CARNIVAL))
    assert said.splitlines()[1:] == [
        "[b $warning]Rules plug-ins left out:[/]",
        "• the rules plug-in 'broken' (carnival_rules_dist_gone:PLUGIN, entry point group 'grimoire.rules') cannot be "
        "loaded: ModuleNotFoundError: No module named 'carnival_rules_dist_gone'"]
