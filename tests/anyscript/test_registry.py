"""The registry holds plug-in objects: each package of grimoire.rules with a module ``plugin``
is found as it is, loaded when first reached, and must hold a ScriptRules."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from grimoire.core.script import MAIN, load_script
from grimoire.rules import plugins
from grimoire.rules.contract import ScriptRules
from grimoire.rules.phantom.plugin import PhantomRules
from grimoire.rules.storyteller import STORYTELLER_RULES
from grimoire.rules.tb.plugin import TroubleBrewingRules


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry as at a start, restored after the test."""
    monkeypatch.setattr(plugins, "_modules", None)
    monkeypatch.setattr(plugins, "_loaded", {})
    monkeypatch.setattr(plugins, "_played_by", {})
    yield


def test_each_package_with_a_plugin_module_is_found_and_is_an_object_of_the_contract() -> None:
    assert plugins._plugin_modules() == ["grimoire.rules.bmr.plugin", "grimoire.rules.phantom.plugin",
                                         "grimoire.rules.tb.plugin"]
    found = list(plugins.plugins())
    assert all(isinstance(p, ScriptRules) for p in found)
    assert {type(p) for p in found} >= {PhantomRules, TroubleBrewingRules}
    assert isinstance(plugins.rules_for(load_script(MAIN)), PhantomRules)


def test_a_new_package_plays_without_a_change_to_generic_code(fresh_registry: None, monkeypatch, tmp_path: Path) -> None:
    # A package beside the others, as grimoire/rules/bmr/ will be: found by its plugin module.
    import grimoire.rules as rules

    package = tmp_path / "lanterns"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "plugin.py").write_text(
        "from grimoire.rules.storyteller import StorytellerRules\n"
        "class LanternRules(StorytellerRules):\n"
        "    name = \"the lanterns' rules\"\n"
        "    def plays(self, script):\n"
        "        return script.name == 'Lantern Night'\n"
        "PLUGIN = LanternRules()\n", encoding="utf-8")
    monkeypatch.setattr(rules, "__path__", [*rules.__path__, str(tmp_path)])
    try:
        assert "grimoire.rules.lanterns.plugin" in plugins._plugin_modules()
        assert "the lanterns' rules" in [p.name for p in plugins.plugins()]
    finally:
        for name in ("grimoire.rules.lanterns.plugin", "grimoire.rules.lanterns"):
            sys.modules.pop(name, None)


def test_a_plugin_module_whose_plugin_is_no_script_rules_is_refused_by_name(fresh_registry: None, monkeypatch) -> None:
    monkeypatch.setattr(plugins, "_plugin_modules", lambda: ["grimoire.core.script"])
    with pytest.raises(plugins.PluginError, match="grimoire.core.script.PLUGIN is not a ScriptRules"):
        list(plugins.plugins())


def test_no_plugin_leaves_every_script_to_the_storyteller(fresh_registry: None, monkeypatch) -> None:
    monkeypatch.setattr(plugins, "_plugin_modules", lambda: [])
    assert plugins.rules_for(load_script(MAIN)) is STORYTELLER_RULES
    assert not plugins.tells("sorelli")
