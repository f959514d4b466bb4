"""Trouble Brewing's day and its wins: the Slayer, the Virgin, the Saint, the Mayor."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.game import IllegalAction
from tests.official.tb_table import EIGHT, night, tb_game

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)


def with_(**by):  # type: ignore[no-untyped-def]
    return tuple((n, by.get(n, c)) for n, c in EIGHT)


def winner(game) -> str:  # type: ignore[no-untyped-def]
    return game.state.winner.value if game.state.winner else "none"


def test_the_slayer_kills_the_demon_once(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    game.apply(ev.Declare(FAY, "slayer", target=BEN))
    assert not game.state.seats[BEN].alive and winner(game) == "good"


def test_the_slayer_misses_and_is_spent(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    game.apply(ev.Declare(FAY, "slayer", target=DAN))
    assert game.state.seats[DAN].alive and "No Ability" in [t.name for t in game.state.tokens_on(FAY)]
    with pytest.raises(IllegalAction, match="once per game"):
        game.apply(ev.Declare(FAY, "slayer", target=BEN))


def test_a_poisoned_slayer_kills_no_one(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=FAY)
    game.apply(ev.Declare(FAY, "slayer", target=BEN))
    assert game.state.seats[BEN].alive and winner(game) == "none"


def test_the_virgin_executes_a_townsfolk_nominator(stand_in) -> None:
    game = tb_game(with_(Hal="virgin"))
    night(game, poisoner=CAT)
    game.apply(ev.Nominate(EVE, HAL))
    g = game.state
    assert not g.seats[EVE].alive and g.today.execution.seat == EVE
    with pytest.raises(IllegalAction):
        game.apply(ev.Nominate(GUS, CAT))  # the day's execution has happened


def test_the_virgin_spares_an_outsider_and_only_triggers_once(stand_in) -> None:
    game = tb_game(with_(Hal="virgin"))
    night(game, poisoner=CAT)
    game.apply(ev.Nominate(ANN, HAL))  # Ann is the Drunk: an Outsider
    assert game.state.seats[ANN].alive and game.state.today.execution is None


def test_executing_the_saint_evil_wins_unless_poisoned(stand_in) -> None:
    game = tb_game(with_(Hal="saint"))
    night(game, poisoner=CAT)
    game.apply(ev.Execute(HAL))
    assert winner(game) == "evil"
    game = tb_game(with_(Hal="saint"))
    night(game, poisoner=HAL)
    game.apply(ev.Execute(HAL))
    assert winner(game) == "none"


def test_the_mayor_wins_with_three_alive_and_no_execution(stand_in) -> None:
    seats = (("Ann", "chef"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "mayor"))
    game = tb_game(seats)
    night(game, poisoner=CAT)
    game.apply(ev.Execute(ANN))
    night(game, poisoner=CAT, imp=CAT)
    assert winner(game) == "none"
    night(game)  # day 2: no execution, three alive: at dusk good wins
    assert winner(game) == "good"


def test_the_mayor_bounce_kills_another(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    night(game, poisoner=CAT, monk=HAL, imp=GUS, mayor=EVE)
    assert game.state.seats[GUS].alive and not game.state.seats[EVE].alive


def test_the_log_tells_the_bounce_and_the_soldier(stand_in) -> None:
    from grimoire.store.happening_lines import happening_lines

    game = tb_game()
    night(game, poisoner=CAT)
    night(game, poisoner=CAT, monk=HAL, imp=GUS, mayor=EVE)
    lines = happening_lines(game.state, game.state.nights[-1].happenings)
    assert any("is the Mayor: the storyteller chose 5 Eve to die instead" in line for line in lines), lines
