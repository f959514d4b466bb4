"""Trouble Brewing's rules are chosen for its script, and decide who dies and who wins
(docs/rules/trouble-brewing.md): the Poisoner, the Monk, the Soldier, the Imp and its
star-pass, the Scarlet Woman, and the end."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.core.script import load_script
from grimoire.rules.plugins import rules_for
from grimoire.rules.storyteller import STORYTELLER_RULES
from grimoire.rules.tb.plugin import PLUGIN as TB_RULES
from tests.official.conftest import BMR, TB
from tests.official.tb_table import EIGHT, night, night_prompts, tb_game, woken_at

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)


def dead(game) -> set[int]:  # type: ignore[no-untyped-def]
    return {s.index for s in game.state.seats if not s.alive}


def test_tb_script_brings_tb_rules_and_others_do_not(stand_in) -> None:
    assert rules_for(load_script(TB)) is TB_RULES
    assert rules_for(load_script(BMR)) not in (TB_RULES, STORYTELLER_RULES)  # Bad Moon Rising brings its own


def test_the_imp_kills_from_night_two(stand_in) -> None:
    game = tb_game()
    assert "imp" not in night(game, poisoner=CAT)
    assert dead(game) == set()
    night(game, poisoner=CAT, monk=HAL, imp=GUS, mayor=GUS)
    assert dead(game) == {GUS}


def test_the_poisoner_poisons_until_her_next_choice(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    assert game.rules.is_poisoned(game.state, CAT)
    night(game, poisoner=HAL, monk=CAT, imp=FAY)
    assert not game.rules.is_poisoned(game.state, CAT) and game.rules.is_poisoned(game.state, HAL)


def test_the_poisoning_ends_when_the_poisoner_dies(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    game.apply(ev.Execute(DAN))
    assert not game.rules.is_poisoned(game.state, CAT)


def test_the_monk_saves_and_a_poisoned_monk_does_not(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    night(game, poisoner=CAT, monk=HAL, imp=HAL)
    assert dead(game) == set()
    night(game, poisoner=EVE, monk=HAL, imp=HAL)
    assert dead(game) == {HAL}


def test_the_soldier_is_safe_while_healthy(stand_in) -> None:
    seats = [(n, "soldier" if c == "washerwoman" else c) for n, c in EIGHT]
    game = tb_game(seats)
    night(game, poisoner=CAT)
    night(game, poisoner=CAT, monk=FAY, imp=HAL)
    assert dead(game) == set()
    night(game, poisoner=HAL, monk=FAY, imp=HAL)
    assert dead(game) == {HAL}


def test_a_poisoned_imp_kills_no_one(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=BEN)
    night(game, poisoner=BEN, monk=HAL, imp=CAT)
    assert dead(game) == set()


def test_the_star_pass_goes_to_the_only_minion(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    night(game, poisoner=CAT, monk=HAL, imp=BEN)
    g = game.state
    assert dead(game) == {BEN} and g.seats[DAN].character == "imp" and g.winner is None
    assert not game.rules.is_poisoned(g, CAT)  # the Poisoner changed character: her poisoning ends


SW = (("Ann", "scarletwoman"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk"),
      ("Fay", "slayer"), ("Gus", "mayor"), ("Hal", "washerwoman"), ("Ivy", "chef"), ("Jon", "saint"),
      ("Kim", "virgin"))


def test_the_scarlet_woman_catches_the_star_pass(stand_in) -> None:
    game = tb_game(SW)
    night(game, poisoner=CAT)
    woken = woken_at(night_prompts(game, poisoner=CAT, monk=HAL, imp=BEN), "imp")
    assert game.state.seats[ANN].character == "imp" and game.state.winner is None
    assert [p.wake for p in woken] == [(ANN,)]  # she learns it at the Imp's step, as a Minion would


def test_the_star_pass_asks_which_minion_without_the_scarlet_woman(stand_in) -> None:
    seats = [(n, "spy" if c == "scarletwoman" else c) for n, c in SW]
    game = tb_game(seats)
    night(game, poisoner=CAT)
    asked = night(game, poisoner=CAT, monk=HAL, imp=BEN, starpass=ANN)
    assert "starpass" in asked and game.state.seats[ANN].character == "imp"


def test_executing_the_imp_good_wins_unless_the_scarlet_woman(stand_in) -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    game.apply(ev.Execute(BEN))
    assert game.state.winner is not None and game.state.winner.value == "good"
    game = tb_game(SW)
    night(game, poisoner=CAT)
    game.apply(ev.Execute(BEN))
    assert game.state.winner is None and game.state.seats[ANN].character == "imp"


def test_two_alive_evil_wins(stand_in) -> None:
    seats = (("Ann", "chef"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk"))
    game = tb_game(seats)
    night(game, poisoner=CAT)
    game.apply(ev.Execute(ANN))
    night(game, poisoner=CAT, monk=CAT, imp=EVE)
    assert dead(game) == {ANN, EVE}
    game.apply(ev.Execute(CAT))
    assert game.state.winner is not None and game.state.winner.value == "evil"


def test_the_star_pass_wakes_the_new_imp_and_the_record_says_what_happened(stand_in) -> None:
    from grimoire.present.narrate import night_lines

    game = tb_game()
    night(game, poisoner=CAT)
    woken = woken_at(night_prompts(game, poisoner=CAT, monk=HAL, imp=BEN), "imp")
    # Dan, the Poisoner who is now the Imp, is woken at the Imp's step and told.
    assert [(p.wake, p.question) for p in woken] == [
        ((DAN,), "Wake Dan (the Poisoner, now the Imp): show them the 'You are' card, then the Imp token.")]
    lines = night_lines(game.rules, game.state, game.state.nights[-1])
    assert "2 Ben (Imp) died: the Imp chose themself (the star-pass)." in lines
    assert "4 Dan (Poisoner) became the Imp (the star-pass)." in lines
    # Her poisoning ends because she is the Poisoner no more: she did not die.
    assert ("Poisoned removed from 3 Cat: the Poisoner became another character: 3 Cat is no longer "
            "poisoned (the Poisoner).") in lines


def test_two_left_alive_after_a_star_pass_evil_wins_and_nobody_is_woken(stand_in) -> None:
    game = tb_game((("Ann", "imp"), ("Ben", "poisoner"), ("Cat", "empath"), ("Dan", "chef"), ("Eve", "monk")))
    night(game, poisoner=CAT)
    game.apply(ev.Execute(DAN))
    night(game, poisoner=CAT, monk=CAT, imp=EVE)
    assert sum(s.alive for s in game.state.seats) == 3
    woken = woken_at(night_prompts(game, poisoner=BEN, monk=BEN, imp=ANN), "imp")
    assert game.state.winner is not None and game.state.winner.value == "evil"
    assert woken == [], "nobody to wake once evil has won"
