"""A card the storyteller turns to a player, as plain words (``grimoire.present.show_cards``
lays it out): the cards every game has are built there, a script's own by its rules
(``ScriptRules.step_cards``)."""

from __future__ import annotations

import attrs

from grimoire.core.model import GameState
from grimoire.core.value import as_tuple, frozen


@frozen
class Block:
    role: str  # "headline" (the token's words), "big" (who or what), "text" (normal size)
    text: str


@frozen
class ShowCard:
    kind: str
    label: str  # as a picker lists it: "This is the Demon"
    blocks: tuple[Block, ...] = attrs.field(converter=as_tuple)
    seat: int | None = None  # the player it is for, when one ("You are…")

    def text(self) -> str:
        """The card's words, one block a line (tests, and a reader of the code)."""
        return "\n".join(b.text for b in self.blocks)


def seat_words(g: GameState, seat: int | None) -> str:
    """A player as a card shows them: "12 Lou"."""
    return "nobody" if seat is None else f"{seat + 1} {g.seats[seat].name}"
