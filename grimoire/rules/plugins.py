"""The rules plug-ins the grimoire knows, as objects (``grimoire.rules.contract.ScriptRules``).

Each automated script is a package of ``grimoire.rules`` with a module ``plugin`` whose
``PLUGIN`` is its rules (``grimoire/rules/tb/plugin.py``), so generic code names no plug-in: a
new package is found as it is. A plug-in from elsewhere (a test's, another package's) is
registered with ``register``. The registry offers a script to each plug-in in turn, loading
each when first reached; a script none plays is the storyteller's judgement.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from pathlib import Path

from grimoire.core.script import Script
from grimoire.rules.contract import ScenarioKeys, ScriptRules, ToldShapes
from grimoire.rules.storyteller import STORYTELLER_RULES

PACKAGE = "grimoire.rules"


class PluginError(RuntimeError):
    """A plug-in module whose ``PLUGIN`` is not a ``ScriptRules``."""


_registered: list[ScriptRules] = []
# The packages' plug-in modules, in name order, each loaded when the registry first reaches it,
# so that asking for one script's rules loads no other's.
_modules: list[str] | None = None
_loaded: dict[str, ScriptRules] = {}
# Which plug-in plays a script, by the script's identity (the script kept, so that its id is
# not another's): the rules ask it for every seat at every step, and a script never changes.
_played_by: dict[int, tuple[Script, ScriptRules]] = {}


def _plugin_modules() -> list[str]:
    """The ``plugin`` modules of the packages of ``grimoire.rules`` (found on disk, not imported)."""
    import grimoire.rules as rules

    return sorted(f"{PACKAGE}.{found.name}.plugin" for found in pkgutil.iter_modules(rules.__path__)
                  if found.ispkg and any(m.name == "plugin" for m in pkgutil.iter_modules(
                      [str(Path(getattr(found.module_finder, "path", "")) / found.name)])))


def _load(module: str) -> ScriptRules:
    plugin = _loaded.get(module)
    if plugin is None:
        plugin = getattr(importlib.import_module(module), "PLUGIN", None)
        if not isinstance(plugin, ScriptRules):
            raise PluginError(f"{module}.PLUGIN is not a ScriptRules (it is {plugin!r})")
        _loaded[module] = plugin
    return plugin


def register(plugin: ScriptRules) -> None:
    """Add a plug-in ahead of the packages' (a script it plays is its own)."""
    _registered.insert(0, plugin)
    _played_by.clear()


def unregister(plugin: ScriptRules) -> None:
    _registered.remove(plugin)
    _played_by.clear()


def plugins() -> Iterator[ScriptRules]:
    """Every plug-in, the registered ones first, each package's loaded when reached."""
    global _modules
    if _modules is None:
        _modules = _plugin_modules()
    yield from list(_registered)
    for module in _modules:
        yield _load(module)


def rules_for(script: Script) -> ScriptRules:
    """The rules of the plug-in that plays ``script``; any other script is the storyteller's judgement."""
    known = _played_by.get(id(script))
    if known is not None and known[0] is script:
        return known[1]
    rules = next((p for p in plugins() if p.plays(script)), STORYTELLER_RULES)
    _played_by[id(script)] = (script, rules)
    return rules


def for_script(script: Script) -> ScriptRules | None:
    """The plug-in that plays ``script``, or None: the storyteller's judgement."""
    rules = rules_for(script)
    return None if rules is STORYTELLER_RULES else rules


def told_for(character: str) -> ToldShapes | None:
    """The told answers of the plug-in whose rules tell ``character`` something, if any (a
    record is a plug-in's when its character is one the plug-in tells)."""
    plugin = next((p for p in plugins() if character in p.tells), None)
    return None if plugin is None else plugin.told


def tells(character: str) -> bool:
    """Whether a plug-in shapes what ``character`` is told."""
    return any(character in p.tells for p in plugins())


def scenario_keys() -> list[ScenarioKeys]:
    """Every plug-in's scenario keys: what a scenario file may say beyond what every game has."""
    return [p.scenario_keys for p in plugins()]
