"""The Phantom of the Opera's plug-in declaration (``grimoire.rules.plugins``): the Phantom's
character brings its rules, so a variant of the script keeps them too. Its told answers are
``grimoire.rules.phantom.told``, its keys in scenario files ``grimoire.rules.phantom.scenario_keys``,
its happenings' lines in the log ``grimoire.rules.phantom.lines``."""

from __future__ import annotations

from grimoire.core.script import Script
from grimoire.rules.plugins import Plugin

# The information characters whose told answers grimoire.rules.phantom.told shapes (its TELLS).
TELLS = frozenset(("sorelli", "usher", "persian", "monsieur_reyer", "chandelier_rigger", "inspector_mifroid",
                   "mirror_keeper", "phantom", "auctioneer"))


def plays(script: Script) -> bool:
    return "phantom" in script.by_id


PLUGIN = Plugin("the Phantom of the Opera", plays, "grimoire.rules.engine:PHANTOM_RULES", tells=TELLS,
                told="grimoire.rules.phantom.told",
                scenario_keys="grimoire.rules.phantom.scenario_keys", lines="grimoire.rules.phantom.lines")
