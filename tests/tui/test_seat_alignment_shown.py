"""A seat shows its alignment where it is not its character's own, either way: an evil
Townsfolk or Outsider, and a good Minion or Demon (the Pit-Hag's good Witch, the Barber's good
Vortox), in the circle's boxes and in the rows of a small terminal."""

from __future__ import annotations

from textual.content import Content

from grimoire.core.script import Team
from grimoire.tui.support.view import SeatView, seat_row_text, seat_text


def view(character: str, team: Team, evil: bool) -> SeatView:
    return SeatView(index=3, name="Dan", character=character, team=team, alive=True, ghost_vote=True,
                    tokens=(), held=None, drunk=False, poisoned=False, why="", evil=evil, traveller=False)


def shown(v: SeatView) -> tuple[str, str]:
    return Content.from_markup(seat_row_text(v, 41, 2)).plain, Content.from_markup(seat_text(v, 20)).plain


def test_a_good_demon_says_good() -> None:
    for text in shown(view("Vortox", Team.DEMON, evil=False)):
        assert "Vortox (good)" in text, text


def test_a_good_minion_says_good_and_an_evil_outsider_evil() -> None:
    assert all("Witch (good)" in t for t in shown(view("Witch", Team.MINION, evil=False)))
    assert all("Klutz (evil)" in t for t in shown(view("Klutz", Team.OUTSIDER, evil=True)))


def test_a_character_of_its_own_alignment_says_nothing_more() -> None:
    for character, team, evil in (("Vortox", Team.DEMON, True), ("Klutz", Team.OUTSIDER, False)):
        for text in shown(view(character, team, evil)):
            assert "(good)" not in text and "(evil)" not in text, text
