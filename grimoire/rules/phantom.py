"""The Phantom of the Opera's plug-in declaration (``grimoire.rules.plugins``): the Phantom's
character brings its rules, so a variant of the script keeps them too. Its told answers and
scenario keys are the grimoire's own (``grimoire.rules.told``, ``grimoire.scenario.format``)."""

from __future__ import annotations

from grimoire.core.script import Script
from grimoire.rules.plugins import Plugin


def plays(script: Script) -> bool:
    return "phantom" in script.by_id


PLUGIN = Plugin("the Phantom of the Opera", plays, "grimoire.rules.engine:PHANTOM_RULES")
