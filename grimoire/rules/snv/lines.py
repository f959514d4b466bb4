"""Sects & Violets' words in the log: the causes of death and why a character changed. Pure."""

from __future__ import annotations

from grimoire.rules.contract import LogWords

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


WORDS = SectsAndVioletsWords()
