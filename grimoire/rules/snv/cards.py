"""The cards Sects & Violets' own night steps show (``ScriptRules.step_cards``): the Evil Twin
and their twin learn each other, each on a card of their own."""

from __future__ import annotations

from grimoire.core.model import GameState
from grimoire.rules.cards import Block, ShowCard, seat_words
from night_order import AnswerKind, Prompt

TWINS = "twins"  # the kind of card (also the words the tests check)


def step_cards(g: GameState, prompt: Prompt) -> list[ShowCard | None]:
    if prompt.kind is AnswerKind.ACK and prompt.step == "eviltwin" and len(prompt.wake) == 2:
        a, b = prompt.wake
        return [ShowCard(TWINS, f"The Evil Twin: their twin ({seat_words(g, seat)})",
                         (Block("headline", "This is your twin"), Block("big", seat_words(g, other))), seat)
                for seat, other in ((a, b), (b, a))]
    return []
