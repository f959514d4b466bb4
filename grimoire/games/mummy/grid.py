"""A player's private deduction grid: rows are the other seats and the Mystery slots, columns the
guests in the game. Pure; the table keeps one per seat and saves them with the game (the autosave
already holds the secret deal and is never shown)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

from grimoire.games.mummy.rules import MasqueradeGame

Mark = Literal["", "x", "o", "?"]
SYMBOL: dict[Mark, str] = {"": "·", "x": "✗", "o": "✓", "?": "?"}


@attrs.frozen
class DeductionGrid:
    owner: int
    rows: tuple[int, ...]  # places (seat indexes, then Mystery slots)
    columns: tuple[str, ...]  # guest ids
    marks: tuple[tuple[Mark, ...], ...]
    own: str = ""  # the owner's card when the grid was last brought up to date

    def mark(self, row: int, column: int, mark: Mark) -> DeductionGrid:
        cells = [list(line) for line in self.marks]
        cells[row][column] = mark
        if mark == "o":
            # One guest per place and one place per guest: a ✓ crosses out its row and column.
            for c in range(len(self.columns)):
                if c != column:
                    cells[row][c] = "x"
            for r in range(len(self.rows)):
                if r != row:
                    cells[r][column] = "x"
        return attrs.evolve(self, marks=tuple(tuple(line) for line in cells))

    def at(self, row: int, column: int) -> Mark:
        return self.marks[row][column]

    def place(self, place: int, guest_id: str, mark: Mark) -> DeductionGrid:
        """Mark by place and guest; places or guests not in the grid are left alone."""
        if place not in self.rows or guest_id not in self.columns:
            return self
        return self.mark(self.rows.index(place), self.columns.index(guest_id), mark)


def new_grid(game: MasqueradeGame, owner: int) -> DeductionGrid:
    rows = tuple(s for s in range(game.seats) if s != owner) + tuple(
        game.seats + k for k in range(len(game.setup.mystery))
    )
    columns = game.setup.chosen
    marks: list[list[Mark]] = []
    for place in rows:
        line: list[Mark] = []
        for guest_id in columns:
            # The Mummy is never a Mystery Guest.
            mystery_row = place >= game.seats
            line.append("x" if mystery_row and game.catalogue[guest_id].is_mummy else "")
        marks.append(line)
    blank = DeductionGrid(owner, rows, columns, tuple(tuple(line) for line in marks))
    return with_known(blank, game)


def with_known(grid: DeductionGrid, game: MasqueradeGame) -> DeductionGrid:
    """Fill in what the owner knows for certain: their own card and every face-up card."""
    now = game.setup.dealt[grid.owner]
    if grid.own and grid.own != now and grid.own in game.setup.mystery:
        # The owner swapped as the Picture of Dorian Gray: he put it where his new card was.
        grid = grid.place(game.seats + game.setup.mystery.index(grid.own), grid.own, "o")
    grid = attrs.evolve(grid, own=now)
    if now in grid.columns:
        column = grid.columns.index(now)
        for row in range(len(grid.rows)):
            grid = grid.mark(row, column, "x")
    for seat in sorted(game.revealed):
        grid = grid.place(seat, game.setup.dealt[seat], "o")
    for slot in sorted(game.mystery_revealed):
        grid = grid.place(game.seats + slot, game.setup.mystery[slot], "o")
    return grid


def _two_lines(label: str) -> str:
    words = label.split()
    if len(words) < 2:
        return label
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    top, bottom = min(splits, key=lambda pair: max(len(pair[0]), len(pair[1])))
    return f"{top}\n{bottom}"


def _width(label: str) -> int:
    return max(len(line) for line in label.split("\n")) + 2  # a cell is padded by one each side


def column_labels(names: Sequence[str], shorts: Sequence[str], room: int) -> tuple[list[str], str]:
    """Column headers that fit in ``room`` cells: the names on one line, else on two, else short
    names cut to fit with a legend (returned second, empty when not needed)."""
    full = [name.removeprefix("The ") for name in names]
    for labels in (full, [_two_lines(label) for label in full]):
        if sum(_width(label) for label in labels) <= room:
            return labels, ""
    width = max(3, room // max(len(full), 1) - 2)
    short: list[str] = []
    for label, key in zip(full, shorts, strict=True):
        whole = key or label
        cut = whole[:width]
        while cut in short and len(cut) < len(whole):
            cut = whole[: len(cut) + 1]
        short.append(cut)
    legend = " · ".join(f"{cut}={label}" for cut, label in zip(short, full, strict=True) if cut != label)
    return short, legend
