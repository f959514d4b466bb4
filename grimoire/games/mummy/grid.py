"""A player's private deduction grid: rows are the other seats and the Mystery slots, columns the
guests in the game. Pure; the screen keeps one per seat in memory only and never saves it."""

from __future__ import annotations

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


def new_grid(game: MasqueradeGame, owner: int) -> DeductionGrid:
    rows = tuple(s for s in range(game.seats) if s != owner) + tuple(
        game.seats + k for k in range(len(game.setup.mystery))
    )
    columns = game.setup.chosen
    own = game.setup.dealt[owner]
    marks: list[list[Mark]] = []
    for place in rows:
        line: list[Mark] = []
        for guest_id in columns:
            mystery_row = place >= game.seats
            # The owner knows their own card, and the Mummy is never a Mystery Guest.
            known_no = guest_id == own or (mystery_row and game.catalogue[guest_id].is_mummy)
            line.append("x" if known_no else "")
        marks.append(line)
    return DeductionGrid(owner, rows, columns, tuple(tuple(line) for line in marks))

