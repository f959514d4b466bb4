"""The registry holds plug-in objects, found through the entry points of the group
``grimoire.rules``: each one a ScriptRules, loaded when first reached, named once."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from grimoire.core.script import MAIN, load_script
from grimoire.rules import plugins
from grimoire.rules.contract import STORYTELLER_RULES, ScriptRules
from grimoire.rules.phantom.plugin import PhantomRules
from grimoire.rules.tb.rules import TroubleBrewingRules


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry as at a start, restored after the test."""
    monkeypatch.setattr(plugins, "_points", None)
    monkeypatch.setattr(plugins, "_loaded", {})
    monkeypatch.setattr(plugins, "_played_by", {})
    yield


def test_the_installed_plugins_are_objects_of_the_contract() -> None:
    found = list(plugins.plugins())
    assert all(isinstance(p, ScriptRules) for p in found)
    assert {type(p) for p in found} >= {PhantomRules, TroubleBrewingRules}
    assert isinstance(plugins.rules_for(load_script(MAIN)), PhantomRules)


def test_a_plugin_that_is_no_script_rules_is_refused_by_name(fresh_registry: None, monkeypatch) -> None:
    odd = EntryPoint("odd", "grimoire.core.script:MAIN", plugins.GROUP)
    monkeypatch.setattr(plugins, "entry_points", lambda group: [odd])
    with pytest.raises(plugins.PluginError, match="'odd' .*is not a ScriptRules"):
        list(plugins.plugins())


def test_an_entry_point_seen_twice_is_one_plugin(fresh_registry: None, monkeypatch) -> None:
    point = EntryPoint("phantom", "grimoire.rules.phantom.plugin:PLUGIN", plugins.GROUP)
    monkeypatch.setattr(plugins, "entry_points", lambda group: [point, point])
    assert [type(p) for p in plugins.plugins()] == [PhantomRules]


def test_no_installed_plugin_leaves_every_script_to_the_storyteller(fresh_registry: None, monkeypatch) -> None:
    monkeypatch.setattr(plugins, "entry_points", lambda group: [])
    assert plugins.rules_for(load_script(MAIN)) is STORYTELLER_RULES
    assert not plugins.tells("sorelli")
