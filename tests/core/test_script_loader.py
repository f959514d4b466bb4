"""The script loader: any community-format script loads, and each error names file, entry, problem."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from grimoire.core.script import ScriptError, Team, load_script, parse_script

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "tests" / "data" / "botc-script-schema.json").read_text(encoding="utf-8"))
EXAMPLE = ROOT / "examples" / "scripts" / "harbour_lights.json"

META = {"id": "_meta", "name": "Tiny", "author": "Tests"}


def char(char_id: str, team: str = "townsfolk", **extra) -> dict:
    return {"id": char_id, "name": char_id.title(), "team": team, "ability": "Does a thing.", **extra}


def small() -> list:
    return [
        dict(META),
        char("alpha"),
        char("beta"),
        char("gamma", "outsider"),
        char("delta", "minion"),
        char("omega", "demon"),
    ]


def write(tmp_path: Path, data, name: str = "tiny.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def load_error(path: Path) -> str:
    with pytest.raises(ScriptError) as info:
        load_script(path)
    return str(info.value)


def test_a_small_script_loads(tmp_path):
    script = load_script(write(tmp_path, small()))
    assert [c.id for c in script.characters] == ["alpha", "beta", "gamma", "delta", "omega"]
    assert script.team_of("gamma") is Team.OUTSIDER
    # without an explicit night order, dusk/minioninfo/demoninfo/dawn frame the night
    assert script.first_night == ("dusk", "minioninfo", "demoninfo", "dawn")
    assert script.other_night == ("dusk", "dawn")


# Each case: how to break the small script, and what the message must say besides the file.
def _set(index: int, **fields):
    def edit(data: list) -> list:
        data[index].update(fields)
        return data

    return edit


def _drop(index: int, field: str):
    def edit(data: list) -> list:
        del data[index][field]
        return data

    return edit


ERRORS = {
    "unknown team": (_set(3, team="villager"), r"entry 4 \('gamma'\): unknown team 'villager' \(one of townsfolk, "),
    "missing name": (_drop(2, "name"), r"entry 3 \('beta'\): missing field 'name'"),
    "missing ability": (_drop(5, "ability"), r"entry 6 \('omega'\): missing field 'ability'"),
    "missing team": (_drop(4, "team"), r"entry 5 \('delta'\): missing field 'team'"),
    "missing id": (_drop(1, "id"), r"entry 2: missing field 'id'"),
    "duplicate id": (_set(4, id="alpha"), r"entry 5 \('alpha'\): duplicate id 'alpha' \(also entry 2\)"),
    "first night names no character": (
        _set(0, firstNight=["dusk", "alpha", "zeta", "dawn"]),
        r"_meta: firstNight entry 3 names 'zeta', which is no character on the script",
    ),
    "other night names no character": (
        _set(0, otherNight=["dusk", "Alpha"]),
        r"_meta: otherNight entry 2 names 'Alpha', which is no character on the script",
    ),
    "minion info on other nights": (
        _set(0, otherNight=["dusk", "minioninfo", "dawn"]),
        r"_meta: otherNight entry 2 is 'minioninfo', which belongs to the first night only",
    ),
    "official id as a string": (
        lambda d: d + ["washerwoman"],
        r"the official data is not loaded: washerwoman \(entry 7\)\. `grimoire data update` brings it in",
    ),
    "official id as a bare object": (
        lambda d: d + [{"id": "imp"}],
        r"the official data is not loaded: imp \(entry 7\)\. `grimoire data update` brings it in",
    ),
    "entry not an object": (lambda d: d + [7], r"entry 7: must be an object, not int"),
    "setup not a boolean": (_set(1, setup="yes"), r"entry 2 \('alpha'\): field 'setup' must be true or false"),
}


@pytest.mark.parametrize("case", list(ERRORS))
def test_each_error_names_file_entry_and_problem(tmp_path, case):
    edit, problem = ERRORS[case]
    path = write(tmp_path, edit(small()), name=f"{case.replace(' ', '_')}.json")
    message = load_error(path)
    assert message.startswith(f"{path}: "), message
    assert re.search(problem, message), message


def test_not_json(tmp_path):
    path = write(tmp_path, '[{"id": "_meta",\n "name": }]')
    assert re.fullmatch(rf"{re.escape(str(path))}: not JSON: .+ at line 2, column \d+", load_error(path))


def test_not_an_array(tmp_path):
    path = write(tmp_path, {"id": "_meta", "name": "Tiny"})
    assert load_error(path) == (
        f"{path}: not an array: a script is a JSON array of entries, this is an object"
    )


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.json"
    assert load_error(path) == f"{path}: no such file"


def test_unknown_builtin():
    with pytest.raises(ScriptError, match=r"no built-in script 'opera' \(built-in: phantom; with the official data: tb, bmr, snv\)"):
        load_script("opera")


def test_script_is_immutable():
    script = parse_script(small(), source="tiny.json")
    with pytest.raises(AttributeError):
        script.name = "Other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        script.characters[0].ability = "Other"  # type: ignore[misc]


# --- the second homebrew: examples/scripts ----------------------------------------------------


def test_example_homebrew_is_valid_against_the_schema():
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert [e.message for e in jsonschema.Draft202012Validator(SCHEMA).iter_errors(data)] == []


def test_example_homebrew_loads():
    script = load_script(EXAMPLE)
    assert (script.id, script.name, script.author) == ("harbour_lights", "Harbour Lights", "Grimoire examples")
    teams = {t: len(script.of_team(t)) for t in (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)}
    assert teams == {Team.TOWNSFOLK: 4, Team.OUTSIDER: 1, Team.MINION: 1, Team.DEMON: 1}
    assert script.first_night == ("dusk", "wrecker", "minioninfo", "demoninfo", "tidewatcher", "lamplighter", "dawn")
    assert script.other_night == ("dusk", "wrecker", "ferryman", "maelstrom", "lamplighter", "dawn")
    # no specialReminders in this script: the standard texts fill in
    assert script.reminder("dawn", first=True) == "Wait a few seconds. Call for eyes open."
    assert script.reminder("ferryman", first=False).startswith("The *Ferryman* may point")
    assert script.character("wrecker").setup and script.character("wrecker").reminders == ("Poisoned",)


def test_every_example_script_loads_and_validates():
    paths = sorted((ROOT / "examples" / "scripts").glob("*.json"))
    assert paths
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert not list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data)), path.name
        assert load_script(path).characters, path.name
