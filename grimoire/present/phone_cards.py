"""Which cards each seat's phone holds: its own "You are" card while the storyteller deals to
phones, and the night cards sent to it while that choice is on; nothing else, and nothing
while the choices are off.

A dealt card is made from the game as it is now (``show_cards.you_are``: the character a
player thinks they are, a Traveller's character and alignment); its id comes from the deal's
key, the seat and the card's words, so a swap or a change of character makes a new card,
closed again, and the storyteller sees it is not opened yet. Pure: no Textual, no Rich.
"""

from __future__ import annotations

import hashlib

from grimoire.core.model import GameState, Phase
from grimoire.present.show_cards import you_are
from grimoire.rules.cards import ShowCard
from grimoire.store.phone_cards import OPENED, SEEN, PhoneCard, Phones, new_card_id

DEALT = "dealt"  # a dealt card's moment: it is the seat's for the whole game


def moment(g: GameState) -> str:
    """When a card is sent, as the record says it: "Night 2", "Day 1", "Before the first night"."""
    if g.phase is Phase.NIGHT:
        return f"Night {g.night}"
    if g.phase is Phase.DAY:
        return f"Day {g.day}"
    return "Before the first night" if g.night == 0 else f"Night {g.night}"


def as_phone_card(card: ShowCard, seat: int, when: str, card_id: str | None = None) -> PhoneCard:
    return PhoneCard(card_id or new_card_id(), seat, card.kind, card.label, card.blocks, when)


def dealt_card(g: GameState, seat: int, deal: str) -> PhoneCard:
    card = you_are(g, seat)
    digest = hashlib.sha256(f"{deal}/{seat}/{card.text()}".encode()).hexdigest()[:16]
    return as_phone_card(card, seat, DEALT, digest)


def dealt(g: GameState, phones: Phones) -> dict[int, PhoneCard]:
    """Each seat's dealt card (none when not dealing); a seat that left the game has none."""
    if not phones.deal:
        return {}
    return {s.index: dealt_card(g, s.index, phones.deal) for s in g.seats if not s.left}


def seat_cards(g: GameState, phones: Phones) -> dict[int, tuple[PhoneCard, ...]]:
    """Every seat's cards, its dealt card first, then the night cards sent to it in order."""
    out: dict[int, list[PhoneCard]] = {seat: [card] for seat, card in dealt(g, phones).items()}
    if phones.night:
        seats = {s.index for s in g.seats}
        for card in phones.cards:
            if card.seat in seats:
                out.setdefault(card.seat, []).append(card)
    return {seat: tuple(cards) for seat, cards in out.items()}


def state_words(state: str | None) -> str:
    """What the storyteller is told of one card on a phone."""
    return {OPENED: "opened", SEEN: "opened and seen"}.get(state or "", "not opened yet")


def sent_lines(g: GameState, phones: Phones, seen: dict[str, str], seat: int) -> list[str]:
    """The record of what went to ``seat``'s phone: each card, when, its words and whether the
    player opened it and said they have seen it."""
    lines = []
    card = dealt(g, phones).get(seat)
    if card is not None:
        lines.append(f"Dealt: {' · '.join(b.text for b in card.blocks[1:2])} ({state_words(seen.get(card.id))})")
    for sent in phones.cards:
        if sent.seat == seat:
            words = " · ".join(b.text for b in sent.blocks)
            lines.append(f"{sent.moment}: {words} ({state_words(seen.get(sent.id))})")
    return lines


def opened_count(g: GameState, phones: Phones, seen: dict[str, str]) -> tuple[int, int]:
    """(how many dealt cards were opened, how many were dealt)."""
    cards = dealt(g, phones)
    return sum(1 for c in cards.values() if c.id in seen), len(cards)


def choices_words(g: GameState, phones: Phones, seen: dict[str, str]) -> str:
    """This game's two choices, in words, as the seat links screen says them."""
    if phones.deal:
        opened, count = opened_count(g, phones, seen)
        deal = f"Phones: characters dealt, {opened} of {count} opened (d: take back)."
    else:
        deal = "Phones: characters not dealt (d deals them)."
    night = ("Night cards: may go to a phone (f on a card; n: laptop only)." if phones.night
             else "Night cards: laptop only (n: phones too).")
    return f"{deal}\n{night}"


def seat_state(g: GameState, phones: Phones, seen: dict[str, str], seat: int) -> str:
    """A seat's dealt card, for its row of the seat links: "" while not dealing."""
    card = dealt(g, phones).get(seat)
    return "" if card is None else f"card {state_words(seen.get(card.id))}"
