"""Where each seat is drawn on the table, for any size of the seats' area (no Textual here).

Two plans. With room, the seats sit in bordered boxes around a rounded square, as they sit
around the real table. When the boxes would overlap or be too narrow to read a character's
name (a small laptop, a crowded table), the seats become rows, one under another in seat
order, in as few columns as fit: the same words, nothing hidden behind another seat.
"""

from __future__ import annotations

import functools
import itertools
import math
from array import array
from typing import Literal

from grimoire.core.value import frozen

BOX_H = 6  # a circle seat: 4 lines and the border
BOX_W_MAX = 22
BOX_W_MIN = 14  # narrower, a character's name is cut to a guess ("Christi…"): rows instead
CENTRE_H = 7
ROW_LINES_MAX = 2  # a row seat: the seat and character, then its marks and tokens
ROW_W_MIN = 24  # a column of rows narrower than this: fewer, longer columns
COLUMN_GAP = 2


@frozen
class Place:
    """A rectangle of cells, relative to the seats' area."""

    x: int
    y: int
    width: int
    height: int

    def overlaps(self, other: Place) -> bool:
        return (
            self.x < other.x + other.width and other.x < self.x + self.width
            and self.y < other.y + other.height and other.y < self.y + self.height
        )

    def inside(self, width: int, height: int) -> bool:
        return self.x >= 0 and self.y >= 0 and self.x + self.width <= width and self.y + self.height <= height


@frozen
class Seating:
    """``kind`` is "circle" (bordered boxes) or "rows" (``lines`` lines a seat, no border);
    ``seats`` in seat order; ``centre`` is the table's summary, or None when it has no room."""

    kind: Literal["circle", "rows"]
    seats: tuple[Place, ...]
    centre: Place | None
    lines: int


def _unit_superellipse(samples: int = 720) -> tuple[array[float], array[float]]:
    xs, ys = array("d"), array("d")
    for k in range(samples):
        t = 2 * math.pi * k / samples - math.pi / 2
        c, s = math.cos(t), math.sin(t)
        xs.append(math.copysign(abs(c) ** 0.5, c))
        ys.append(math.copysign(abs(s) ** 0.5, s))
    return xs, ys


_UNIT_SUPERELLIPSE = _unit_superellipse()  # the same for every table size: computed once


@functools.lru_cache(maxsize=256)
def _axis(size: int, box: int, k: int) -> tuple[array[float], array[float]]:
    """Along one axis (k: 0 across, 1 down): where each sample of the table lies, and each
    step to the next in boxes. Shared by the sizes tried for a crowded table, and by heights.
    (Arrays of floats: as tuples, the few kept for the first frame held 420 KiB.)"""
    half = (size - box) / 2
    at = array("d", [half + half * p for p in _UNIT_SUPERELLIPSE[k]])
    return at, array("d", [(b - a) / box for a, b in zip(at, at[1:] + at[:1])])


@functools.lru_cache(maxsize=64)
def circle_positions(
    n: int, width: int, height: int, box_w: int, box_h: int
) -> tuple[tuple[int, int], ...]:
    """Top-left corners of ``n`` boxes around the table, seat 1 at the top, clockwise.

    The table is a superellipse (|x|^4 + |y|^4 = 1, a rounded square) filling width x height,
    and the seats are spaced evenly along it measured in box widths and heights, so that
    crowded tables use the corners too.
    """
    xs, dxs = _axis(width, box_w, 0)
    ys, dys = _axis(height, box_h, 1)
    lengths = [0.0, *itertools.accumulate(map(math.hypot, dxs, dys))]
    out, j = [], 0
    for i in range(n):
        target = lengths[-1] * i / max(1, n)
        while lengths[j + 1] < target:
            j += 1
        out.append((round(xs[j]), round(ys[j])))
    return tuple(out)


def _circle(n: int, width: int, height: int) -> Seating | None:
    """The widest boxes that sit around the table without touching, if any are wide enough."""
    if height < 2 * BOX_H:
        return None
    for w in range(min(BOX_W_MAX, width // 2), BOX_W_MIN - 1, -1):
        pos = circle_positions(n, width, height, w, BOX_H)
        if all(
            abs(pos[i][0] - pos[j][0]) >= w or abs(pos[i][1] - pos[j][1]) >= BOX_H
            for i in range(n)
            for j in range(i + 1, n)
        ):
            cw = max(10, min(44, width - 2 * w - 4))
            centre = Place((width - cw) // 2, max(0, (height - CENTRE_H) // 2), cw, min(CENTRE_H, height))
            return Seating("circle", tuple(Place(x, y, w, BOX_H) for x, y in pos), centre, BOX_H - 2)
    return None


def _rows(n: int, width: int, height: int) -> Seating:
    """Seats as rows in seat order, filling columns top to bottom.

    The fewest readable columns, so that the table reads as one list; then as many lines a seat
    as fit (up to two: the marks and tokens get a line of their own). A table too small even
    for that gets narrower columns rather than seats left out.
    """
    best: tuple[int, int] | None = None  # (lines, columns)
    for columns in range(1, n + 1):
        per_column = -(-n // columns)
        if (width - COLUMN_GAP * (columns - 1)) // columns < ROW_W_MIN:
            break
        if per_column <= height:
            best = (min(ROW_LINES_MAX, height // per_column), columns)
            break
    if best is None:  # smaller than any terminal from 80x24: as many columns as it takes
        best = (1, max(1, -(-n // max(1, height))))
    lines, columns = best
    per_column = -(-n // columns)
    column_w = max(1, (width - COLUMN_GAP * (columns - 1)) // columns)
    seats = tuple(
        Place((i // per_column) * (column_w + COLUMN_GAP), (i % per_column) * lines, column_w, lines)
        for i in range(n)
    )
    used = per_column * lines
    spare = height - used - 1  # a blank line between the seats and the summary
    centre = Place(0, used + 1, width, min(CENTRE_H, spare)) if spare >= 2 else None
    return Seating("rows", seats, centre, lines)


@functools.lru_cache(maxsize=64)
def seating(n: int, width: int, height: int) -> Seating:
    """Where the ``n`` seats go in an area of ``width`` x ``height`` cells."""
    if n <= 0 or width <= 0 or height <= 0:
        return Seating("rows", (), None, 1)
    return _circle(n, width, height) or _rows(n, width, height)
