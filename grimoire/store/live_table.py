"""What happens at the table between two events: the vote going round and the day's timer,
shared with the players' pages; and the hands the players raise from their phones.

Neither is the game's record (the record gets the vote once the storyteller confirms it), so
neither is in the save. Each lives in a small JSON file beside the game, written whole and
atomically by one side and read by the other, which follows it as the town square follows
the save (a stat, grimoire.store.watch):

- ``<game>.live.json``: the grimoire writes the vote in progress and the timer;
  ``grimoire serve`` reads it and shows them on every page.
- ``<game>.hands.json``: ``grimoire serve`` writes the hands raised from the seats' phones for
  the vote in progress (by its key); the grimoire's vote screen reads them and shows them
  for the storyteller to confirm or correct.

A file that is missing, unreadable or not in its shape reads as nothing: at worst a page
shows no vote, never a crash. Pure of Textual and Rich.
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

from grimoire.core.value import frozen
from grimoire.rules.day import MAX_TIMER, TIMER_LABELS
from grimoire.store.saves import write_atomic
from grimoire.store.side_files import forget, read_small_json

MAX_BYTES = 64 * 1024  # far more than 20 seats' worth: anything bigger was not written by us


def live_path(game: Path) -> Path:
    return game.with_name(game.name + ".live.json")


def hands_path(game: Path) -> Path:
    return game.with_name(game.name + ".hands.json")


@frozen
class VoteInProgress:
    """A vote being counted round the circle (seat indexes, as in the game)."""

    key: str  # this vote's own: a phone's hand for an earlier vote is never taken for this one
    nominator: int
    nominee: int
    at: int | None  # the seat whose hand is being counted; None once the round is done
    up: tuple[int, ...] = ()  # the hands counted so far, as the storyteller sees them (none in a secret vote)
    hidden: bool = False  # a secret vote (a character's ``hidden`` vote special): no hands, no count
    raised: tuple[int, ...] = ()  # raised on a phone, the clock not there yet: shown, not counted

    @staticmethod
    def new_key() -> str:
        import secrets  # a vote's first key: the grimoire's start needs none

        return secrets.token_hex(8)


@frozen
class DayTimer:
    label: str  # one of TIMER_LABELS
    running: bool
    left: float  # seconds left at ``at``
    at: float  # time.time() when it was written

    def left_now(self, now: float | None = None) -> float:
        if not self.running:
            return self.left
        return max(0.0, self.left - ((time.time() if now is None else now) - self.at))


@frozen
class LiveTable:
    vote: VoteInProgress | None = None
    timer: DayTimer | None = None


@frozen
class PhoneHands:
    """The hands raised from the phones for one vote: seat index -> up (True) or down."""

    key: str
    up: tuple[tuple[int, bool], ...] = ()

    def as_dict(self) -> dict[int, bool]:
        return dict(self.up)

    def with_hand(self, seat: int, raised: bool) -> PhoneHands:
        hands = self.as_dict()
        hands[seat] = raised
        return PhoneHands(self.key, tuple(sorted(hands.items())))


# --- writing ------------------------------------------------------------------------------
def write_live(game: Path, live: LiveTable) -> Path:
    data: dict[str, Any] = {}
    if live.vote is not None:
        v = live.vote
        data["vote"] = {"key": v.key, "nominator": v.nominator, "nominee": v.nominee, "at": v.at, "up": list(v.up),
                        "hidden": v.hidden, "raised": list(v.raised)}
    if live.timer is not None:
        t = live.timer
        data["timer"] = {"label": t.label, "running": t.running, "left": t.left, "at": t.at}
    return write_atomic(live_path(game), json.dumps(data), backup=False)


def write_hands(game: Path, hands: PhoneHands) -> Path:
    data = {"key": hands.key, "up": {str(seat): raised for seat, raised in hands.up}}
    return write_atomic(hands_path(game), json.dumps(data), backup=False)


def forget_table(game: Path) -> None:
    """A new game at this path starts with nothing of the last one's table."""
    forget((live_path(game), hands_path(game)))


# --- reading ------------------------------------------------------------------------------
def _read_json(path: Path) -> Any:
    return read_small_json(path, MAX_BYTES)


def _seat(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1000 else None


def _key(value: Any) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= 64 and value.isalnum() else None


def read_live(game: Path) -> LiveTable:
    data = _read_json(live_path(game))
    if not isinstance(data, dict):
        return LiveTable()
    return LiveTable(_vote(data.get("vote")), _timer(data.get("timer")))


def _vote(data: Any) -> VoteInProgress | None:
    if not isinstance(data, dict):
        return None
    key, nominator, nominee = _key(data.get("key")), _seat(data.get("nominator")), _seat(data.get("nominee"))
    up = data.get("up")
    if key is None or nominator is None or nominee is None or not isinstance(up, list):
        return None
    raised = data.get("raised", [])  # a file from before raised hands were shown has none
    if not isinstance(raised, list):
        return None
    seats, ahead = [_seat(s) for s in up], [_seat(s) for s in raised]
    if any(s is None for s in seats + ahead) or len(set(seats)) != len(seats) or set(seats) & set(ahead):
        return None
    at = data.get("at")
    hidden = data.get("hidden", False) is not False  # anything but a plain "not secret" hides it
    return VoteInProgress(key, nominator, nominee, _seat(at), () if hidden else tuple(s for s in seats if s is not None),
                          hidden, () if hidden else tuple(sorted({s for s in ahead if s is not None})))


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


def _timer(data: Any) -> DayTimer | None:
    if not isinstance(data, dict):
        return None
    label, running = data.get("label"), data.get("running")
    left, at = _number(data.get("left")), _number(data.get("at"))
    if label not in TIMER_LABELS or not isinstance(running, bool) or left is None or at is None:
        return None
    return DayTimer(label, running, min(max(left, 0.0), MAX_TIMER), at)


def read_hands(game: Path) -> PhoneHands | None:
    data = _read_json(hands_path(game))
    if not isinstance(data, dict) or _key(data.get("key")) is None or not isinstance(data.get("up"), dict):
        return None
    hands = []
    for seat, raised in data["up"].items():
        index = _seat(int(seat)) if isinstance(seat, str) and seat.isdigit() and len(seat) <= 3 else None
        if index is None or not isinstance(raised, bool):
            return None
        hands.append((index, raised))
    return PhoneHands(data["key"], tuple(sorted(hands)))
