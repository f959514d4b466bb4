"""The cards the storyteller sends to the players' phones, and which of them each player opened.

Two small JSON files beside the game, each written whole by one side and followed by the
other, as the table's live file and the hands are (grimoire.store.live_table):

- ``<game>.phones.json``: the grimoire writes this game's choices (deal each seat's character
  to its phone; send the night's cards to phones) and the night cards sent, each to one seat.
  Dealing keeps only a key: ``grimoire serve`` makes each seat's "You are" card from the game
  itself, so a swap or a change of character gives that seat a new card at once.
- ``<game>.seen.json``: ``grimoire serve`` writes which cards a phone opened, and which the
  player said they have seen; the grimoire reads it to show the storyteller.

Neither is the game's save; a new game at the same path forgets both (``forget_phones``).
A file that is missing, unreadable or not in its shape reads as nothing: nothing is dealt,
no card sent. Pure of Textual and Rich.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import attrs

from grimoire.core.value import as_tuple, frozen
from grimoire.rules.cards import Block
from grimoire.store.saves import write_atomic
from grimoire.store.side_files import forget, read_small_json

MAX_BYTES = 512 * 1024  # a long game's cards, many times over: anything bigger was not written by us
MAX_TEXT = 1000  # one block's words (an ability is some 200 characters)
OPENED, SEEN = "opened", "seen"
ROLES = frozenset({"headline", "big", "text"})


def phones_path(game: Path) -> Path:
    return game.with_name(game.name + ".phones.json")


def seen_path(game: Path) -> Path:
    return game.with_name(game.name + ".seen.json")


def new_card_id() -> str:
    return secrets.token_hex(8)


def is_card_id(text: object) -> bool:
    return isinstance(text, str) and len(text) == 16 and all(c in "0123456789abcdef" for c in text)


@frozen
class PhoneCard:
    """One card on one seat's phone: its words as the laptop's card has them."""

    id: str  # 16 hex digits: what the phone names when it says it opened the card
    seat: int
    kind: str  # the card's kind (grimoire.present.show_cards): "you_are", "demon", ...
    label: str  # as the storyteller's list names it
    blocks: tuple[Block, ...] = attrs.field(converter=as_tuple)
    moment: str = ""  # when it was sent, in words: "Night 2"

    def text(self) -> str:
        return "\n".join(b.text for b in self.blocks)


@frozen
class Phones:
    """This game's choices and the night cards sent."""

    deal: str = ""  # the deal's key ("" not dealing): each seat's "You are" card on its phone
    night: bool = False  # the night's cards may go to a seat's phone instead of the laptop
    cards: tuple[PhoneCard, ...] = attrs.field(default=(), converter=as_tuple)

    def with_card(self, card: PhoneCard) -> Phones:
        return attrs.evolve(self, cards=(*self.cards, card))


# --- writing ------------------------------------------------------------------------------
def _card_data(card: PhoneCard) -> dict[str, Any]:
    return {"id": card.id, "seat": card.seat, "kind": card.kind, "label": card.label, "moment": card.moment,
            "blocks": [[b.role, b.text] for b in card.blocks]}


def write_phones(game: Path, phones: Phones) -> Path:
    data = {"deal": phones.deal, "night": phones.night, "cards": [_card_data(c) for c in phones.cards]}
    return write_atomic(phones_path(game), json.dumps(data), backup=False)


def write_seen(game: Path, seen: dict[str, str]) -> Path:
    return write_atomic(seen_path(game), json.dumps({"seen": dict(sorted(seen.items()))}), backup=False)


def forget_phones(game: Path) -> None:
    """A new game at this path deals nothing and has sent nothing."""
    forget((phones_path(game), seen_path(game)))


# --- reading ------------------------------------------------------------------------------
def _read_json(path: Path) -> Any:
    return read_small_json(path, MAX_BYTES)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and len(value) <= MAX_TEXT else None


def _card(data: Any) -> PhoneCard | None:
    if not isinstance(data, dict):
        return None
    seat, blocks = data.get("seat"), data.get("blocks")
    kind, label, moment = _text(data.get("kind")), _text(data.get("label")), _text(data.get("moment"))
    if not is_card_id(data.get("id")) or not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 1000:
        return None
    if kind is None or label is None or moment is None or not isinstance(blocks, list):
        return None
    out = []
    for block in blocks:
        if not (isinstance(block, list) and len(block) == 2 and block[0] in ROLES and _text(block[1]) is not None):
            return None
        out.append(Block(block[0], block[1]))
    return PhoneCard(data["id"], seat, kind, label, tuple(out), moment)


def read_phones(game: Path) -> Phones:
    data = _read_json(phones_path(game))
    if not isinstance(data, dict):
        return Phones()
    deal, night, cards = data.get("deal"), data.get("night"), data.get("cards")
    if not isinstance(deal, str) or not (deal == "" or is_card_id(deal)):
        return Phones()
    if not isinstance(night, bool) or not isinstance(cards, list):
        return Phones()
    read = [_card(c) for c in cards]
    return Phones(deal, night, tuple(c for c in read if c is not None))


def read_seen(game: Path) -> dict[str, str]:
    """card id -> OPENED or SEEN."""
    data = _read_json(seen_path(game))
    seen = data.get("seen") if isinstance(data, dict) else None
    if not isinstance(seen, dict):
        return {}
    return {k: v for k, v in seen.items() if is_card_id(k) and v in (OPENED, SEEN)}
