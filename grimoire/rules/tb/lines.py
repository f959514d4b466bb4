"""Trouble Brewing's lines in the log, for the happenings only its rules record: the Soldier and
the Mayor sparing a death, the Imp, the Slayer and the Virgin drunk or poisoned, its causes of
death and the star-pass. The
generic log asks for them through the game's rules (``ScriptRules.log_words``). Pure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.core import happenings as hp
from grimoire.core.model import GameState
from grimoire.rules import words as log
from grimoire.rules.contract import LogWords
from grimoire.rules.words import seat_name, who

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

# The log's words for what its rules record (grimoire.rules.words.plugin_words):
# a death's cause, and why a character changed.
CAUSE = {
    "imp": "the Imp's kill",
    "starpass": "the Imp chose themself (the star-pass)",
    "slayer": "the Slayer's shot",
}
BECAME = {"star_passed": "the star-pass", "scarletwoman": "the Scarlet Woman, the Demon having died"}
IMPAIRED = {
    "imp": "chose {about} while {state}: nobody dies",
    "slayer": "shot {about} while {state}: the ability is spent",
    "virgin": "was nominated while {state}: the ability is spent",
}


# A shot as the Slayer that could not work: why nothing happens (the storyteller's log).
NOTHING = {
    "not_slayer": "",
    "spent": " (the Slayer's ability is spent)",
    "dead": " (a dead player has no ability)",
}


def line(rules: ScriptRules, g: GameState, h: Any) -> str | None:
    """The line for a happening of Trouble Brewing's, None for another's."""
    if isinstance(h, hp.Spared) and h.why == "soldier":
        return log.told(rules, f"{who(g, h.seat)} is the Soldier: the Demon's attack does not kill them", g, h.changes)
    if isinstance(h, hp.Spared) and h.why == "mayor":
        return log.told(rules, f"{who(g, h.seat)} is the Mayor: the storyteller chose {seat_name(g, h.by)} to die instead",
                        g, h.changes)
    if isinstance(h, hp.NoEffect) and h.character == "slayer" and h.why in NOTHING:
        return log.told(rules, f"{log.no_effect_player(g, h)} shot {seat_name(g, h.about)} as the Slayer: nothing happens"
                        f"{NOTHING[h.why]}", g, h.changes)
    if isinstance(h, hp.NoEffect) and h.character in IMPAIRED:
        about = seat_name(g, h.about) if h.about is not None else "nobody"
        words = IMPAIRED[h.character].format(about=about, state=log.impaired_words(rules, g, h.impaired))
        return log.told(rules, f"{log.no_effect_player(g, h)} {words}", g, h.changes)
    return None


class TroubleBrewingWords(LogWords):
    """Trouble Brewing's log words, as the contract asks them (the tables and function above)."""

    CAUSE = CAUSE
    BECAME = BECAME
    line = staticmethod(line)


WORDS = TroubleBrewingWords()
