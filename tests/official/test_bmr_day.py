"""Bad Moon Rising's day as the storyteller sees it: what an execution would do before it is
recorded (the Sailor survives, the Pacifist's choice is asked, the Zombuul registers as dead),
the day's reminders, and the public acts offered."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.game import IllegalAction
from grimoire.present.foresight import foresee
from tests.official.test_bmr_record import bmr_game

SAILOR = (("Ann", "sailor"), ("Ben", "zombuul"), ("Cat", "gossip"), ("Dan", "mastermind"), ("Eve", "fool"),
          ("Fay", "tinker"), ("Gus", "moonchild"), ("Hal", "minstrel"))


def _to_day(game, **answers):  # type: ignore[no-untyped-def]
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(answers.get(game.prompt.key) if game.prompt.key else None)


def test_the_foresight_of_an_execution_says_who_survives(stand_in) -> None:
    game = bmr_game(SAILOR)
    _to_day(game, sailor=2, sailor_drunk=2)
    words = " ".join(foresee(game, ev.Execute(0)).words())
    assert "was executed and survived (the sober Sailor)" in words, words
    zombuul = " ".join(foresee(game, ev.Execute(1)).words())
    assert "registers as dead, but lives" in zombuul, zombuul
    assert game.state.seats[0].alive  # foresight changes nothing


def test_the_zombuuls_first_execution_is_said_once_as_it_happens(stand_in) -> None:
    """It seems to die and lives: never "was executed and died" beside "but lives"."""
    from grimoire.present.narrate import day_lines

    game = bmr_game(SAILOR)
    _to_day(game, sailor=2, sailor_drunk=2)
    said = "2 Ben (Zombuul) was executed and seems to die: the Zombuul registers as dead, but lives."
    assert foresee(game, ev.Execute(1)).words() == [said]
    game.apply(ev.Execute(1))
    assert game.state.today is not None and game.state.today.execution is not None
    assert game.state.today.execution.died  # the town saw a death
    assert day_lines(game.rules, game.state, game.state.days[0]) == [said]


def test_a_statement_as_the_gossip_by_a_player_who_is_not_her_is_listed_by_day(stand_in) -> None:
    from grimoire.tui.support.text import day_text

    game = bmr_game((*SAILOR[:2], ("Cat", "professor"), *SAILOR[3:]))  # no Gossip in play
    _to_day(game, sailor=0)
    game.apply(ev.Declare(5, "gossip", None))  # the Tinker speaks as the Gossip
    game.apply(ev.Declare(5, "tinker", None))  # and dies at the storyteller's word
    assert "Declarations: Gossip, Tinker" in day_text(game), day_text(game)


def test_the_pacifists_choice_is_asked_before_the_execution(stand_in) -> None:
    rows = (*SAILOR[:4], ("Eve", "pacifist"), *SAILOR[5:])
    game = bmr_game(rows)
    _to_day(game, sailor=0)
    asked = foresee(game, ev.Execute(2))
    assert "Pacifist" in asked.then, asked
    question = game.rules.execution_question(game.state, 2)  # the day's screen asks it first
    assert question is not None and [answer for _, answer in question.options] == ["lives", "dies"]
    assert game.rules.execution_question(game.state, 1) is None  # the Zombuul is evil: not asked
    game.apply(ev.Execute(2, answer="lives"))
    assert game.state.seats[2].alive and game.state.today is not None
    assert game.state.today.execution is not None and not game.state.today.execution.died


def test_the_day_offers_the_tinker_and_the_moonchilds_choice(stand_in) -> None:
    game = bmr_game(SAILOR)
    _to_day(game, sailor=0)
    offered = {(d.character, d.seat) for d in game.rules.declarations(game.state)}
    assert ("tinker", 5) in offered and ("gossip", 2) in offered
    assert not any(c == "moonchild" for c, _ in offered)  # the Moonchild has not died
    game.apply(ev.Execute(6))  # the Moonchild executed: they choose now
    assert any(d.character == "moonchild" for d in game.rules.declarations(game.state))
    reminders = " ".join(game.rules.day_reminders(game.state))
    assert "The Moonchild died" in reminders, reminders


def test_the_zombuul_registering_dead_is_said_on_the_day_and_its_card(stand_in) -> None:
    game = bmr_game(SAILOR)
    _to_day(game, sailor=0)
    game.apply(ev.Execute(1))
    assert game.state.seats[1].alive and game.rules.registers_dead(game.state) == {1}
    assert any("Ben registers as dead" in n for n in game.rules.day_notes(game.state))
    assert game.rules.card_sections(game.state, 1)[0][0] == "Registers as dead"
    assert game.rules.card_sections(game.state, 0) == []
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer({"sailor": 0, "tinker": "no"}.get(game.prompt.key or ""))
    with pytest.raises(IllegalAction, match="Ben registers as dead: dead players cannot nominate"):
        game.apply(ev.Nominate(1, 2))


def test_the_players_see_the_zombuul_registering_dead_as_dead(stand_in, tmp_path) -> None:
    from grimoire.store.saves import save_game
    from grimoire.web.table import read_game

    game = bmr_game(SAILOR)
    _to_day(game, sailor=0)
    game.apply(ev.Execute(1))
    read = read_game(save_game(game, tmp_path / "game.toml"))
    assert read is not None
    view = read[0]
    ben = next(s for s in view.seats if s.name == "Ben")
    assert not ben.alive  # the town saw the Zombuul die: the page says nothing the town was not told
    from grimoire.rules.day import threshold

    _to_day(game, sailor=0, tinker="yes")  # the Tinker dies tonight: 6 of 8 seem alive
    read = read_game(save_game(game, tmp_path / "game.toml"))
    assert read is not None
    assert read[0].votes_needed == threshold(game.rules, game.state) == 3  # the town counts the Zombuul dead
