"""The rules plug-ins the grimoire knows, as objects (``grimoire.rules.contract.ScriptRules``).

A plug-in declares itself in its distribution's entry points, in the group ``grimoire.rules``
(this project's own in ``pyproject.toml``), so generic code imports no plug-in by name and a
script's rules installed from elsewhere play too. A test registers one with ``register``. The
registry offers a script to each plug-in in turn; a script none plays is the storyteller's.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint, entry_points

from grimoire.core.script import Script
from grimoire.rules.contract import STORYTELLER_RULES, ScenarioKeys, ScriptRules, ToldShapes

GROUP = "grimoire.rules"


class PluginError(RuntimeError):
    """An installed plug-in that is not a ``ScriptRules``."""


_registered: list[ScriptRules] = []
# The installed plug-ins: each entry point loaded when the registry first reaches it, so that
# asking for one script's rules loads no other's.
_points: list[EntryPoint] | None = None
_loaded: dict[str, ScriptRules] = {}
# Which plug-in plays a script, by the script's identity (the script kept, so that its id is
# not another's): the rules ask it for every seat at every step, and a script never changes.
_played_by: dict[int, tuple[Script, ScriptRules]] = {}


def _load(point: EntryPoint) -> ScriptRules:
    plugin = _loaded.get(point.name)
    if plugin is None:
        plugin = point.load()
        if not isinstance(plugin, ScriptRules):
            raise PluginError(f"the rules plug-in {point.name!r} ({point.value}) is not a ScriptRules")
        _loaded[point.name] = plugin
    return plugin


def register(plugin: ScriptRules) -> None:
    """Add a plug-in ahead of the installed ones (a script it plays is its own)."""
    _registered.insert(0, plugin)
    _played_by.clear()


def unregister(plugin: ScriptRules) -> None:
    _registered.remove(plugin)
    _played_by.clear()


def plugins() -> Iterator[ScriptRules]:
    """Every plug-in, the registered ones first, each installed one loaded when reached."""
    global _points
    if _points is None:
        # By name, once each: a checkout may see its own metadata twice (installed and in place).
        _points = sorted({p.name: p for p in reversed(list(entry_points(group=GROUP)))}.values(),
                         key=lambda p: p.name)
    yield from list(_registered)
    for point in _points:
        yield _load(point)


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
    return [keys for p in plugins() if (keys := p.scenario_keys) is not None]
