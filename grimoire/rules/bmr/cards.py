"""The cards Bad Moon Rising's own night steps show (``ScriptRules.step_cards``): the Demon the
Exorcist chose is shown the Exorcist and who chose them."""

from __future__ import annotations

from grimoire.core.model import GameState
from grimoire.core.script import load_script
from grimoire.rules.cards import Block, ShowCard, seat_words
from night_order import AnswerKind, Prompt

EXORCISED = "exorcised"  # the kind of card (also the words the tests check)


def step_cards(g: GameState, prompt: Prompt) -> list[ShowCard | None]:
    if prompt.kind is AnswerKind.ACK and prompt.step == "exorcist" and prompt.wake and isinstance(prompt.truth, int):
        script = load_script(g.script_id)
        name = script.character("exorcist").name if "exorcist" in script.by_id else "Exorcist"
        return [ShowCard(EXORCISED, "The Exorcist chose the Demon",
                         (Block("headline", "This character selected you"), Block("big", name),
                          Block("big", seat_words(g, prompt.truth))), prompt.wake[0])]
    return []
