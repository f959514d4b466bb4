"""The rules plug-ins the grimoire knows, as objects (``grimoire.rules.contract.ScriptRules``).

A plug-in is an entry point of the group ``grimoire.rules``: its name, and the object it names
(``tb = "grimoire.rules.tb.plugin:PLUGIN"``). Grimoire declares its own in its pyproject.toml
exactly as another distribution declares one (``[project.entry-points."grimoire.rules"]``), so
generic code names no plug-in, and a script's rules may ship in a wheel of their own
(docs/plugins.md). The registry offers a script to each plug-in in turn, by the entry points'
names, loading each when first reached: asking for one script's rules loads no other's. A
script none plays is the storyteller's judgement.

An entry point that cannot be loaded, or names no ScriptRules, is left out with a one-line
error naming it (``problems``); the others play on. A plug-in from elsewhere (a test's) is
registered with ``register``.
"""

from __future__ import annotations

from collections.abc import Iterator

from grimoire.core.script import Script
from grimoire.rules.contract import ScenarioKeys, ScriptRules
from grimoire.rules.entry_points import EntryPoint
from grimoire.rules.entry_points import entry_points as installed
from grimoire.rules.storyteller import STORYTELLER_RULES

GROUP = "grimoire.rules"


class PluginError(RuntimeError):
    """An entry point of the group that gives no ScriptRules; the message names it."""


_registered: list[ScriptRules] = []
# The group's entry points, by name, found on the first look (not loaded: each is loaded when the
# registry first reaches it).
_entries: list[EntryPoint] | None = None
_loaded: dict[str, ScriptRules] = {}
_broken: dict[str, str] = {}  # an entry point left out → why, in one line
# Which plug-in plays a script, by the script's identity (the script kept, so that its id is
# not another's): the table's setup asks it for every seat, and a script never changes.
_played_by: dict[int, tuple[Script, ScriptRules]] = {}


def entry_points() -> list[EntryPoint]:
    """The group's entry points of every installed distribution, by name (read from their
    metadata, as importlib.metadata reads it, without its cost at the start: no plug-in's
    module is imported)."""
    return sorted(installed(GROUP), key=lambda e: (e.name, e.value))


def _key(entry: EntryPoint) -> str:
    return f"{entry.name} = {entry.value}"


def load(entry: EntryPoint) -> ScriptRules:
    """The plug-in an entry point names; PluginError, in one line naming the entry point, when
    it cannot be imported or is not a ScriptRules."""
    where = f"the rules plug-in {entry.name!r} ({entry.value}, entry point group {GROUP!r})"
    try:
        plugin = entry.load()
    except Exception as exc:  # whatever its import raised: the message says what
        said = " ".join(str(exc).split())
        raise PluginError(f"{where} cannot be loaded: {type(exc).__name__}" + (f": {said}" if said else "")) from exc
    if not isinstance(plugin, ScriptRules):
        raise PluginError(f"{where} is not a ScriptRules object (it is {type(plugin).__name__})")
    return plugin


def _reach(entry: EntryPoint) -> ScriptRules | None:
    """The entry point's plug-in, loaded once; None when it is broken (said in ``problems``)."""
    key = _key(entry)
    plugin = _loaded.get(key)
    if plugin is None and key not in _broken:
        try:
            plugin = _loaded[key] = load(entry)
        except PluginError as exc:
            _broken[key] = str(exc)
    return plugin


def problems() -> list[str]:
    """Why each entry point the registry has reached so far was left out (one line each)."""
    return list(_broken.values())


def register(plugin: ScriptRules) -> None:
    """Add a plug-in ahead of the entry points' (a script it plays is its own)."""
    _registered.insert(0, plugin)
    _played_by.clear()


def unregister(plugin: ScriptRules) -> None:
    _registered.remove(plugin)
    _played_by.clear()


def plugins() -> Iterator[ScriptRules]:
    """Every plug-in, the registered ones first, then each entry point's, loaded when reached."""
    global _entries
    if _entries is None:
        _entries = entry_points()
    yield from list(_registered)
    for entry in _entries:
        plugin = _reach(entry)
        if plugin is not None:
            yield plugin


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


def scenario_keys() -> list[ScenarioKeys]:
    """Every plug-in's scenario keys: what a scenario file may say beyond what every game has."""
    return [p.scenario_keys for p in plugins()]
