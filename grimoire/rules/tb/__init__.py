"""Trouble Brewing, automated: the second rules plug-in (docs/rules/trouble-brewing.md).

Chosen when a script's player characters are exactly Trouble Brewing's, by their official ids
(a script that is TB plus or minus homebrew keeps the storyteller's judgement). Its texts,
reminders and night order come from the official data, never from here: this package only
decides what the rules must decide; its plug-in is ``grimoire.rules.tb.plugin.PLUGIN``. Pure: no
Textual, no Rich.
"""

from __future__ import annotations

from grimoire.core.script import Script, Team

TOWNSFOLK = ("washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller", "undertaker",
             "monk", "ravenkeeper", "virgin", "slayer", "soldier", "mayor")
OUTSIDERS = ("butler", "drunk", "recluse", "saint")
MINIONS = ("poisoner", "spy", "scarletwoman", "baron")
DEMONS = ("imp",)
CHARACTERS = frozenset((*TOWNSFOLK, *OUTSIDERS, *MINIONS, *DEMONS))
PLAYERS_TEAMS = (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)


def is_trouble_brewing(script: Script) -> bool:
    """The script's player characters are Trouble Brewing's, no more and no fewer."""
    return frozenset(c.id for c in script.characters if c.team in PLAYERS_TEAMS) == CHARACTERS


# The information characters whose told answers grimoire.rules.tb.told shapes (its TELLS).
TELLS = frozenset(("chef", "empath", "fortuneteller", "washerwoman", "librarian", "investigator", "undertaker",
                   "ravenkeeper"))


# What the characters do, for the setup's one-line summary of the bag (``ScriptRules.bag_kinds``).
BAG_KINDS = (
    ("give information", frozenset(("washerwoman", "librarian", "investigator", "chef", "empath",
                                     "fortuneteller", "undertaker", "ravenkeeper", "spy"))),
    ("make it false", frozenset(("poisoner", "drunk", "spy", "recluse"))),
    ("kill", frozenset(("imp", "slayer"))),
    ("protect", frozenset(("monk", "soldier", "mayor"))),
)
