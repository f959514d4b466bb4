"""Sects & Violets' words in the log: the causes of death, why a character changed, the
Philosopher's choice. Pure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.rules import words as log
from grimoire.rules.contract import LogWords
from grimoire.rules.snv.happenings import Gained

if TYPE_CHECKING:
    from grimoire.core.model import GameState
    from grimoire.rules.contract import ScriptRules

CAUSE = {
    "fanggu": "the Fang Gu's kill (or its jump: the old Fang Gu dies instead)",
    "nodashii": "the No Dashii's kill",
    "vortox": "the Vortox's kill",
    "vigormortis": "the Vigormortis's kill",
    "pithag": "the Pit-Hag's night (the storyteller's arbitrary deaths)",
    "witch": "the Witch's curse (they nominated)",
}
BECAME = {
    "pithag": "the Pit-Hag",
    "barber": "the Barber's haircut",
    "snakecharmer": "the Snake Charmer's swap",
    "fanggu": "the Fang Gu's jump",
}
BEGAN = {"sweetheart": "the Sweetheart's death", "snakecharmer": "the Snake Charmer's swap",
         "nodashii": "the No Dashii", "vigormortis": "the Vigormortis", "philosopher": "the Philosopher"}


class SectsAndVioletsWords(LogWords):
    CAUSE = CAUSE
    BECAME = BECAME
    BEGAN = BEGAN
    ENDED = BEGAN

    def line(self, rules: ScriptRules, g: GameState, h: Any) -> str | None:
        if isinstance(h, Gained):
            return log.told(rules, f"{log.who(g, h.seat)} chose the {log.character_name(g, h.character)}: they "
                            "gain that ability (the Philosopher)", g, h.changes)
        return None


WORDS = SectsAndVioletsWords()
