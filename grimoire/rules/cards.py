"""A card the storyteller turns to a player, as plain words (``grimoire.present.show_cards``
lays it out): the cards every game has are built there, a script's own by its rules
(``ScriptRules.step_cards``)."""

from __future__ import annotations

import attrs

from grimoire.core.model import GameState, InfoRecord
from grimoire.core.script import load_script
from grimoire.core.thinks import thinks_of
from grimoire.core.value import as_tuple, frozen
from grimoire.rules.visitors import traveller_name

YOU_ARE = "you_are"  # a seat's own "You are" card: the one dealt to a phone
TOLD = "told"  # what an information character is told at a night step (ToldShapes.card)


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


def you_are(g: GameState, seat: int) -> ShowCard:
    """A player's "You are" card: the character they think they are (the Drunk is shown their
    Townsfolk), a Traveller's character and alignment. Here, not with the other cards, because
    the game's fold deals it to phones (grimoire.game)."""
    s = g.seats[seat]
    label = f"You are… ({seat_words(g, seat)})"
    if s.traveller:
        return ShowCard(YOU_ARE, label, (Block("headline", "You are"), Block("big", traveller_name(s.character, load_script(g.script_id))),
                                         Block("text", f"A Traveller. You are {s.alignment.value}.")), seat)
    script = load_script(g.script_id)
    # The Drunk is shown the Townsfolk they think they are; a player not told of a change, what they were.
    thinks = s.believes or thinks_of(s)
    c = script.character(thinks if thinks is not None and thinks in script.by_id else s.character)
    blocks = [Block("headline", "You are"), Block("big", c.name), Block("text", c.team.label)]
    if c.ability:
        blocks.append(Block("text", c.ability))
    return ShowCard(YOU_ARE, label, blocks, seat)


def dealt_from(g: GameState, seat: int) -> object:
    """What a seat's "You are" card is made from: a new card is dealt when this changes."""
    s = g.seats[seat]
    if s.believes is not None:  # a change they were not told of: their card stays
        return (s.believes, None, s.traveller and s.alignment.value, s.left)
    return (s.character, thinks_of(s), s.traveller and s.alignment.value, s.left)


def told_card(g: GameState, record: InfoRecord, *answer: str) -> ShowCard:
    """What ``record``'s player is told, as a card: their character's name, then the answer in
    large letters (each of ``answer`` a block: a number, a nod or a shake, a player, a character)."""
    script = load_script(g.script_id)
    name = script.character(record.character).name if record.character in script.by_id else record.character
    shown = [{"yes": "Yes", "no": "No"}.get(a, a) for a in answer]
    return ShowCard(TOLD, f"{name}: {', '.join(shown)}",
                    (Block("headline", name), *(Block("big", a) for a in shown)), record.seat)
