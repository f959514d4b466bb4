"""What a player was given, in the log's words: "learned: 1", or "was told 2 (true: 1)"."""

from __future__ import annotations

from grimoire.core.model import GameState, InfoRecord
from grimoire.rules import told as told_rules

UNKNOWN = " (drunk or poisoned: may have been told otherwise)"
WHILE_IMPAIRED = ", while drunk or poisoned"


def given_words(g: GameState, r: InfoRecord, learned: str = "learned: ", told: str = "was told ") -> str:
    """``learned`` + the answer when the player was given the truth (or, impaired and not
    recorded, unknown: said so); ``told`` + the answer + "(true: ...)" where they differ."""
    truth = told_rules.truth_words(g, r)
    if r.told is None:
        return f"{learned}{truth}{UNKNOWN if r.impaired else ''}"
    said = told_rules.words(g, r, r.told)
    if said == truth:
        return f"{learned}{said}" + (" (drunk or poisoned, and told the truth)" if r.impaired else "")
    line = f"{told}{said} (true: {truth})"
    if r.impaired:
        return line + WHILE_IMPAIRED  # whether or not the answer given was one of the true ones
    if told_rules.is_true(r, r.told):
        return line  # the registration rules allowed either answer
    return line + ", though sober and healthy"


def impaired_note(r: InfoRecord) -> str:
    """What a line telling an answer other than the truth adds for an impaired player."""
    return WHILE_IMPAIRED if r.impaired else ""
