"""Files a person or another program wrote, refused or read as they should be, in Grimoire's
words (never Python's): a key given twice in a script's entry, a roles.json with a byte-order
mark or in another encoding, a script's prose or token names of any length, a save with
thousands of seats or a script of the wrong type."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from grimoire.core.freetext import counted
from grimoire.core.script import ScriptError, load_script
from grimoire.store.official_data import OfficialDataError, import_from
from grimoire.store.saves import SaveError, load_game
from tests.official.conftest import STAND_IN, write_release

ROOT = Path(__file__).resolve().parents[2]
SAVE = ROOT / "examples" / "games" / "a_finished_phantom_game.toml"


def _script(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_key_given_twice_in_a_script_entry_is_refused(tmp_path: Path) -> None:
    path = _script(tmp_path, '[{"id": "_meta", "name": "T"}, {"id": "knight", "name": "Knight", '
                             '"team": "townsfolk", "ability": "One.", "ability": "Two."}]')
    with pytest.raises(ScriptError, match=r"the key 'ability' is given twice in one object \(the entry 'knight'\)"):
        load_script(str(path))


@pytest.mark.parametrize(("field", "value", "said"), [
    ("ability", "x" * 2001, "field 'ability' \"x+…\" is 2,001 characters long: at most 2,000 are allowed"),
    ("otherNightReminder", "y" * 5000, "field 'otherNightReminder' \"y+…\" is 5,000 characters long"),
    ("reminders", ["z" * 81], "field 'reminders' entry 1 \"z+…\" is 81 characters long: at most 80"),
])
def test_a_scripts_prose_and_token_names_have_a_size(tmp_path: Path, field: str, value: object, said: str) -> None:
    entry = {"id": "knight", "name": "Knight", "team": "townsfolk", "ability": "Brave.", field: value}
    path = _script(tmp_path, json.dumps([{"id": "_meta", "name": "T"}, entry]))
    with pytest.raises(ScriptError, match=said):
        load_script(str(path))


def test_official_data_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    release = write_release(tmp_path / "release", source=STAND_IN)
    roles = release / "roles.json"
    roles.write_text("\ufeff" + roles.read_text(encoding="utf-8"), encoding="utf-8")
    assert import_from(release).role("imp") is not None


def test_official_data_not_in_utf8_is_refused_in_words(tmp_path: Path) -> None:
    release = tmp_path / "release"
    shutil.copytree(write_release(tmp_path / "made", source=STAND_IN), release)
    (release / "roles.json").write_bytes(b"[\xff\xfe]")
    with pytest.raises(OfficialDataError) as refused:
        import_from(release)
    said = str(refused.value)
    assert "roles.json: not UTF-8 text; the data kept before is unchanged" in said
    assert "codec" not in said and "Error" not in said


def test_a_save_with_thousands_of_seats_is_refused_in_one_line(tmp_path: Path) -> None:
    text = SAVE.read_text(encoding="utf-8")
    seat = '    { name = "P{n}", character = "meg" },\n'
    many = "".join(seat.replace("{n}", str(i)) for i in range(5009))
    start = text.index("seats = [\n") + len("seats = [\n")
    path = tmp_path / "many.toml"
    path.write_text(text[:start] + many + text[start:], encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        load_game(path)
    said = str(refused.value)
    assert "[setup] has 5,018 seats: a game has at most 20" in said  # the game's 9 and the 5,009 added
    assert "\n" not in said and len(said) < 300


def test_a_script_of_the_wrong_type_is_named_as_such(tmp_path: Path) -> None:
    text = SAVE.read_text(encoding="utf-8")
    path = tmp_path / "seven.toml"
    path.write_text(text.replace('script = "phantom"', "script = 7", 1), encoding="utf-8")
    with pytest.raises(SaveError, match="'script' must be a built-in script's id or a file's path, not a number"):
        load_game(path)


def test_one_of_a_thing_is_said_as_one() -> None:
    assert counted(1, "character") == "1 character" and counted(2, "character") == "2 characters"
    assert counted(1, "jinx", "jinxes") == "1 jinx" and counted(1_000, "jinx", "jinxes") == "1,000 jinxes"
