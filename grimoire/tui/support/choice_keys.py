"""Which key picks which row of a list: seats by the number drawn on the circle, other
options by a letter. Pure (no Textual): the screens keep the typed digits and the timer.

A seat number is typed digit by digit. It is complete as soon as no longer number on offer
starts with the digits typed (with 15 seats, ``5`` is seat 5 at once, ``1`` waits for a
possible ``10``–``15``); otherwise a short pause or Enter ends it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from string import ascii_lowercase
from typing import Any

from grimoire.core.value import frozen


@frozen
class Item:
    """One row of a list: a seat (its number picks it) or an option (its letter picks it)."""

    label: str  # as shown, e.g. "12 Lou (Usher)", "keep"
    value: Any
    seat: int | None = None  # the seat's index; its number (index + 1) picks it
    key: str = ""  # a letter, for a row that is not a seat
    names: tuple[str, ...] = ()  # what the filter matches exactly (a player's name, a character)

    @property
    def number(self) -> int | None:
        return None if self.seat is None else self.seat + 1

    def exact(self) -> tuple[str, ...]:
        """The words that, typed whole, put this row first."""
        head = self.label.split(" (")[0].split(" — ")[0]
        return tuple(n.casefold() for n in (*self.names, head, self.label) if n)


@frozen
class Seat:
    number: int  # complete: this seat number is on offer


@frozen
class Wait:
    typed: str  # a longer number on offer starts with these digits


@frozen
class NoSeat:
    number: int  # complete, but no seat of this number is on offer


Reading = Seat | Wait | NoSeat


def read(typed: str, offered: Collection[int]) -> Reading:
    """What the digits typed so far name, among the seat numbers on offer."""
    if not typed or not typed.isdigit():
        raise ValueError(f"a seat number is digits, not {typed!r}")
    number = int(typed)
    if typed[0] == "0":
        return NoSeat(number)  # no seat number starts with 0
    if any(m != number and str(m).startswith(typed) for m in offered):
        return Wait(typed)
    return Seat(number) if number in offered else NoSeat(number)


def end(typed: str, offered: Collection[int]) -> Seat | NoSeat:
    """The number as it stands when a pause or Enter ends it."""
    reading = read(typed, offered)
    number = int(typed)
    if isinstance(reading, Wait):
        return Seat(number) if number in offered else NoSeat(number)
    return reading


def keys_for_seat(number: int, offered: Collection[int]) -> list[str]:
    """The key presses that pick seat ``number``: its digits, then Enter if it would wait."""
    digits = str(number)
    return [*digits, "enter"] if isinstance(read(digits, offered), Wait) else list(digits)


def spans(numbers: Iterable[int]) -> str:
    """``1–6, 8, 10–15``: numbers on offer, in short."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted(set(numbers)):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}")
        run = [n]
    if run:
        out.append(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}")
    return ", ".join(out)


def refusal(number: int, offered: Collection[int], who: str = "") -> str:
    """Why typing ``number`` did nothing, and what is on offer instead."""
    seat = f"Seat {number}" + (f" ({who})" if who else "")
    if not offered:
        return f"{seat}: no seat is a choice here."
    return f"{seat} is not a choice here (the seats on offer: {spans(offered)})."


def letter_keys(labels: Sequence[str], reserved: str = "") -> list[str]:
    """One letter per label, no two alike and none of ``reserved``: each word's first letter
    if it is free, else another letter of the label, else any free letter ("" when none is)."""
    used = set(reserved)
    out = []
    for label in labels:
        text = label.casefold()
        candidates = [w[0] for w in text.split() if w] + list(text) + list(ascii_lowercase)
        key = next((c for c in candidates if c in ascii_lowercase and c not in used), "")
        used.add(key)
        out.append(key)
    return out
