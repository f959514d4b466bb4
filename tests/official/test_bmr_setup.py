"""Bad Moon Rising's setup: which scripts its rules play, the grandchild and the Lunatic's Demon
a table needs, the Godfather's one more or one fewer Outsider, the house rules, and the setup's
pitfalls, each borne out by the rules on a concrete table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grimoire.core import events as ev
from grimoire.core.script import load_script
from grimoire.game import Game, IllegalAction, SeatSetup, SetupToken, TableSetup
from grimoire.rules.bmr.plugin import PLUGIN
from grimoire.rules.bmr.state import BmrSetup, HouseRules
from grimoire.rules.plugins import rules_for
from grimoire.scenario.format import ScenarioError, parse_scenario
from grimoire.scenario.run import run_scenario
from tests.official.conftest import BMR, TB


def table(*characters: str, grandchild: int | None = None, **own: object) -> TableSetup:
    names = "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon".split()
    seats = tuple(SeatSetup(names[i], c) for i, c in enumerate(characters))
    tokens = () if grandchild is None else (SetupToken("Grandchild", "grandmother", grandchild),)
    return TableSetup(seats=seats, script=str(BMR), tokens=tokens, script_setup=BmrSetup(**own))  # type: ignore[arg-type]


def test_the_rules_play_bad_moon_rising_and_no_other(stand_in, tmp_path: Path) -> None:
    assert rules_for(load_script(str(BMR))) is PLUGIN
    assert rules_for(load_script(str(TB))) is not PLUGIN
    ids = json.loads(BMR.read_text(encoding="utf-8"))
    fewer = tmp_path / "fewer.json"
    fewer.write_text(json.dumps([i for i in ids if i != "po"]), encoding="utf-8")
    assert rules_for(load_script(str(fewer))) is not PLUGIN  # BMR less one character: the storyteller's


def test_a_table_needs_a_good_grandchild_and_the_lunatics_demon(stand_in) -> None:
    script = load_script(str(BMR))
    missing = list(table("grandmother", "zombuul", "lunatic", "mastermind", "gossip").problems())
    assert any("the Demon they think" in p for p in missing)
    evil = list(table("grandmother", "zombuul", "gossip", "mastermind", "fool", grandchild=1).problems())
    assert any("good player other than the Grandmother" in p for p in evil)
    own = list(table("grandmother", "zombuul", "gossip", "mastermind", "fool", grandchild=0).problems())
    assert any("good player other than the Grandmother" in p for p in own)
    fine = table("grandmother", "zombuul", "lunatic", "mastermind", "gossip", grandchild=2, lunatic="po")
    assert not [p for p in fine.problems() if "grandchild" in p or "Lunatic" in p], fine.problems()
    assert PLUGIN.setup_problems(fine, script) == []


def _scenario(characters: list[str], **extra: object) -> dict[str, object]:
    names = "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon".split()
    return {"script": str(BMR), "setup": {"seats": [{"name": names[i], "character": c}
                                                    for i, c in enumerate(characters)], **extra}}


def test_the_godfather_takes_one_more_or_one_fewer_outsider_never_the_base(stand_in) -> None:
    base = ["godfather", "zombuul", "gossip", "fool", "pacifist", "minstrel", "courtier", "goon"]  # 8: 5/1/1/1
    more = ["godfather", "zombuul", "gossip", "fool", "pacifist", "minstrel", "tinker", "goon"]  # 4/2
    fewer = ["godfather", "zombuul", "gossip", "fool", "pacifist", "minstrel", "courtier", "sailor"]  # 6/0
    for seats, legal in ((more, True), (fewer, True), (base, False)):
        outcome = run_scenario(parse_scenario(_scenario(seats)))
        assert (not any(f.startswith("setup") for f in outcome.failures)) is legal, (seats, outcome.failures)


def test_the_lunatics_demon_and_the_house_rules_are_read_and_written(stand_in) -> None:
    with pytest.raises(ScenarioError, match="lunatic: expected one of zombuul, pukka, shabaloth, po"):
        parse_scenario(_scenario(["lunatic", "zombuul", "gossip", "fool", "pacifist", "mastermind"], lunatic="imp"))
    with pytest.raises(ScenarioError, match="assassin_spares_zombuul: must be true or false"):
        parse_scenario({**_scenario(["gossip", "zombuul", "fool", "pacifist", "mastermind"]),
                        "rules": {"assassin_spares_zombuul": "no"}})
    own = PLUGIN.read_setup({"lunatic": "po"}, {"assassin_spares_zombuul": False}, lambda v, w: 0, "[setup]", "[rules]")
    assert own == BmrSetup(lunatic="po", house=HouseRules(assassin_spares_zombuul=False))
    assert PLUGIN.write_setup(own, str) == ({"lunatic": "po"}, {"assassin_spares_zombuul": False})
    assert PLUGIN.house_rules_changed(own) == {"assassin_spares_zombuul": False}


def test_no_outsider_the_godfather_learns_none(stand_in) -> None:
    setup = table("godfather", "pukka", "gossip", "fool", "pacifist", "minstrel", "courtier")  # 7: 6/0 with -1
    assert any("Godfather learns that none is" in p for p in PLUGIN.setup_pitfalls(setup, load_script(str(BMR))))
    game = Game(setup)
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer({"pukka": 2, "courtier": "none"}.get(game.prompt.key or ""))
    assert [r.truth for r in game.state.nights[0].info if r.character == "godfather"] == [()]


def test_below_seven_players_the_lunatic_learns_nothing_on_the_first_night(stand_in) -> None:
    setup = table("lunatic", "zombuul", "gossip", "fool", "pacifist", "mastermind", lunatic="zombuul")  # 6: 3/1/1/1
    assert any("Lunatic learns no Minions" in p for p in PLUGIN.setup_pitfalls(setup, load_script(str(BMR))))
    game = Game(setup)
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(None)
    assert "lunatic" in game.state.nights[0].skipped


def test_no_grandchild_chosen_the_grandmothers_first_step_asks_for_one(stand_in) -> None:
    setup = table("grandmother", "zombuul", "gossip", "mastermind", "fool")
    assert any("no grandchild yet" in p for p in PLUGIN.setup_pitfalls(setup, load_script(str(BMR))))
    game = Game(setup)
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.key != "grandchild":
        game.answer(None)
    assert game.prompt is not None
    with pytest.raises(IllegalAction, match="a good player other than the Grandmother"):
        game.answer(1)
    game.answer(4)
    assert game.state.nights[0].info[-1].truth == (4, "fool")
    assert [t.name for t in game.state.tokens_on(4)] == ["Grandchild"]


def test_random_tables_put_the_grandchild_on_a_good_player_not_the_grandmother(stand_in) -> None:
    from grimoire.simulate import random_table

    seen = 0
    for seed in range(60):
        setup = random_table(8, seed=seed, script=str(BMR))
        characters = [s.character for s in setup.seats]
        tokens = [t for t in setup.tokens if t.name == "Grandchild"]
        if "grandmother" not in characters:
            continue
        seen += 1
        assert len(tokens) == 1 and characters[tokens[0].seat] != "grandmother"
        assert setup.alignment(tokens[0].seat, load_script(str(BMR))).value == "good"
    assert seen


def test_the_setup_screen_offers_the_grandchild_among_the_good_players_but_her(stand_in) -> None:
    from grimoire.tui.screens.setup import SetupScreen

    screen = SetupScreen(seed=1, names=tuple("Ann Ben Cat Dan Eve Fay Gus".split()), script=str(BMR))
    for row, character in zip(screen.rows, ["grandmother", "zombuul", "gossip", "mastermind", "fool", "pacifist",
                                            "minstrel"], strict=True):
        row.character = character
    ask = screen.asks[0]
    assert [i for i in range(7) if screen.may_carry(ask, i)] == [2, 4, 5, 6]  # not her, not the evil
    assert "the Grandmother is in play: choose the grandchild (h)" in screen.problems()
