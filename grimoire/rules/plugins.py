"""The rules plug-ins the grimoire knows. Each declares itself in its own module (a ``PLUGIN``):
which scripts it plays, and where its rules, its told answers, its scenario keys and its lines
in the log live. The generic grimoire asks here, by the game's script, and names no script.

A plug-in's modules load on first use: the registry holds module paths, a declaration module
imports nothing heavy, and asking for a Phantom game stops at the Phantom's declaration.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from grimoire.core.script import Script
from grimoire.core.value import frozen


@frozen
class Plugin:
    """A script's rules, as the grimoire knows them before loading them.

    ``told``: a module shaping the told answers of the characters in ``tells`` (as
    ``grimoire.rules.tb.told``: ``TELLS``, ``Shape``, ``check``, ``true_answer``, ``true_answers``,
    ``is_true``, ``words``, ``truth_words``, ``plausible``; as ``grimoire.rules.phantom.told``, also
    ``answerable``, whether a record has anything to tell, ``SEATS``, those told a seat, and
    ``TRUTH_AS_TOLD``, those whose truth the JSON export gives in the told answer's shape).
    ``scenario_keys``: a module of its keys in scenario files (as ``grimoire.rules.tb.scenario_keys``:
    ``NIGHT_KEYS``, ``LIST_ANSWERS``, ``DAY_KEYS``, ``REGISTERING``, ``ANSWERS``, ``SETUP_TOKENS``,
    ``TOLD_SHAPES``, ``expected_answer``, ``written_answer``, ``pairs``, ``registrations``,
    ``written_registration``); or, as ``grimoire.rules.phantom.scenario_keys``, with a day's
    ``DECLARES`` and ``EXECUTION_CHOICE``, and the night's answers at once (``written_answers``,
    ``learned``, ``shown_answer``) in place of one record's (``pairs`` and ``written_registration``
    are asked only of ``DAY_KEYS`` and ``REGISTERING``).
    ``lines``: a module wording its happenings the generic log does not (as
    ``grimoire.rules.phantom.lines``: ``line(g, happening)``, the line, "" when the happening says
    nothing, None when it is not the plug-in's; and, where it has them, its words by key in the
    tables ``CAUSE`` (a death's), ``BECAME`` (why a character changed), ``BEGAN`` and ``ENDED``
    (a drunkenness's or poisoning's source), ``PLACED_WHY`` and ``MOVED_WHY`` (a token's)).
    The log asks the lines of the plug-in that plays the game's script only.
    """

    name: str
    plays: Callable[[Script], bool]
    rules: str  # "module:attribute" of its ScriptRules
    tells: frozenset[str] = frozenset()
    told: str = ""
    scenario_keys: str = ""
    lines: str = ""


# The plug-ins' declaration modules, in the order a script is offered to them.
_DECLARED: list[str | Plugin] = ["grimoire.rules.phantom", "grimoire.rules.tb"]


# Which plug-in plays a script, by the script's identity (the script kept, so that its id is
# not another's): the rules ask it for every seat at every step, and a script never changes.
_PLAYED_BY: dict[int, tuple[Script, Plugin | None]] = {}


def register(plugin: Plugin) -> None:
    """Add a plug-in ahead of the declared ones (a script it plays is its own)."""
    _DECLARED.insert(0, plugin)
    _PLAYED_BY.clear()


def unregister(plugin: Plugin) -> None:
    _DECLARED.remove(plugin)
    _PLAYED_BY.clear()


def plugins() -> Iterator[Plugin]:
    """Every plug-in, in order, each declaration module imported when reached."""
    for entry in list(_DECLARED):
        yield entry if isinstance(entry, Plugin) else load(entry).PLUGIN


def for_script(script: Script) -> Plugin | None:
    """The plug-in that plays ``script``, or None: the storyteller's judgement."""
    known = _PLAYED_BY.get(id(script))
    if known is not None and known[0] is script:
        return known[1]
    plugin = next((p for p in plugins() if p.plays(script)), None)
    _PLAYED_BY[id(script)] = (script, plugin)
    return plugin


def load(path: str) -> Any:
    """``"module"`` or ``"module:attribute"``, imported now (or found, once it has been)."""
    module, _, name = path.partition(":")
    loaded = sys.modules.get(module) or importlib.import_module(module)
    return getattr(loaded, name) if name else loaded


def told_for(character: str) -> ModuleType | None:
    """The told answers' module of the plug-in whose rules tell ``character`` something, if any
    (a record is a plug-in's when its character is one the plug-in tells)."""
    plugin = next((p for p in plugins() if character in p.tells), None)
    return None if plugin is None else load(plugin.told)


def tells(character: str) -> bool:
    """Whether a plug-in shapes what ``character`` is told, without loading it."""
    return any(character in p.tells for p in plugins())


def scenario_keys() -> list[ModuleType]:
    """Every plug-in's scenario keys: what a scenario file may say beyond what every game has."""
    return [load(p.scenario_keys) for p in plugins() if p.scenario_keys]

