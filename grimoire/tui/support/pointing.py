"""The players' pointing, as the storyteller types it: for each seat in the circle's order, the
seat it points at ("-" for none). Pure (no Textual)."""

from __future__ import annotations

import re

from grimoire.core.vote_count import point_tally

NONE = "-"


def parse_points(text: str, ring: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(seats, targets), seat indexes, from one seat number (or "-") a seat of ``ring`` in its
    order; ValueError says what is wrong and where."""
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    if len(words) != len(ring):
        raise ValueError(f"{len(words)} given for {len(ring)} players: one seat number (or {NONE}) each, in seat order")
    numbers = {s + 1 for s in ring}
    seats, targets = [], []
    for seat, word in zip(ring, words):
        if word == NONE:
            continue
        if not word.isdigit() or int(word) not in numbers:
            raise ValueError(f"seat {seat + 1}: {word!r} is no seat at the table")
        seats.append(seat)
        targets.append(int(word) - 1)
    return tuple(seats), tuple(targets)


def most_words(names: list[str], targets: tuple[int, ...]) -> str:
    """"Most pointed at: 5 Eve (3)", or the tie, or nobody; ``names`` by seat index."""
    counted = point_tally(targets)
    if not counted:
        return "Nobody pointed."
    best = counted[0][1]
    top = [f"{t + 1} {names[t]}" for t, c in counted if c == best]
    return f"Most pointed at ({best}): " + (top[0] if len(top) == 1 else "a tie, " + ", ".join(top))
