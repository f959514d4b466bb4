"""The deduction grid: what a player knows for certain is filled in, and its headers fit."""

from __future__ import annotations

import random

import attrs

from grimoire.games.mummy import rules
from grimoire.games.mummy.grid import column_labels, new_grid, with_known
from grimoire.games.mummy.guests import CATALOGUE

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed")
DEALT = ("phantom", "mummy", "sarcophagus", "archeologist", "dorian_gray")
MYSTERY = ("gargoyle", "sasquatch")


def game() -> rules.MasqueradeGame:
    setup = rules.MasqueradeSetup(NAMES, DEALT + MYSTERY, MYSTERY, DEALT)
    return rules.MasqueradeGame(setup, turn=0)


def test_revealed_guests_are_filled_in() -> None:
    g = rules.reveal(game(), 2)  # Cy shows the Sarcophagus
    g = attrs.evolve(g, mystery_revealed=frozenset({1}))  # the Sasquatch is face-up in the middle
    grid = with_known(new_grid(g, 0), g)
    cy, mystery2 = grid.rows.index(2), grid.rows.index(6)
    assert grid.at(cy, grid.columns.index("sarcophagus")) == "o"
    assert all(grid.at(cy, c) == "x" for c in range(len(grid.columns)) if grid.columns[c] != "sarcophagus")
    assert grid.at(mystery2, grid.columns.index("sasquatch")) == "o"
    # A grid opened before the reveal is brought up to date, keeping the owner's marks.
    early = new_grid(game(), 0).mark(0, grid.columns.index("mummy"), "?")
    later = with_known(early, g)
    assert later.at(cy, grid.columns.index("sarcophagus")) == "o"
    assert later.at(0, grid.columns.index("mummy")) == "?"


def test_the_owners_own_card_is_crossed_out() -> None:
    grid = new_grid(game(), 0)
    column = grid.columns.index("phantom")
    assert all(grid.at(r, column) == "x" for r in range(len(grid.rows)))


def test_dorian_gray_knows_where_he_left_his_card() -> None:
    g = game()
    grid = new_grid(g, 4)  # Ed, the Picture of Dorian Gray
    danced = rules.dance(g, 0, 4, accept=True)
    swapped = rules.dorian_swap(danced, 4, 0)  # he takes the Gargoyle
    grid = with_known(grid, swapped)
    first_mystery = grid.rows.index(5)
    assert grid.at(first_mystery, grid.columns.index("dorian_gray")) == "o"
    assert all(grid.at(r, grid.columns.index("gargoyle")) == "x" for r in range(len(grid.rows)))


NINE = ("mummy", "archeologist", "cat_burglar", "sarcophagus", "sasquatch", "gargoyle", "anubis",
        "magic_mirror", "dorian_gray")


def test_headers_fit_any_room() -> None:
    names = [CATALOGUE[g].name for g in NINE]
    shorts = [CATALOGUE[g].short for g in NINE]
    for room in (40, 53, 70, 90, 110, 200):
        labels, legend = column_labels(names, shorts, room)
        widths = [max(len(line) for line in label.split("\n")) + 2 for label in labels]
        assert sum(widths) <= room or all(len(label) == 3 for label in labels), (room, labels)
        assert len(set(labels)) == len(labels)
        if legend:
            assert "Picture of Dorian Gray" in legend
    assert column_labels(names, shorts, 200)[0][-1] == "Picture of Dorian Gray"
    assert column_labels(names, shorts, 110)[0][-1] == "Picture of\nDorian Gray"
    assert column_labels(names, shorts, 53)[0][-1] == "Dor"


def test_random_grids_keep_one_guest_per_place() -> None:
    rng = random.Random(3)
    g = game()
    grid = new_grid(g, 1)
    for _ in range(50):
        r, c = rng.randrange(len(grid.rows)), rng.randrange(len(grid.columns))
        grid = grid.mark(r, c, "o")
        assert sum(m == "o" for m in grid.marks[r]) == 1
