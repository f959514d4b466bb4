"""On a script without rules, what an action would do says only what the grimoire knows: the
death an execution is, and the standard end conditions it would meet (never a winner)."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.present.foresight import dusk_question, foresee, quiet_words
from tests.official.conftest import LANTERN

SEATS = (("Ann", "lanternkeeper"), ("Ben", "tidecaller"), ("Cat", "hermit"), ("Dan", "whisperer"),
         ("Eve", "gloomwyrm"))


def at_day_one() -> Game:
    game = Game(TableSetup(seats=[SeatSetup(n, c) for n, c in SEATS], script=str(LANTERN)))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(None)
    return game


def words(game: Game, event: ev.Event) -> list[str]:
    events = list(game.events)
    out = foresee(game, event).words(quiet_words(game))
    assert game.events == events
    return out


def test_the_demon_executed_points_out_the_standard_end_and_decides_nothing(official) -> None:
    game = at_day_one()
    assert not game.rules.automated
    said = words(game, ev.Execute(4))
    assert said[0] == "5 Eve (Gloomwyrm) was executed and died."
    assert said[1].startswith("The Demon (Eve, the Gloomwyrm) is dead: by the standard rules good wins, unless")
    assert len(said) == 2 and game.state.winner is None
    assert words(game, ev.Execute(0)) == ["1 Ann (Lantern Keeper) was executed and died."]


def test_two_alive_is_pointed_out_and_the_night_kill_is_not_guessed(official) -> None:
    game = at_day_one()
    game.apply(ev.SetAlive(1, False))
    game.apply(ev.SetAlive(2, False))
    said = words(game, ev.Execute(0))
    assert said[-1].startswith("Only two players are alive: by the standard rules evil wins, unless")
    assert dusk_question(game) == (None, foresee(game, ev.StartNight()))
    assert not foresee(game, ev.StartNight()).happens  # no Mayor is known: the day just ends
    assert words(game, ev.Nominate(0, 1)) == [quiet_words(game)]
    assert quiet_words(game) == "Nobody dies; no standard end condition is met."
