"""Bad Moon Rising, automated: the third rules plug-in (docs/rules/bad-moon-rising.md).

Chosen when a script's player characters are exactly Bad Moon Rising's 25, by their official
ids. Its texts, reminders and night order come from the official data, never from here: this
package only decides what the rules must decide; its plug-in is
``grimoire.rules.bmr.plugin.PLUGIN``. Pure: no Textual, no Rich.
"""

from __future__ import annotations

from grimoire.core.script import Script, Team

TOWNSFOLK = ("grandmother", "sailor", "chambermaid", "exorcist", "innkeeper", "gambler", "gossip", "courtier",
             "professor", "minstrel", "tealady", "pacifist", "fool")
OUTSIDERS = ("goon", "lunatic", "tinker", "moonchild")
MINIONS = ("godfather", "devilsadvocate", "assassin", "mastermind")
DEMONS = ("zombuul", "pukka", "shabaloth", "po")
CHARACTERS = frozenset((*TOWNSFOLK, *OUTSIDERS, *MINIONS, *DEMONS))
PLAYERS_TEAMS = (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)


def is_bad_moon_rising(script: Script) -> bool:
    """The script's player characters are Bad Moon Rising's, no more and no fewer."""
    return frozenset(c.id for c in script.characters if c.team in PLAYERS_TEAMS) == CHARACTERS


GRANDCHILD = "Grandchild"  # the Grandmother's reminder, placed at setup on her grandchild

# The information characters whose told answers grimoire.rules.bmr.told shapes (its TELLS).
TELLS = frozenset(("grandmother", "godfather", "chambermaid"))

# What the characters do, for the setup's one-line summary of the bag (``ScriptRules.bag_kinds``).
BAG_KINDS = (
    ("give information", frozenset(("grandmother", "chambermaid", "godfather", "gambler"))),
    ("make it false", frozenset(("sailor", "innkeeper", "courtier", "minstrel", "goon", "pukka", "lunatic"))),
    ("kill", frozenset((*DEMONS, "gossip", "gambler", "assassin", "godfather", "moonchild", "tinker"))),
    ("protect", frozenset(("innkeeper", "tealady", "sailor", "devilsadvocate", "pacifist", "fool", "exorcist",
                           "professor"))),
)
