"""Sects & Violets' house rules: the readings its page marks as chosen, each with a switch to
the other in a file's [rules] table (docs/rules/sects-and-violets.md)."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.rules.contract import SetupDataError
from grimoire.rules.snv.deaths import in_play
from grimoire.rules.snv.impair import state
from grimoire.rules.snv.plugin import PLUGIN
from grimoire.rules.snv.state import HouseRules, SnvSetup
from grimoire.scenario.format import ScenarioError, parse_scenario
from tests.official.conftest import SNV

CHARACTERS = ["philosopher", "dreamer", "clockmaker", "mutant", "pithag", "fanggu", "savant"]  # 7: 5/1/1/1 with +1


def game(**house: bool) -> Game:
    names = "Ann Ben Cat Dan Eve Fay Gus".split()
    seats = tuple(SeatSetup(names[i], c) for i, c in enumerate(CHARACTERS))
    return Game(TableSetup(seats=seats, script=str(SNV), script_setup=SnvSetup(house=HouseRules(**house))))


def test_the_house_rules_are_read_and_written(stand_in) -> None:
    with pytest.raises(ScenarioError, match="dead_in_play: must be true or false"):
        parse_scenario({"script": str(SNV), "setup": {"seats": [{"name": f"P{i}", "character": c}
                                                                 for i, c in enumerate(CHARACTERS)]},
                        "rules": {"dead_in_play": "no"}})
    with pytest.raises(SetupDataError):
        PLUGIN.read_setup({}, {"philosopher_not_in_play": 1}, lambda v, w: 0, "[setup]", "[rules]")
    own = PLUGIN.read_setup({}, {"dead_in_play": False, "lunatic_counts_as_woken": False}, lambda v, w: 0,
                            "[setup]", "[rules]")  # another script's key is not read
    assert own == SnvSetup(house=HouseRules(dead_in_play=False))
    assert PLUGIN.write_setup(own, str) == ({}, {"dead_in_play": False})
    assert PLUGIN.house_rules_changed(own) == {"dead_in_play": False}
    assert PLUGIN.house_rules_changed(None) == {}


def test_a_dead_players_character_is_in_play_unless_the_house_counts_only_the_living(stand_in) -> None:
    for house, expected in (({}, True), ({"dead_in_play": False}, False)):
        g = game(**house)
        g.apply(ev.SetAlive(1, False))  # the Dreamer dies
        assert in_play(g.state, "dreamer") is expected
        assert in_play(g.state, "clockmaker")


def test_the_philosophers_ability_puts_its_character_in_play_only_by_the_house_rule(stand_in) -> None:
    for house, expected in (({}, False), ({"philosopher_not_in_play": False}, True)):
        g = game(**house)
        state(g.state).philosopher[0] = "oracle"  # the Philosopher chose the Oracle
        assert in_play(g.state, "oracle") is expected
