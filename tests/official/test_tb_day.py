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
    game.apply(ev.Declare(FAY, "slayer", target=BEN))  # a spent Slayer may shoot again: nothing happens
    assert game.state.seats[BEN].alive and winner(game) == "none"


def test_anyone_may_shoot_as_the_slayer_and_nothing_happens(stand_in) -> None:
    from grimoire.present.happening_lines import happening_line
    game = tb_game()
    night(game, poisoner=CAT)
    assert {d.seat for d in game.rules.declarations(game.state)} == set(range(len(game.state.seats)))
    game.apply(ev.Declare(FAY, "slayer", target=DAN))  # the Slayer misses: spent
    game.apply(ev.Declare(ANN, "slayer", target=BEN))  # a bluff, after the Slayer's shot
    game.apply(ev.SetAlive(CAT, False))
    game.apply(ev.Declare(CAT, "slayer", target=BEN))  # a dead player's claim
    game.apply(ev.Declare(FAY, "slayer", target=BEN))  # the spent Slayer again
    assert game.state.seats[BEN].alive and winner(game) == "none"
    lines = [happening_line(game.rules, game.state, h) for h in game.state.today.happenings]
    shots = [x for x in lines if x and "as the Slayer: nothing happens" in x]
    assert len(shots) == 3 and "spent" in shots[2] and shots[1].startswith("3 Cat (Empath) shot"), lines
    assert shots[0].startswith("1 Ann (") and "shot 2 Ben as the Slayer: nothing happens" in shots[0]


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


def test_after_the_mayors_win_no_step_of_the_next_night_shows(stand_in) -> None:
    seats = (("Ann", "chef"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "mayor"))
    game = tb_game(seats)
    night(game, poisoner=CAT)
    game.apply(ev.Execute(ANN))
    night(game, poisoner=CAT, imp=CAT)
    game.apply(ev.StartNight())  # day 2 ends with no execution and three alive: good wins at dusk
    assert winner(game) == "good"
    assert game.prompt is None  # not even the dusk of a night that does not happen


def test_the_mayor_bounce_kills_another(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    night(game, poisoner=CAT, monk=HAL, imp=GUS, mayor=EVE)
    assert game.state.seats[GUS].alive and not game.state.seats[EVE].alive


def test_the_log_tells_the_bounce_and_the_soldier(stand_in) -> None:
    from grimoire.present.happening_lines import happening_lines

    game = tb_game()
    night(game, poisoner=CAT)
    night(game, poisoner=CAT, monk=HAL, imp=GUS, mayor=EVE)
    lines = happening_lines(game.rules, game.state, game.state.nights[-1].happenings)
    assert any("is the Mayor: the storyteller chose 5 Eve to die instead" in line for line in lines), lines


def test_the_slayer_shooting_the_recluse_asks_whether_she_registers_as_the_demon(stand_in) -> None:
    game = tb_game(with_(Cat="recluse"))
    night(game, poisoner=EVE)
    shot = ev.Declare(FAY, "slayer", target=CAT)
    ask = game.rules.registration(game.state, shot)
    assert ask is not None and ask.seat == CAT and ask.registers_as == "demon" and "the Recluse" in ask.question
    assert game.rules.registration(game.state, ev.Declare(FAY, "slayer", target=DAN)) is None  # no choice there
    game.apply(ev.Declare(FAY, "slayer", target=CAT, registers=True))
    assert not game.state.seats[CAT].alive and winner(game) == "none"  # she dies; the Imp lives on


def test_a_recluse_shot_as_herself_lives_and_a_choice_nobody_asked_is_refused(stand_in) -> None:
    game = tb_game(with_(Cat="recluse"))
    night(game, poisoner=EVE)
    with pytest.raises(IllegalAction, match="no registration"):
        game.apply(ev.Declare(FAY, "slayer", target=DAN, registers=True))
    game.apply(ev.Declare(FAY, "slayer", target=CAT, registers=False))
    assert game.state.seats[CAT].alive


def test_a_poisoned_recluse_is_not_asked_about(stand_in) -> None:
    game = tb_game(with_(Cat="recluse"))
    night(game, poisoner=CAT)
    assert game.rules.registration(game.state, ev.Declare(FAY, "slayer", target=CAT)) is None


def test_the_spy_nominating_the_virgin_may_register_as_a_townsfolk(stand_in) -> None:
    game = tb_game(with_(Dan="spy", Eve="virgin"))
    night(game)
    nomination = ev.Nominate(DAN, EVE)
    ask = game.rules.registration(game.state, nomination)
    assert ask is not None and ask.seat == DAN and ask.registers_as == "townsfolk"
    game.apply(ev.Nominate(DAN, EVE, registers=True))
    ex = game.state.today.execution
    assert ex is not None and ex.seat == DAN and not game.state.seats[DAN].alive


def test_the_registration_choice_is_kept_in_the_save(stand_in, tmp_path) -> None:
    from grimoire.store.saves import load_game, save_game

    game = tb_game(with_(Dan="spy", Eve="virgin"))
    night(game)
    game.apply(ev.Nominate(DAN, EVE, registers=True))
    again = load_game(save_game(game, tmp_path / "tb.toml"))
    assert again.events[-1] == ev.Nominate(DAN, EVE, registers=True) and not again.state.seats[DAN].alive


def test_a_scenario_must_answer_the_registration_it_asks_and_no_other(stand_in, tmp_path) -> None:
    from grimoire.scenario.run import run_file
    from grimoire.scenario.write import game_to_scenario

    game = tb_game(with_(Cat="recluse"))
    night(game, poisoner=EVE)
    game.apply(ev.Declare(FAY, "slayer", target=CAT, registers=True))
    text = game_to_scenario(game, "the Recluse shot")
    assert 'recluse = "demon"' in text
    path = tmp_path / "shot.toml"
    path.write_text(text, encoding="utf-8")
    assert run_file(path).passed, run_file(path).failures
    path.write_text(text.replace('recluse = "demon"\n', ""), encoding="utf-8")
    assert any("does not answer recluse" in f for f in run_file(path).failures)
    path.write_text(text.replace('recluse = "demon"', 'recluse = "demon"\nspy = "spy"'), encoding="utf-8")
    assert any("spy: given but never asked" in f for f in run_file(path).failures)


def test_the_butlers_master_is_the_days_reminder(stand_in) -> None:
    game = tb_game(with_(Hal="butler"))
    assert game.rules.day_reminders(game.state) == []  # no master chosen yet
    night(game, poisoner=CAT, butler=ANN)
    assert game.rules.day_reminders(game.state) == ["Hal (Butler) votes only if their master, Ann, votes too."]
    game.apply(ev.Execute(HAL))
    assert game.rules.day_reminders(game.state) == []  # a dead Butler votes as anyone


def test_a_poisoned_butler_votes_freely(stand_in) -> None:
    game = tb_game(with_(Hal="butler"))
    night(game, poisoner=HAL, butler=ANN)
    assert game.rules.day_reminders(game.state) == [
        "Hal (Butler) is drunk or poisoned: their vote counts whether or not their master, Ann, votes."]
