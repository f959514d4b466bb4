"""Words on the storyteller's screen as they should read: an article before a vowel, a person of
the opera named without "the", and no vote asked for after the day's execution."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.core.freetext import a_or_an
from grimoire.core.script import load_script
from grimoire.rules.phantom.names import the_character
from grimoire.tui.support.text import day_text
from tests.official.tb_table import EIGHT, night, tb_game

EVE, HAL = 4, 7


def test_an_article_before_a_vowel() -> None:
    assert a_or_an("Outsider") == "an Outsider" and a_or_an("Townsfolk") == "a Townsfolk"
    assert a_or_an("Minion") == "a Minion" and a_or_an("Evil Townsfolk") == "an Evil Townsfolk"


def test_a_person_of_the_opera_is_named_without_the() -> None:
    script = load_script("phantom")
    assert the_character(script, "raoul_de_chagny") == "Raoul de Chagny"
    assert the_character(script, "usher") == "the Usher" and the_character(script, None) == "nobody"


def test_after_the_virgins_execution_no_vote_is_asked(stand_in: object) -> None:
    game = tb_game(tuple((n, "virgin" if n == "Hal" else c) for n, c in EIGHT))
    night(game, poisoner=2)
    game.apply(ev.Nominate(EVE, HAL))  # the Virgin's Townsfolk nominator is executed at once
    text = day_text(game)
    assert "vote not counted (v)" not in text and "no vote: today's execution has happened" in text
