"""Which cards each seat's phone holds, and the record of every card a player was told.

The cards are the game's (``GameState.cards``, folded from the log): a seat's phone holds its
newest dealt "You are" card while the storyteller deals to phones, and the night cards sent to
it while that choice is on; nothing else. A card the phones said they opened or seen, and the
grimoire has not logged yet (``seen``: grimoire.store.phone_cards), counts as the phones say.
Pure: no Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Mapping

from grimoire.core import events as ev
from grimoire.core.model import OPENED, SEEN, Card, GameState
from grimoire.rules.cards import ShowCard

RANK = {"": 0, OPENED: 1, SEEN: 2}


def when_words(when: str) -> str:
    """When a card was told, as the log's heading says it ("Setup": before the first night)."""
    return "Before the first night" if when == "Setup" else when


def card_event(card: ShowCard, card_id: str, seat: int | None, phone: bool) -> ev.CardShown | ev.CardSent:
    """The event of a card shown on the laptop (to ``seat``, where known) or sent to ``seat``'s phone."""
    roles, words = [b.role for b in card.blocks], [b.text for b in card.blocks]
    if phone:
        assert seat is not None, "a phone is a seat's"
        return ev.CardSent(card_id, seat, card.kind, card.label, roles, words)
    return ev.CardShown(card_id, card.kind, card.label, roles, words, seat)


def state_of(card: Card, seen: Mapping[str, str]) -> str:
    """How far the player got with a card: the log's, or the phones' where they said more."""
    said = seen.get(card.id, "")
    return said if RANK.get(said, 0) > RANK.get(card.state, 0) else card.state


def dealt(g: GameState) -> dict[int, Card]:
    """Each seat's dealt card now (none when not dealing); a seat that left the game has none."""
    if not g.phones.deal:
        return {}
    last = {c.seat: c for c in g.cards if c.dealt and c.seat is not None}
    return {s.index: last[s.index] for s in g.seats if not s.left and s.index in last}


def seat_cards(g: GameState) -> dict[int, tuple[Card, ...]]:
    """Every seat's cards on its phone, its dealt card first, then the night cards sent to it in order."""
    out: dict[int, list[Card]] = {seat: [card] for seat, card in dealt(g).items()}
    if g.phones.night:
        seats = {s.index for s in g.seats if not s.left}
        for card in g.cards:
            if card.phone and not card.dealt and card.seat in seats:
                assert card.seat is not None
                out.setdefault(card.seat, []).append(card)
    return {seat: tuple(cards) for seat, cards in out.items()}


def state_words(state: str | None) -> str:
    """What the storyteller is told of one card on a phone."""
    return {OPENED: "opened", SEEN: "opened and seen"}.get(state or "", "not opened yet")


def told_lines(g: GameState, seat: int, seen: Mapping[str, str] | None = None) -> list[str]:
    """Every card ``seat``'s player was told, in order: when, its words, and where (on the
    laptop; on their phone, and whether they opened it and said they have seen it)."""
    lines = []
    for card in g.cards:
        if card.seat != seat:
            continue
        where = (f"on their phone, {state_words(state_of(card, seen or {}))}" if card.phone else "on the laptop")
        what = f"{when_words(card.when)}, dealt" if card.dealt else when_words(card.when)
        # A dealt card by its character and team (its ability is the script's), as the log says it.
        words = " · ".join(text for _role, text in card.blocks[1:3]) if card.dealt else card.words()
        lines.append(f"{what}: {words} ({where})")
    return lines


def opened_count(g: GameState, seen: Mapping[str, str]) -> tuple[int, int]:
    """(how many dealt cards were opened, how many were dealt)."""
    cards = dealt(g)
    return sum(1 for c in cards.values() if state_of(c, seen)), len(cards)


def choices_words(g: GameState, seen: Mapping[str, str]) -> str:
    """This game's two choices, in words, as the seat links screen says them."""
    if g.phones.deal:
        opened, count = opened_count(g, seen)
        deal = f"Phones: characters dealt, {opened} of {count} opened (d: take back)."
    else:
        deal = "Phones: characters not dealt (d deals them)."
    night = ("Night cards: may go to a phone (S at a step, f on a card; n: laptop only)." if g.phones.night
             else "Night cards: laptop only (n: phones too).")
    return f"{deal}\n{night}"


def seat_state(g: GameState, seen: Mapping[str, str], seat: int) -> str:
    """A seat's dealt card, for its row of the seat links: "" while not dealing."""
    card = dealt(g).get(seat)
    return "" if card is None else f"card {state_words(state_of(card, seen))}"
