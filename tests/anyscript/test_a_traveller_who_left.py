"""A Traveller who left is out of the game's counts and is not called dead."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.present.sheet import game_sheet
from grimoire.tui.support.view import title_line
from tests.anyscript.test_duplicates import carnival_game


def test_the_title_and_the_sheet_know_who_left() -> None:
    game = carnival_game()
    game.apply(ev.StartNight())
    game.apply(ev.AddTraveller("Tia", "barker", "good", after=6))
    assert "8 of 8 alive" in title_line(game)
    game.apply(ev.RemoveTraveller(7))
    assert "7 of 7 alive" in title_line(game)
    line = next(x for x in game_sheet(game, 1, "night 1").splitlines() if " Tia (" in x)
    assert line.endswith("Tia (Barker): left the game") and "dead" not in line
