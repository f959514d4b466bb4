"""What the players' phones said of their cards, and the older games' side file of cards sent.

The cards themselves are the game's (events of its log: grimoire.core.events' ``phones``,
``card_sent``, ``card_opened``, ``card_seen``), written by the grimoire alone. ``grimoire
serve`` never writes the save: when a phone says a card was opened or seen, the server writes
it to a small file beside the game, ``<game>.seen.json`` (card id -> "opened" or "seen"), and
the grimoire, which follows that file, logs each as an event (``news``): only what the log
lacks, so once (the fold refuses a card opened twice), and after a restart too, since the file
stays. An event the storyteller undid is not logged again by the same window (``taken``).

An older game kept its choices and the night cards sent in ``<game>.phones.json``: read once
into events (``migration``), and the file put aside (``retire_phones``), nothing lost.

A file that is missing, unreadable or not in its shape reads as nothing. Pure of Textual and Rich.
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection
from pathlib import Path
from typing import Any

import attrs

from grimoire.core import events as ev
from grimoire.core.model import OPENED as OPENED  # what a phone may say of a card (the server checks it)
from grimoire.core.model import SEEN as SEEN
from grimoire.core.model import GameState
from grimoire.core.value import as_tuple, frozen
from grimoire.rules.card_fold import is_card_id as is_card_id
from grimoire.rules.cards import Block
from grimoire.store.saves import write_atomic
from grimoire.store.side_files import forget, read_small_json

MAX_BYTES = 512 * 1024  # a long game's cards, many times over: anything bigger was not written by us
MAX_TEXT = 1000  # one block's words (an ability is some 200 characters)
ROLES = frozenset({"headline", "big", "text"})


def phones_path(game: Path) -> Path:
    return game.with_name(game.name + ".phones.json")


def seen_path(game: Path) -> Path:
    return game.with_name(game.name + ".seen.json")


def retired_path(game: Path) -> Path:
    return game.with_name(game.name + ".phones.json.read")


def new_card_id() -> str:
    import secrets  # not at the start (its import loads OpenSSL)

    return secrets.token_hex(8)


def write_seen(game: Path, seen: dict[str, str]) -> Path:
    return write_atomic(seen_path(game), json.dumps({"seen": dict(sorted(seen.items()))}), backup=False)


def forget_phones(game: Path) -> None:
    """A new game at this path: no phone said anything of its cards, and no older side file."""
    forget((phones_path(game), seen_path(game), retired_path(game)))


def read_seen(game: Path) -> dict[str, str]:
    """card id -> OPENED or SEEN, as the phones said it."""
    data = read_small_json(seen_path(game), MAX_BYTES)
    seen = data.get("seen") if isinstance(data, dict) else None
    if not isinstance(seen, dict):
        return {}
    return {k: v for k, v in seen.items() if is_card_id(k) and v in (OPENED, SEEN)}


# --- what the phones said, into the log ------------------------------------------------------
def news(g: GameState, seen: dict[str, str], taken: Collection[tuple[str, str]] = ()) -> list[ev.Event]:
    """The events that bring the log up to what the phones said: for each card sent to a phone,
    in the log's order (its newest time, where a card came back), the opening, then the "seen",
    the log lacks.
    ``taken``: (card, "opened"/"seen") already logged once by this window, then undone."""
    last = {c.id: c for c in g.cards if c.phone}  # in the order the cards were sent
    out: list[ev.Event] = []
    for card_id, card in last.items():
        did = seen.get(card_id)
        if did is None or card.state == SEEN:
            continue
        if card.state != OPENED and (card_id, OPENED) not in taken:
            out.append(ev.CardOpened(card_id))
        if did == SEEN and (card_id, SEEN) not in taken:
            out.append(ev.CardSeen(card_id))
    return out


# --- an older game's side file, read once into events ------------------------------------------
@frozen
class OldCard:
    """A night card as an older game's side file kept it."""

    id: str
    seat: int
    kind: str
    label: str
    blocks: tuple[Block, ...] = attrs.field(converter=as_tuple)
    moment: str = ""


@frozen
class OldPhones:
    deal: str = ""
    night: bool = False
    cards: tuple[OldCard, ...] = attrs.field(default=(), converter=as_tuple)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and len(value) <= MAX_TEXT else None


def _card(data: Any) -> OldCard | None:
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
    return OldCard(data["id"], seat, kind, label, tuple(out), moment)


def read_phones(game: Path) -> OldPhones:
    """An older game's ``<game>.phones.json`` (nothing: there is none, or it is not ours)."""
    data = read_small_json(phones_path(game), MAX_BYTES)
    if not isinstance(data, dict):
        return OldPhones()
    deal, night, cards = data.get("deal"), data.get("night"), data.get("cards")
    if not isinstance(deal, str) or not (deal == "" or is_card_id(deal)):
        return OldPhones()
    if not isinstance(night, bool) or not isinstance(cards, list):
        return OldPhones()
    read = [_card(c) for c in cards]
    return OldPhones(deal, night, tuple(c for c in read if c is not None))


def migration(g: GameState, old: OldPhones) -> list[ev.Event]:
    """An older game's side file as events of its log: its choices and the night cards sent
    (each with its id, so what the phones said of it still counts, and when it was sent).
    None once the log has phones of its own."""
    if (not old.deal and not old.night and not old.cards) or g.phones.deal or g.phones.night or any(
            c.phone for c in g.cards):
        return []
    seats = len(g.seats)
    cards = [c for c in old.cards if c.seat < seats]
    out: list[ev.Event] = []
    if cards:
        out.append(ev.PhonesChoice(old.deal, True))
        out += [ev.CardSent(c.id, c.seat, c.kind, c.label, [b.role for b in c.blocks], [b.text for b in c.blocks],
                            when=c.moment or None) for c in cards]
        if not old.night:
            out.append(ev.PhonesChoice(old.deal, False))
    else:
        out.append(ev.PhonesChoice(old.deal, old.night))
    return out


def retire_phones(game: Path) -> None:
    """The older side file, read into the log: kept aside, never read again."""
    try:
        os.replace(phones_path(game), retired_path(game))
    except FileNotFoundError:
        pass
