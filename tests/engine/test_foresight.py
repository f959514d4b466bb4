"""What an action would do, told before it is recorded (grimoire.present.foresight): the
event folded on a copy of the game, the difference in the log's words, the game untouched."""

from __future__ import annotations

from typing import Any

import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.foresight import dusk_question, foresee, quiet_words
from tests.official.conftest import stand_in  # noqa: F401 (the stand-in official data, a fixture)
from tests.official.tb_table import EIGHT, night, tb_game

pytestmark = pytest.mark.usefixtures("stand_in")

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)


def with_(**by: str) -> tuple[tuple[str, str], ...]:
    return tuple((n, by.get(n, c)) for n, c in EIGHT)


def seen(game: Game, event: ev.Event) -> list[str]:
    """The words, and a check that foreseeing changed nothing and is what applying does."""
    events, state = list(game.events), game.state
    words = foresee(game, event).words(quiet_words(game))
    assert game.events == events and game.state is state
    return words


def to_imp(game: Game, **answers: Any) -> None:
    """Dusk, and every step up to the Imp's."""
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.key != "imp":
        game.answer(None if game.prompt.key is None else answers[game.prompt.key])


def test_executing_the_demon_says_who_dies_and_that_good_wins() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    words = seen(game, ev.Execute(BEN))
    assert words == ["2 Ben (Imp) was executed and died.", "Good wins: the Demon (Ben) is dead."]
    game.apply(ev.Execute(BEN))
    assert game.state.winner is not None and game.state.winner.value == "good"


def test_executing_the_demon_with_a_scarlet_woman_makes_her_the_demon() -> None:
    game = tb_game(with_(Dan="scarletwoman"))
    night(game)
    words = seen(game, ev.Execute(BEN))
    assert words[0] == "2 Ben (Imp) was executed and died."
    assert any(w.startswith("4 Dan (Scarlet Woman) became the Imp") for w in words), words
    assert not any("wins" in w for w in words)


def test_the_saint_executed_loses_for_good() -> None:
    game = tb_game(with_(Hal="saint"))
    night(game, poisoner=CAT)
    words = seen(game, ev.Execute(HAL))
    assert words[-1].startswith("Evil wins") and "Saint" in words[-1]


def test_nominating_the_virgin_executes_the_townsfolk_nominator() -> None:
    game = tb_game(with_(Hal="virgin"))
    night(game, poisoner=CAT)
    assert seen(game, ev.Nominate(EVE, HAL))[0] == "5 Eve (Monk) was executed and died."
    assert foresee(game, ev.Nominate(EVE, CAT)).lines == ()


def test_the_slayer_s_shot_on_the_demon_and_a_miss() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    assert seen(game, ev.Declare(FAY, "slayer", target=BEN)) == [
        "2 Ben (Imp) died: the Slayer's shot.", "Good wins: the Demon (Ben) is dead."]
    assert seen(game, ev.Declare(FAY, "slayer", target=DAN)) == [quiet_words(game)]


def test_the_mayor_s_three_at_the_day_s_end() -> None:
    seats = (("Ann", "chef"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "mayor"))
    game = tb_game(seats)
    night(game, poisoner=CAT)
    game.apply(ev.Execute(ANN))
    night(game, poisoner=CAT, imp=CAT)
    block, dusk = dusk_question(game)
    assert block is None and dusk.lines == (
        "Good wins: three players are alive, no one was executed, and the Mayor lives.",)
    assert game.state.winner is None


def test_the_player_on_the_block_is_asked_about_at_the_day_s_end() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    game.apply(ev.Nominate(ANN, DAN))
    game.apply(ev.Vote(DAN, (ANN, BEN, CAT, EVE, FAY)))
    block, dusk = dusk_question(game)
    assert block == DAN and not dusk.happens
    game.apply(ev.Execute(DAN))
    assert dusk_question(game)[0] is None  # executed today: nobody is asked about


def test_the_imp_s_kill_on_a_protected_player_and_on_another() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    to_imp(game, poisoner=CAT, monk=HAL)
    assert seen(game, ev.Answer("imp", HAL)) == ["8 Hal (Washerwoman) was protected by 5 Eve (Monk): they do not die."]
    assert seen(game, ev.Answer("imp", CAT)) == ["3 Cat (Empath) died: the Imp's kill."]


def test_the_star_pass_and_the_mayor_s_bounce_question() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    to_imp(game, poisoner=CAT, monk=HAL)
    assert seen(game, ev.Answer("imp", BEN)) == [
        "2 Ben (Imp) died: the Imp chose themself (the star-pass).", "4 Dan (Poisoner) became the Imp (the star-pass).",
        "Poisoned removed from 3 Cat: the Poisoner became another character: 3 Cat is no longer poisoned (the Poisoner)."]
    bounce = foresee(game, ev.Answer("imp", GUS))
    assert bounce.lines == () and "choose who dies" in bounce.then
    assert bounce.words()[-1].startswith("Then you are asked: The Demon attacked the Mayor")


def test_two_alive_evil_wins() -> None:
    seats = (("Ann", "chef"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "soldier"))
    game = tb_game(seats)
    night(game, poisoner=CAT)
    game.apply(ev.Execute(ANN))
    night(game, poisoner=CAT, imp=CAT)
    assert seen(game, ev.Execute(EVE)) == [
        "5 Eve (Soldier) was executed and died.", "Evil wins: only two players are alive and the Demon is one."]


def test_a_refused_action_says_why_and_a_swap_says_who_becomes_what() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    game.apply(ev.Execute(CAT))
    assert foresee(game, ev.Execute(DAN)).refused.endswith("one execution a day")
    assert seen(game, ev.SwapCharacter(ANN, "imp"))[0] == "1 Ann (Drunk) becomes the Imp."
    assert "Good wins" in seen(game, ev.SwapCharacter(BEN, "chef"))[-1]  # no Demon left
