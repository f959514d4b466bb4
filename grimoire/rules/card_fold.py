"""The fold of the cards each player was told: a card shown on the laptop or sent to a
phone, what a phone said of it (opened, seen), the phones' choices, and while dealing each
seat's "You are" card, made anew whenever what it is made of changes.

A card is a happening of the night or day it was told in, so the log, the recap, the seat's
record and the exports read it where they read everything else.
"""

from __future__ import annotations

from typing import Any

import attrs

from grimoire.core import events as ev
from grimoire.core.model import OPENED, SEEN, Card, CardNews, GameState, PhoneChoices
from grimoire.rules import chronicle
from grimoire.rules.cards import dealt_from, you_are

CARD_ROLES = frozenset({"headline", "big", "text"})

# What was last dealt from: the phones' choices and the seats, as objects (``deal``).
Dealt = tuple[PhoneChoices, tuple[Any, ...]]


class CardError(ValueError):
    """A card event the game cannot take; the message says why."""


def is_card_id(text: object) -> bool:
    """A card's id (and a deal's key): 16 hex digits."""
    return isinstance(text, str) and len(text) == 16 and all(c in "0123456789abcdef" for c in text)


def told(g: GameState, card: Card, did: str) -> None:
    """The card among what happened when it did (before the first night: its own list)."""
    news = CardNews(card, did)
    if chronicle.record_of(g) is None:
        g.before_first_night.append(news)
    else:
        chronicle.note(g, news)


def shown_or_sent(g: GameState, event: ev.CardShown | ev.CardSent) -> None:
    """A card shown on the laptop, or sent to one seat's phone (the seat checked by the game)."""
    phone = isinstance(event, ev.CardSent)
    if not is_card_id(event.card):
        raise CardError(f"a card's id is 16 hex digits, not {event.card!r}")
    if any(c.id == event.card for c in g.cards):
        raise CardError(f"the card {event.card} was shown already")
    if len(event.roles) != len(event.words) or not set(event.roles) <= CARD_ROLES:
        raise CardError("a card's words each need a role: headline, big or text")
    if phone and not g.phones.night:
        raise CardError("this game keeps the night's cards on the laptop (its phones' choice)")
    card = Card(event.card, event.when or g.moment, event.seat, event.what, event.label,
                tuple(zip(event.roles, event.words, strict=True)), phone=phone)
    g.cards.append(card)
    told(g, card, "sent" if phone else "shown")


def opened_or_seen(g: GameState, event: ev.CardOpened | ev.CardSeen) -> None:
    """What a phone said of one of its cards: once each, and seen stays seen."""
    did = OPENED if isinstance(event, ev.CardOpened) else SEEN
    at = next((i for i in range(len(g.cards) - 1, -1, -1) if g.cards[i].id == event.card), None)
    if at is None or not g.cards[at].phone:
        raise CardError(f"no card {event.card} went to a phone")
    card = g.cards[at]
    if card.state in (did, SEEN):
        raise CardError(f"the card {event.card} was {card.state} already")
    g.cards[at] = card = attrs.evolve(card, state=did)
    told(g, card, did)


def phones_chosen(g: GameState, event: ev.PhonesChoice) -> None:
    """The phones' two choices; a deal undone by hand takes its cards back."""
    before = g.phones
    if event.deal and not is_card_id(event.deal):
        raise CardError(f"a deal's key is 16 hex digits, not {event.deal!r}")
    if (event.deal, event.night) == (before.deal, before.night):
        raise CardError("the phones' choices are so already")
    if before.deal and event.deal != before.deal:
        for card in dealt_now(g):
            told(g, card, "taken_back")
    g.phones = PhoneChoices(event.deal, event.night, before.dealt_from if event.deal == before.deal else ())


def dealt_now(g: GameState) -> list[Card]:
    """Each seat's dealt card now (the last dealt to it), in seat order."""
    last = {c.seat: c for c in g.cards if c.dealt}
    return [last[seat] for seat in sorted(s for s in last if s is not None)]


def deal(g: GameState, last: Dealt | None) -> Dealt:
    """While dealing, each seat's "You are" card, made anew whenever what it is made of
    changed (a swap, a new character, a Traveller joining): the phone shows the new one.
    ``last``: what the last call dealt from; returns what this one did."""
    import hashlib  # not at the start: only a game dealing to phones needs it

    choices = g.phones
    # Nothing to deal when neither the choices nor a seat changed since the last look (a
    # seat is replaced whenever it changes): the look at each seat doubled a refold's time.
    if last is not None and last[0] is choices and len(last[1]) == len(g.seats) and all(
            a is b for a, b in zip(last[1], g.seats)):
        return last
    made = dict(choices.dealt_from)
    for s in g.seats:
        if s.left or made.get(s.index) == (key := dealt_from(g, s.index)):
            continue
        shown = you_are(g, s.index)
        again = sum(1 for c in g.cards if c.dealt and c.seat == s.index)
        # The first card's id is the one the deal has always had (older games' phones name it).
        seed = f"{choices.deal}/{s.index}/" + (f"{again}/" if s.index in made else "") + shown.text()
        card = Card(hashlib.sha256(seed.encode()).hexdigest()[:16], g.moment, s.index, shown.kind, shown.label,
                    tuple((b.role, b.text) for b in shown.blocks), phone=True, dealt=True)
        g.cards.append(card)
        told(g, card, "dealt")
        made[s.index] = key
    if made != dict(choices.dealt_from):
        g.phones = attrs.evolve(choices, dealt_from=tuple(sorted(made.items())))
    return g.phones, tuple(g.seats)
