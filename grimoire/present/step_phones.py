"""A night step's cards on the players' phones: whose phone each card goes to, what the step
has sent already, and the words that say so (one key sends them all: the grimoire's ``S``).

A card is for its own player where it names one (the woken player's answer, the evil
Townsfolk's), otherwise for every player the step wakes: each Minion their Minion info, the
Demon its Minions and bluffs. The cards are the step's (``show_cards.step_cards``): the same
cards the laptop shows. Pure: no Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from grimoire.core import events as ev
from grimoire.core.model import Card, GameState
from grimoire.core.value import as_tuple, frozen
from grimoire.present.phone_cards import RANK, card_event, state_of, state_words
from grimoire.present.show_cards import answer_asked, step_cards
from grimoire.rules.cards import ShowCard, seat_words

if TYPE_CHECKING:
    from grimoire.game import Game
    from night_order import Prompt


@frozen
class Delivery:
    """One card and the seats whose phones it goes to."""

    card: ShowCard
    seats: tuple[int, ...] = attrs.field(converter=as_tuple)


def for_whom(g: GameState, prompt: Prompt | None, card: ShowCard) -> tuple[int, ...]:
    """The seats ``card`` is for: its own player's, or each player the step wakes (a seat that
    left the game gets nothing)."""
    seats = (card.seat,) if card.seat is not None else (prompt.wake if prompt is not None else ())
    return tuple(s for s in seats if 0 <= s < len(g.seats) and not g.seats[s].left)


def deliveries(game: Game, cards: Sequence[ShowCard] | None = None) -> tuple[Delivery, ...]:
    """The step's cards (or ``cards``) and whose phones each goes to; a card for nobody is left out."""
    prompt = game.prompt
    shown = step_cards(game.rules, game.state, prompt) if cards is None else cards
    return tuple(Delivery(c, seats) for c in shown if (seats := for_whom(game.state, prompt, c)))


def asks_first(game: Game) -> bool:
    """The step's card is the answer the storyteller chooses (the step asks which was given)."""
    return answer_asked(game.rules, game.state, game.prompt)


def sent_here(game: Game) -> list[Card]:
    """The cards sent to phones since the step began (the log's card events at its end)."""
    ids = set()
    for event in reversed(game.events):
        if not isinstance(event, ev.CARD_EVENTS):
            break
        if isinstance(event, ev.CardSent):
            ids.add(event.card)
    return [c for c in game.state.cards if c.id in ids]


def _same(card: Card, shown: ShowCard, seat: int) -> bool:
    return card.seat == seat and card.what == shown.kind and card.blocks == tuple((b.role, b.text) for b in shown.blocks)


def unsent(game: Game, planned: Sequence[Delivery]) -> list[tuple[ShowCard, int]]:
    """Each (card, seat) of ``planned`` that the step has not sent yet."""
    sent = sent_here(game)
    return [(d.card, seat) for d in planned for seat in d.seats if not any(_same(c, d.card, seat) for c in sent)]


def send_events(game: Game, planned: Sequence[Delivery] | None = None) -> list[ev.CardSent]:
    """The events that send what the step has not sent yet of its cards (or of ``planned``):
    one card a seat, each with an id of its own (``S``, and the tests of the pages, append them)."""
    from grimoire.store.phone_cards import new_card_id

    todo = unsent(game, deliveries(game) if planned is None else planned)
    return [sent for card, seat in todo if isinstance(sent := card_event(card, new_card_id(), seat, phone=True),
                                                       ev.CardSent)]


def phones_words(g: GameState, seats: Sequence[int]) -> str:
    """Whose phones: "3 Cat's phone", "3 Cat's, 6 Fay's and 10 Jon's phones"."""
    owned = [f"{seat_words(g, s)}'s" for s in seats]
    if len(owned) == 1:
        return f"{owned[0]} phone"
    return f"{', '.join(owned[:-1])} and {owned[-1]} phones"


def plan_words(g: GameState, planned: Sequence[Delivery]) -> str:
    """What sending does, before it does it: each card and whose phones it goes to (the cards
    for the same phones said together)."""
    together: dict[tuple[int, ...], list[str]] = {}
    for d in planned:
        together.setdefault(d.seats, []).append(d.card.label)
    return "; ".join(f"{', '.join(labels)} to {phones_words(g, seats)}" for seats, labels in together.items())


def sent_words(game: Game, seen: dict[str, str] | None = None) -> str:
    """What the step sent, and how far each player got (with several cards, the least far):
    "3 Cat opened and seen, 6 Fay not opened yet (2 cards)"."""
    g = game.state
    by_seat: dict[int, list[str]] = {}
    for card in sent_here(game):
        if card.seat is not None:
            by_seat.setdefault(card.seat, []).append(state_of(card, seen or {}))
    parts = []
    for seat, states in by_seat.items():
        least = min(states, key=lambda s: RANK.get(s, 0))
        count = f" ({len(states)} cards)" if len(states) > 1 else ""
        parts.append(f"{seat_words(g, seat)} {state_words(least)}{count}")
    return ", ".join(parts)
