"""Names and titles read from files are held to the limits the app keeps: a player's name at
most NAME_LIMIT characters (a save, a scenario), a title at most TITLE_LIMIT (a save's, a
script's, a scenario's). Longer is refused, saying which, how long and the limit; the file is
left as it is."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
import tomli_w

from grimoire.core.freetext import NAME_LIMIT, TITLE_LIMIT
from grimoire.core.script import ScriptError, load_script
from grimoire.game import Game
from grimoire.scenario.format import ScenarioError, load_scenario
from grimoire.simulate import random_table
from grimoire.store.saves import SaveError, load_game, save_game

ROOT = Path(__file__).resolve().parents[2]
HARBOUR = ROOT / "examples" / "scripts" / "harbour_lights.json"
SCENARIO = ROOT / "examples" / "scenarios" / "s04_meg_passes_to_minion_bounce.toml"


def saved_with(tmp_path: Path, name: str = "", title: str = "") -> Path:
    path = save_game(Game(random_table(7, seed=2, script="phantom")), tmp_path / "game.toml")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if name:
        data["setup"]["seats"][2]["name"] = name
    if title:
        data["title"] = title
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def test_a_save_with_a_100000_character_name_is_refused(tmp_path: Path) -> None:
    path = saved_with(tmp_path, name="N" * 100_000)
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        load_game(path)
    message = str(info.value)
    assert message.startswith(f"{path}: seat 3: the name \"NNN")
    assert message.endswith(f"is 100,000 characters long: at most {NAME_LIMIT} are allowed")
    assert len(message) < 200 + len(str(path)) and path.read_bytes() == before


def test_a_save_with_a_10_mb_title_is_refused(tmp_path: Path) -> None:
    path = saved_with(tmp_path, title="T")
    # The title put in as text: tomli_w writes a string of 10 MB a character at a time (a second).
    text = path.read_text(encoding="utf-8")
    assert text.count('\ntitle = "T"\n') == 1
    path.write_text(text.replace('\ntitle = "T"\n', f'\ntitle = "{"T" * 10_000_000}"\n'), encoding="utf-8")
    with pytest.raises(SaveError, match=rf"the title \"T+…\" is 10,000,000 characters long: at most {TITLE_LIMIT} are allowed"):
        load_game(path)


def test_a_name_and_a_title_at_the_limits_load(tmp_path: Path) -> None:
    path = saved_with(tmp_path, name="N" * NAME_LIMIT, title="T" * TITLE_LIMIT)
    game = load_game(path)
    assert game.setup.seats[2].name == "N" * NAME_LIMIT and game.setup.title == "T" * TITLE_LIMIT


@pytest.mark.parametrize("where", ["_meta", "character"])
def test_a_script_with_a_title_or_a_character_name_too_long_is_refused(tmp_path: Path, where: str) -> None:
    entries = json.loads(HARBOUR.read_text(encoding="utf-8"))
    index = 0 if where == "_meta" else 1
    assert (entries[0]["id"] == "_meta") and isinstance(entries[index], dict)
    entries[index]["name"] = "S" * 10_000_000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    with pytest.raises(ScriptError) as info:
        load_script(str(path))
    message = str(info.value)
    assert message.startswith(str(path)) and "field 'name'" in message
    assert message.endswith(f"is 10,000,000 characters long: at most {TITLE_LIMIT} are allowed")


def test_a_scenario_with_a_name_or_a_title_too_long_is_refused(tmp_path: Path) -> None:
    text = SCENARIO.read_text(encoding="utf-8")
    path = tmp_path / "long.toml"
    path.write_text(text.replace('"Ann"', '"' + "A" * 100_000 + '"', 1), encoding="utf-8")
    with pytest.raises(ScenarioError, match=rf"seats\[0\]: the name \"A+…\" is 100,000 characters long: at most {NAME_LIMIT}"):
        load_scenario(path)
    title = text.splitlines()[0]
    assert title.startswith("title = ")
    path.write_text(text.replace(title, 'title = "' + "T" * 5_000 + '"', 1), encoding="utf-8")
    with pytest.raises(ScenarioError, match=rf"title: \"T+…\" is 5,000 characters long: at most {TITLE_LIMIT}"):
        load_scenario(path)
