"""Sects & Violets, automated: the fourth rules plug-in (docs/rules/sects-and-violets.md).

Chosen when a script's player characters are exactly Sects & Violets' 25, by their official
ids. Its texts, reminders and night order come from the official data, never from here: this
package only decides what the rules must decide; its plug-in is
``grimoire.rules.snv.plugin.PLUGIN``. Pure: no Textual, no Rich.
"""

from __future__ import annotations

from grimoire.core.script import Script, Team

TOWNSFOLK = ("clockmaker", "dreamer", "snakecharmer", "mathematician", "flowergirl", "towncrier", "oracle",
             "savant", "seamstress", "philosopher", "artist", "juggler", "sage")
OUTSIDERS = ("mutant", "sweetheart", "barber", "klutz")
MINIONS = ("eviltwin", "witch", "cerenovus", "pithag")
DEMONS = ("fanggu", "vigormortis", "nodashii", "vortox")
CHARACTERS = frozenset((*TOWNSFOLK, *OUTSIDERS, *MINIONS, *DEMONS))
PLAYERS_TEAMS = (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)


def is_sects_and_violets(script: Script) -> bool:
    """The script's player characters are Sects & Violets', no more and no fewer."""
    return frozenset(c.id for c in script.characters if c.team in PLAYERS_TEAMS) == CHARACTERS


TWIN = "Twin"  # the Evil Twin's reminder, placed at setup on the twin

# The information characters whose told answers grimoire.rules.snv.told shapes (its TELLS).
TELLS = frozenset(("clockmaker", "dreamer", "mathematician", "flowergirl", "towncrier", "oracle", "seamstress",
                   "juggler", "sage"))
# A Philosopher's gained ability gives information under its character's id, on this occasion;
# scenario files name it ``philosopher_<id>``.
GAINED = "philosopher"


def step_key(character: str, occasion: str) -> str:
    """A step's name in scenario files: the character's id, ``philosopher_<id>`` for a gained one."""
    return f"philosopher_{character}" if occasion == GAINED else character

# What the characters do, for the setup's one-line summary of the bag (``ScriptRules.bag_kinds``).
BAG_KINDS = (
    ("give information", frozenset(("clockmaker", "dreamer", "mathematician", "flowergirl", "towncrier", "oracle",
                                    "savant", "seamstress", "artist", "juggler", "sage"))),
    ("make it false", frozenset(("nodashii", "vortox", "vigormortis", "sweetheart", "philosopher",
                                 "snakecharmer", "cerenovus"))),
    ("kill", frozenset((*DEMONS, "witch", "klutz", "pithag"))),
    ("change characters", frozenset(("pithag", "barber", "snakecharmer", "fanggu", "philosopher"))),
)
