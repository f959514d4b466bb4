"""The seating plan at every terminal size from 80x24 up: no seat hides another, every seat
lies inside the table's area, and each seat's words start with its number and name."""

from __future__ import annotations

import functools
import itertools

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.content import Content

from grimoire.core.script import Team
from grimoire.tui.support.seating import BOX_W_MIN, Seating, seating
from grimoire.tui.support.view import SeatView, seat_row_text, seat_text

SEATS = range(5, 21)
NAMED_SIZES = [(80, 24), (100, 30), (140, 45), (200, 60)]
# Widths 80..220 and heights 24..70 in steps, and every named size.
SAMPLED_SIZES = sorted({*itertools.product(range(80, 221, 14), range(24, 71, 6)), *NAMED_SIZES, (220, 70)})
NAMES = ["Ann", "Bartholomew-Maximilian", "[b]Zoë[/b]", "Li", "Kristoffer"]


def seats_area(width: int, height: int) -> tuple[int, int]:
    """The seats' area on a width x height terminal, as grimoire.tcss lays the grimoire out:
    the walker's column is 36% of the width within 38..80 columns; the title and the keys
    take a line each. (test_sizes.py checks this against the running app.)"""
    return width - min(80, max(38, int(width * 0.36))), height - 2


def crowded_view(seat: int) -> SeatView:
    """A seat with everything to show: a long name, a long character, every mark, tokens."""
    return SeatView(
        index=seat,
        name=NAMES[seat % len(NAMES)],
        character="Phantom’s Favourite",
        team=Team.OUTSIDER,
        alive=seat % 2 == 0,
        ghost_vote=seat % 4 == 1,
        tokens=("Protected", "Received", "Claque"),
        held="LASSO",
        drunk=True,
        poisoned=seat % 3 == 0,
        why="",
        evil=True,
        traveller=False,
    )


def drawn_lines(plan: Seating, view: SeatView) -> list[str]:
    """The plain words of one seat, line by line, as the seat circle draws them."""
    return list(_drawn_lines(plan.kind, plan.seats[view.index].width, plan.lines, view))


# The sampled sizes draw the same seat at the same width again and again: drawn once.
@functools.cache
def _drawn_lines(kind: str, place_width: int, lines_a_seat: int, view: SeatView) -> tuple[str, ...]:
    if kind == "circle":
        markup = seat_text(view, place_width - 2)  # inside the border
        width = place_width - 2
    else:
        markup = seat_row_text(view, place_width - 1, lines_a_seat)  # after the team's edge
        width = place_width - 1
    lines = tuple(Content.from_markup(line).plain for line in markup.split("\n"))
    assert all(len(line) <= width for line in lines), (kind, width, lines)
    return lines


def check(n: int, width: int, height: int) -> Seating:
    area_w, area_h = seats_area(width, height)
    plan = seating(n, area_w, area_h)
    assert len(plan.seats) == n
    for i, place in enumerate(plan.seats):
        assert place.inside(area_w, area_h), (n, width, height, i, place)
        for j in range(i + 1, n):
            assert not place.overlaps(plan.seats[j]), (n, width, height, i, j, place, plan.seats[j])
    if plan.kind == "circle":
        assert all(place.width >= BOX_W_MIN for place in plan.seats)
    else:
        assert plan.lines >= 1
    for seat in range(n):
        view = crowded_view(seat)
        drawn = drawn_lines(plan, view)
        first = drawn[0]
        assert first.split()[0] == str(seat + 1), first
        name = view.name
        # The whole name, or as much as fits ending in "…", at least three letters of it.
        assert f" {name}" in first or any(f" {name[:k]}…" in first for k in range(3, len(name))), (plan.kind, first)
        words = "\n".join(drawn)
        assert ("☠" in words) == (not view.alive), words
        assert "Phantom’" in words, words  # the character, at least its first word
        assert "◆LASSO" in words and ("DRUNK" in words or "DRK" in words), words
    return plan


@pytest.mark.parametrize(("width", "height"), SAMPLED_SIZES)
def test_no_seat_overlaps_another_at_sampled_sizes(width: int, height: int) -> None:
    for n in SEATS:
        check(n, width, height)


@given(st.integers(80, 220), st.integers(24, 70), st.sampled_from(SEATS))
def test_no_seat_overlaps_another_at_any_size(width: int, height: int, n: int) -> None:
    check(n, width, height)


def test_a_small_laptop_gets_rows_and_a_big_screen_the_circle() -> None:
    assert check(12, 80, 24).kind == "rows"
    assert check(20, 80, 24).kind == "rows"
    assert check(5, 80, 24).kind == "circle"
    for n in SEATS:
        assert check(n, 200, 60).kind == "circle"
    # Rows read as one list in seat order, each seat with its marks on a line of its own when
    # there is room for two lines a seat.
    plan = check(8, 80, 24)
    assert plan.kind == "rows" and plan.lines == 2
    assert [p.y for p in plan.seats] == [2 * i for i in range(8)]
    assert len({p.x for p in plan.seats}) == 1


def test_rows_show_the_marks_and_the_tokens_as_room_allows() -> None:
    view = attrs.evolve(crowded_view(3), ghost_vote=True)
    one = Content.from_markup(seat_row_text(view, 80, 1)).plain
    assert one.startswith(" 4 Li") and "☠●" in one
    assert "Phantom’s Favourite (evil)" in one and "Protected" in one
    assert one.rstrip().endswith("◆LASSO DRUNK POISON")
    narrow = Content.from_markup(seat_row_text(view, 41, 1)).plain
    assert len(narrow) == 41 and narrow.rstrip().endswith("◆LASSO DRK POIS")
    two = [Content.from_markup(line).plain for line in seat_row_text(view, 41, 2).split("\n")]
    assert two[0].startswith(" 4 Li") and "Phantom’s Favourite" in two[0]
    assert two[1].strip().startswith("◆LASSO DRUNK POISON Protected")
