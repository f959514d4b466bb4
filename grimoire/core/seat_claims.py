"""Which phone holds which seat, for a table that joined by one code.

Two sources, each with its one writer:

- the phones' claims, in the order they were made (``grimoire serve`` keeps them beside the
  game, grimoire.store.join_desk): a claim's id (public: the grimoire and the log name it), the
  seat it took, and a hash of the phone's own key (the key itself stays on the phone);
- the storyteller's decisions about them, events of the game's log (``phone_released``,
  ``phone_moved``): they change what a phone is shown, so they are part of the game's record
  and undo like anything else.

A seat is held by the newest claim still standing on it (released claims stand nowhere, a
moved one stands on the seat it was moved to): never two phones on one seat, whatever order an
undo and a phone's claim came in. Pure: no Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeGuard

import attrs

from grimoire.core import events as ev
from grimoire.core.value import frozen

# No 0/o, 1/l/i: a code read off a TV and typed into a phone is typed right.
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
JOIN_CODE_LENGTH = 8  # read off the TV across the room; 39 random bits, and the server is on the table's own Wi-Fi
CLAIM_ID_LENGTH = 8


def is_join_code(text: object) -> TypeGuard[str]:
    return isinstance(text, str) and len(text) == JOIN_CODE_LENGTH and all(c in ALPHABET for c in text)


def is_claim_id(text: object) -> TypeGuard[str]:
    return isinstance(text, str) and len(text) == CLAIM_ID_LENGTH and all(c in ALPHABET for c in text)


def is_key_hash(text: object) -> TypeGuard[str]:
    return isinstance(text, str) and len(text) == 32 and all(c in "0123456789abcdef" for c in text)


@frozen
class Claim:
    id: str
    seat: int  # seat index: where the phone sat down (or, in ``holders``, where it stands now)
    key: str  # the phone's key, hashed (grimoire.web.join): the file beside the game never holds a key


@frozen
class Decisions:
    """The storyteller's decisions of the log: the claims released, and where each moved one stands."""

    released: frozenset[str] = frozenset()
    moved: Mapping[str, int] = attrs.field(factory=dict)


def decisions(events: Iterable[ev.Event]) -> Decisions:
    released: set[str] = set()
    moved: dict[str, int] = {}
    for event in events:
        if isinstance(event, ev.PhoneReleased):
            released.add(event.claim)
            moved.pop(event.claim, None)
        elif isinstance(event, ev.PhoneMoved):
            moved[event.claim] = event.to
            released.discard(event.claim)  # (a released claim is not moved: the fold refuses it)
    return Decisions(frozenset(released), moved)


def holders(claims: Sequence[Claim], decided: Decisions, seats: Iterable[int] | None = None) -> dict[int, Claim]:
    """seat index -> the claim holding it now (with ``seat`` where it stands). ``seats``: the
    seats at the table now (a claim on a seat that is gone holds nothing)."""
    at = None if seats is None else set(seats)
    out: dict[int, Claim] = {}
    for claim in claims:  # oldest first: a newer claim on the same seat takes it
        if claim.id in decided.released:
            continue
        seat = decided.moved.get(claim.id, claim.seat)
        if at is not None and seat not in at:
            continue
        for other, held in list(out.items()):
            if held.id == claim.id:
                del out[other]
        out[seat] = attrs.evolve(claim, seat=seat)
    return out


def seat_of_key(held: Mapping[int, Claim], key: str) -> int | None:
    """The seat the phone with this key's hash holds, or None."""
    import secrets

    found = None
    for seat, claim in held.items():
        if secrets.compare_digest(claim.key.encode(), key.encode()):
            found = seat
    return found


def claim_of_seat(held: Mapping[int, Claim], seat: int) -> Claim | None:
    return held.get(seat)
