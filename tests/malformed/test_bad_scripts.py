"""Damaged scripts: a clear error naming the file, the entry and the problem, never a
traceback; and a script that loads can be printed by ``sheet``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grimoire.cli import main
from grimoire.core.script import ScriptError, parse_script, read_json

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
