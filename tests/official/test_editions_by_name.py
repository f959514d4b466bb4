"""The official editions by name: with the official data in, Trouble Brewing, Bad Moon Rising
and Sects & Violets are scripts called tb, bmr and snv wherever a script is asked (the script
picker, --script, a save); without it, the name is refused saying what to do."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.cli import main
from grimoire.core.script import EDITIONS, ScriptError, Team, load_script
from grimoire.game import Game
from grimoire.rules.plugins import rules_for
from grimoire.rules.tb.plugin import TroubleBrewingRules
from grimoire.simulate import random_table
from grimoire.store.saves import load_game, save_game
from grimoire.tui.screens.script_choice import script_items


def test_without_the_official_data_an_edition_says_how_to_get_it() -> None:
    with pytest.raises(ScriptError, match=r"Trouble Brewing \('tb'\): no official data is here; `grimoire data update`"):
        load_script("tb")
    assert [value for _label, value in script_items()][:1] == ["phantom"]
    assert not any(value in EDITIONS for _label, value in script_items())


def test_trouble_brewing_by_name_is_its_characters_and_is_automated(stand_in: object) -> None:
    script = load_script("tb")
    assert script.name == "Trouble Brewing"
    players = [c for c in script.characters if c.team in (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)]
    assert len(players) == 22 and script.by_id["imp"].team is Team.DEMON
    assert isinstance(rules_for(script), TroubleBrewingRules)
    assert load_script("bmr").name == "Bad Moon Rising"


def test_the_script_picker_offers_the_editions_the_data_has(stand_in: object) -> None:
    offered = {value: label for label, value in script_items()}
    assert "tb" in offered and offered["tb"].startswith("Trouble Brewing")
    assert "bmr" in offered and "snv" in offered


def test_a_game_of_an_edition_saves_it_by_name_and_reopens(stand_in: object, tmp_path: Path) -> None:
    game = Game(random_table(8, seed=2, script="tb"))
    path = save_game(game, tmp_path / "g.toml")
    assert 'script = "tb"' in path.read_text(encoding="utf-8")
    assert load_game(path).script.name == "Trouble Brewing"


def test_rehearse_and_sheet_take_an_edition_by_name(stand_in: object, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", "--script", "tb", "--first"]) == 0
    assert "Washerwoman" in capsys.readouterr().out
