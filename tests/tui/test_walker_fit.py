"""The walker's rows kept to one line (grimoire.tui.support.fit): names shortened only when the row
would not fit, only as much as it must, never below MIN_NAME cells; wide characters counted
as the terminal draws them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from grimoire.tui.support.choice_keys import Item
from grimoire.tui.support.fit import MIN_NAME, cells, cut, fitted
from grimoire.tui.support.text import item_line
from grimoire.tui.support.view import seat_label


def wake(names: list[str]) -> str:
    return "Wake: " + ", ".join(f"{n.upper()} (Usher)" for n in names)


def test_names_that_fit_are_left_as_they_are() -> None:
    assert fitted(["Ann", "Ben"], wake, 40) == ["Ann", "Ben"]
    assert fitted(["Bartholomew of the Long Table"], wake, 0) == ["Bartholomew of the Long Table"]


def test_a_long_name_is_cut_only_as_much_as_the_row_needs() -> None:
    [name] = fitted(["Bartholomew of the Long Table"], wake, 30)
    assert name.endswith("…") and cells(wake([name])) <= 30
    assert name == "Bartholomew of…"  # one more character would not fit (a space is not kept before "…")
    assert cells(wake([cut("Bartholomew of the Long Table", cells(name) + 2)])) > 30


def test_a_name_is_never_cut_below_the_minimum_then_the_row_wraps() -> None:
    [name] = fitted(["Bartholomew of the Long Table"], wake, 12)
    assert name == cut("Bartholomew of the Long Table", MIN_NAME) and cells(name) <= MIN_NAME


def test_wide_characters_count_two_cells() -> None:
    [name] = fitted(["李小龍李小龍李小龍"], wake, 24)
    assert cells(wake([name])) <= 24 and name.endswith("…")


def test_a_seats_row_keeps_its_number_and_its_character() -> None:
    item = Item(seat_label(11, "Bartholomew of the Long Table", "Inspector Mifroid"), 11, seat=11,
                names=("Bartholomew of the Long Table", "Inspector Mifroid"))
    assert item_line(item, 2, room=80) == " [b]12[/b] Bartholomew of the Long Table (Inspector Mifroid)"
    row = item_line(item, 2, room=35)
    assert row.startswith(" [b]12[/b] Barth") and row.endswith("… (Inspector Mifroid)"), row


@given(st.lists(st.text(min_size=1, max_size=40).filter(str.strip), min_size=1, max_size=3), st.integers(10, 120))
def test_the_row_fits_whenever_the_minimum_lets_it(names: list[str], room: int) -> None:
    got = fitted(names, wake, room)
    if cells(wake(names)) <= room:
        assert got == names
        return
    assert all(cells(n) <= max(cells(o), MIN_NAME) for n, o in zip(got, names))
    if cells(wake([cut(n, MIN_NAME) for n in names])) <= room:
        assert cells(wake(got)) <= room


def test_the_wake_line_names_players_as_typed_and_whole() -> None:
    """A long name is not cut in the wake line (it wraps): "Wake: [BOLD… (Cloak Bearer)" was a
    name upper-cased and cut while the line wrapped anyway."""
    import attrs
    from rich.text import Text

    from grimoire.game import Game
    from grimoire.simulate import random_table
    from grimoire.tui.support.text import wake_line

    g = Game(random_table(8, seed=3, script="phantom")).state
    name = "[bold]Bartholomew of the Long Table"
    g = attrs.evolve(g, seats=(attrs.evolve(g.seats[0], name=name), *g.seats[1:]))
    line = Text.from_markup(wake_line(g, [0, 1])).plain
    assert line.startswith(f"Wake: {name} (") and f", {g.seats[1].name} (" in line
