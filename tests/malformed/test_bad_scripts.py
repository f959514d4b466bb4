"""Damaged scripts: a clear error naming the file, the entry and the problem, never a
traceback; and a script that loads can be printed by ``sheet``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from grimoire.cli import main
from grimoire.core.script import ScriptError, parse_script, read_json
from grimoire.game import Game
from grimoire.simulate import play_random, random_table

ROOT = Path(__file__).resolve().parents[2]

META = {"id": "_meta", "name": "Tiny", "author": "Tests"}
HOLE = '"@@"'  # where a piece of raw JSON goes


def char(char_id: str, team: str = "townsfolk", **extra) -> dict:
    return {"id": char_id, "name": char_id.title(), "team": team, "ability": "Does a thing.", **extra}


def small() -> list:
    return [dict(META), char("alpha"), char("beta"), char("gamma", "outsider"), char("delta", "minion"),
            char("omega", "demon")]


def _raw_first_night(raw: str) -> str:
    data = small()
    data[2]["firstNight"] = "@@"
    return json.dumps(data).replace(HOLE, raw)


# name: (the script's text, what the error must say after the file's name)
CASES = {
    "firstNight NaN": (_raw_first_night("NaN"), "entry 3 ('beta'): field 'firstNight' must be a number, not NaN"),
    "firstNight Infinity": (_raw_first_night("Infinity"),
                            "entry 3 ('beta'): field 'firstNight' must be a number, not Infinity"),
    "firstNight 1e999": (_raw_first_night("1e999"),
                         "entry 3 ('beta'): field 'firstNight' must be a number, not 1e999 (too large)"),
    "firstNight of 5,000 digits": (_raw_first_night("9" * 5000),
                                   "entry 3 ('beta'): field 'firstNight' must be a number, not a 5000-digit number"),
    "arrays 100,000 deep": (json.dumps(small())[:-1] + ", " + "[" * 100_000 + "]" * 100_000 + "]",
                            "arrays or objects nested more than"),
    "a special reminder that is no text": (
        json.dumps([{**META, "specialReminders": {"firstNight": {"dusk": 5}}}, *small()[1:]]),
        "_meta: specialReminders.firstNight.dusk must be a string"),
    "a lone surrogate in a name": (json.dumps(small()).replace('"Beta"', '"Be\\ud800ta"'),
                                   "entry 3 ('beta'): field 'name' is not valid text (a lone surrogate)"),
}


def _write(tmp_path: Path, name: str) -> Path:
    path = tmp_path / "tiny.json"
    path.write_text(CASES[name][0], encoding="utf-8")
    return path


@pytest.mark.parametrize("name", CASES)
def test_a_broken_script_is_refused_with_the_file_and_the_problem(tmp_path: Path, name: str) -> None:
    path = _write(tmp_path, name)
    with pytest.raises(ScriptError) as info:
        parse_script(read_json(path), source=str(path), script_id="tiny")
    assert str(info.value).startswith(f"{path}: ")
    assert CASES[name][1] in str(info.value)


@pytest.mark.parametrize("name", CASES)
def test_validate_and_sheet_give_the_clear_error(tmp_path: Path, name: str, capsys) -> None:
    path = _write(tmp_path, name)
    for command in (["validate", str(path)], ["sheet", "--script", str(path), "--characters", "alpha,beta"]):
        assert main(command) == 1, command
        out, err = capsys.readouterr()
        assert CASES[name][1] in out + err, command


def _phantom_with(tmp_path: Path, **meta: Any) -> Path:
    data = json.loads((ROOT / "scripts" / "phantom.json").read_text(encoding="utf-8"))
    data[0].update(meta)
    path = tmp_path / "orders.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("order", [[], ["claque", "phantom"], ["dusk", "phantom"]])
def test_a_first_night_listed_without_dawn_still_ends_at_dawn(tmp_path: Path, order: list[str]) -> None:
    # Found by the fuzzing: an empty _meta.firstNight passed validate, and its night never ended.
    path = _phantom_with(tmp_path, firstNight=order)
    script = parse_script(read_json(path), source=str(path), script_id=path.stem)
    assert script.first_night[0] == "dusk" and script.first_night[-1] == "dawn"
    game = Game(random_table(7, seed=1, script=str(path)))
    play_random(game, random.Random(1), max_nights=2)
    assert game.state.days, "the first night reached its dawn"


@pytest.mark.parametrize(("order", "problem"), [
    (["dusk", "dawn", "phantom"], "has 'phantom' after 'dawn': dawn ends the night"),
    (["dusk", "phantom", "phantom", "dawn"], "firstNight entry 3 names 'phantom' a second time"),
])
def test_a_night_order_out_of_shape_is_refused(tmp_path: Path, order: list[str], problem: str) -> None:
    path = _phantom_with(tmp_path, firstNight=order)
    with pytest.raises(ScriptError, match=re.escape(problem)):
        parse_script(read_json(path), source=str(path), script_id=path.stem)
