"""A row of the night walker kept to one line of the side panel: the names in it shortened
(with "…") only when the row would not fit, and only as much as it must.

On a small terminal (80x24, a panel some 37 cells wide) a long name wrapped every choice onto
two rows and the wake line onto several, and the step's choices went below the panel's edge.
A name is never cut below ``MIN_NAME`` cells: past that the row wraps as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.content import Content

MIN_NAME = 6


def cells(text: str) -> int:
    return Content(text).cell_length


def cut(text: str, room: int) -> str:
    """``text`` in at most ``room`` cells, with "…" where it was cut (unchanged if it fits)."""
    if cells(text) <= room:
        return text
    return Content(text).truncate(max(0, room - 1)).plain.rstrip() + "…"


def fitted(names: Sequence[str], row: Callable[[Sequence[str]], str], room: int) -> list[str]:
    """``names`` as the row ``row(names)`` (plain text) can hold them in ``room`` cells: as
    they are if it fits, else each cut to the longest length that lets the row fit (the
    longest names first), never below MIN_NAME cells."""
    names = list(names)
    if room <= 0 or not names or cells(row(names)) <= room:
        return names
    # The longest limit that fits, by halves: the row only gets shorter as the limit does.
    low, high = MIN_NAME, max(cells(n) for n in names) - 1
    best = [cut(n, MIN_NAME) for n in names]
    while low <= high:
        limit = (low + high) // 2
        tried = [cut(n, limit) for n in names]
        if cells(row(tried)) <= room:
            best, low = tried, limit + 1
        else:
            high = limit - 1
    return best
