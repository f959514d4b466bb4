"""A seat row or box says a seat is drunk (or poisoned) once: the flag, not the flag and a
reminder that says only the same ("Drunk", the Sweetheart's; "Poisoned"), nor the flag under the
name of the Drunk of any script; a player something else makes drunk keeps the flag."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.tui.support.view import SeatView, seat_row_text, seat_text, seat_views
from tests.official.conftest import TB, stand_in  # noqa: F401 (the fixture)
from tests.official.test_snv_foresight import to_day


def drawn(v: SeatView) -> list[str]:
    """The seat as a row of two lines (140x45), of one (80x24), and as a box."""
    return [seat_row_text(v, 60, 2), seat_row_text(v, 40, 1), seat_text(v, 16)]


def test_the_sweethearts_drunk_is_said_once_as_the_flag(stand_in) -> None:  # noqa: F811 (the fixture)
    game = to_day("sweetheart", "nodashii", "witch", "oracle", "sage")
    game.apply(ev.Execute(0))
    game.apply(ev.Declare(0, "sweetheart", target=3))
    dan = seat_views(game.rules, game.state)[3]
    assert dan.drunk and "Drunk" not in dan.tokens
    for text in drawn(dan):
        assert "DRUNK" in text and "Drunk" not in text, text


def test_the_drunk_of_any_script_is_not_flagged_under_their_name_and_others_keep_the_flag(stand_in) -> None:  # noqa: F811
    names = "Ann Ben Cat Dan Eve Fay".split()
    characters = ("drunk", "imp", "poisoner", "empath", "chef", "washerwoman")
    game = Game(TableSetup(seats=tuple(SeatSetup(n, c) for n, c in zip(names, characters, strict=True)),
                           script=str(TB)))
    game.apply(ev.PlaceToken("Poisoned", "poisoner", 3))  # a reminder that poisons Dan, and says only that
    ann, dan = seat_views(game.rules, game.state)[0], seat_views(game.rules, game.state)[3]
    assert ann.drunk and dan.poisoned
    for text in drawn(ann):
        assert "Drunk" in text and "DRUNK" not in text and "DRK" not in text, text
    for text in drawn(dan):
        assert "POIS" in text and "Poisoned" not in text, text
