"""The cards Trouble Brewing's own night steps show (``ScriptRules.step_cards``): the player who
became the Imp (the star-pass, the Scarlet Woman) is shown the "You are" card of the Imp."""

from __future__ import annotations

from grimoire.core.model import GameState
from grimoire.rules.cards import ShowCard, you_are
from night_order import AnswerKind, Prompt

# The steps that wake the new Imp to show them what they are now (tb.night, tb.deaths).
BECAME_THE_IMP = {("imp", "Star-pass"), ("scarletwoman", "Scarlet Woman")}


def step_cards(g: GameState, prompt: Prompt) -> list[ShowCard | None]:
    if prompt.kind is AnswerKind.ACK and (prompt.step, prompt.title) in BECAME_THE_IMP and prompt.wake:
        return [you_are(g, prompt.wake[0])]
    return []
