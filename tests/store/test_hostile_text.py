"""Hostile names, titles and notes in files: refused on loading with a clear error, and never
written raw into a sheet, an export or a printed message."""

from __future__ import annotations

import json
import random
import tomllib
import unicodedata
from pathlib import Path

import attrs
import pytest
import tomli_w

from grimoire.cli import main
from grimoire.core import events as ev
from grimoire.core.script import ScriptError, load_script
from grimoire.game import Game
from grimoire.present.export import to_html, to_json, to_markdown
from grimoire.present.sheet import game_sheet
from grimoire.scenario.format import ScenarioError, load_scenario
from grimoire.simulate import play_random, random_table
from grimoire.store.saves import SaveError, dumps, game_to_dict, load_game

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "examples" / "scenarios" / "s10_auctioneer_receives_twice.toml"
# The report's names, and the other characters that act on a terminal or hide how text reads.
HOSTILE_NAMES = ["C\u001b[2JD", "E\u001b]0;pwned\u0007F", "nul\x00", "del\x7f", "csi\x9b2J", "x\u202eevil",
                 "iso\u2066late", "A\nnn"]


def clean_of_unsafe(text: str) -> bool:
    """No character that acts on a terminal or hides how text reads (the joiners aside)."""
    return not any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") and c not in "\u200c\u200d"
                   for c in text)


def hostile_game(names: list[str] = HOSTILE_NAMES, seed: int = 5) -> Game:
    """A game played a while, its players named ``names`` (made in code: no file refuses them),
    with a hostile title and a note."""
    setup = random_table(max(len(names), 7), seed=seed, script="phantom")
    seats = tuple(attrs.evolve(s, name=n) for s, n in zip(setup.seats, names)) + setup.seats[len(names):]
    game = Game(attrs.evolve(setup, seats=seats, title="Title\x07\u202e"))
    play_random(game, random.Random(seed), max_nights=2)
    return game


def changed_file(path: Path, data, change, write) -> Path:  # type: ignore[no-untyped-def]
    """``data`` with ``change`` made to it (as a hand-edited or hostile file would), written."""
    change(data)
    path.write_text(write(data), encoding="utf-8")
    return path


def write_save(tmp_path: Path, change) -> Path:  # type: ignore[no-untyped-def]
    """A good save, changed."""
    game = play_random(Game(random_table(8, seed=3, script="phantom")), random.Random(3), max_nights=1)
    return changed_file(tmp_path / "hostile.toml", tomllib.loads(dumps(game)), change, tomli_w.dumps)


def load_problem(path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        load_game(path)
    message = str(caught.value)
    assert clean_of_unsafe(message), repr(message)
    return message


# --- loading: refused, with the file, the place and the problem ------------------------------
def test_a_save_with_a_control_character_in_a_name_is_refused(tmp_path: Path) -> None:
    path = write_save(tmp_path, lambda d: d["setup"]["seats"][1].update(name="C\u001b[2JD"))
    message = load_problem(path)
    assert message.startswith(f"{path}: seat 2: the name")
    assert '"C\\x1b[2JD"' in message and "control character (\\x1b, character 2)" in message


def test_a_save_with_a_bell_in_its_title_is_refused(tmp_path: Path) -> None:
    path = write_save(tmp_path, lambda d: d.update(title="E\u001b]0;pwned\u0007F"))
    message = load_problem(path)
    assert message.startswith(f"{path}: the title") and "\\x1b" in message


@pytest.mark.parametrize("name", ["x\u202eevil", "A\nnn", "nul\x00", "csi\x9b"])
def test_every_kind_of_unsafe_name_is_refused(tmp_path: Path, name: str) -> None:
    path = write_save(tmp_path, lambda d: d["setup"]["seats"][0].update(name=name))
    assert "seat 1: the name" in load_problem(path)


def test_a_save_with_a_control_character_in_an_event_is_refused(tmp_path: Path) -> None:
    def note(data):  # type: ignore[no-untyped-def]
        data["events"].append({"type": "note", "seat": 0, "text": "hi\x1b[2J"})

    message = load_problem(write_save(tmp_path, note))
    assert "note.text" in message and "\\x1b" in message

    def token(data):  # type: ignore[no-untyped-def]
        data["events"].append({"type": "place_token", "name": "Protected\x07", "owner": "raoul_de_chagny", "seat": 0})

    message = load_problem(write_save(tmp_path, token))
    assert "place_token.name" in message and "\\x07" in message


def test_a_scenario_with_a_line_break_in_a_name_is_refused(tmp_path: Path) -> None:
    text = SCENARIO.read_text(encoding="utf-8").replace('name = "Ann"', 'name = "A\\nnn"')
    path = tmp_path / "newline.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert message.startswith("[setup] seats[0]: the name") and "line break" in message
    assert clean_of_unsafe(message)


def test_a_scenario_with_a_control_character_in_its_title_is_refused(tmp_path: Path) -> None:
    text = SCENARIO.read_text(encoding="utf-8").replace('title = "', 'title = "\\u001b[2J', 1)
    path = tmp_path / "title.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"^title: .*control character"):
        load_scenario(path)


def test_rehearse_and_scenario_run_refuse_it_without_a_traceback(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    text = SCENARIO.read_text(encoding="utf-8").replace('name = "Ann"', 'name = "A\\nnn"')
    path = tmp_path / "newline.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["rehearse", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: [setup] seats[0]: the name" in err and "A\\nnn" in err
    assert main(["scenario", "run", str(path)]) == 1
    out = capsys.readouterr().out
    assert "line break" in out and clean_of_unsafe(out.replace("\n", ""))


def script_with(tmp_path: Path, change) -> Path:  # type: ignore[no-untyped-def]
    """The example homebrew script, changed."""
    data = json.loads((ROOT / "examples" / "scripts" / "harbour_lights.json").read_text(encoding="utf-8"))
    return changed_file(tmp_path / "hostile.json", data, change, json.dumps)


def script_problem(path: Path) -> str:
    with pytest.raises(ScriptError) as caught:
        load_script(path)
    message = str(caught.value)
    assert clean_of_unsafe(message)
    return message


def test_a_script_with_a_control_character_in_a_character_name_is_refused(tmp_path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        data[1]["name"] = "Prima\x1b[2J"

    message = script_problem(script_with(tmp_path, change))
    assert "entry 2" in message and "'name'" in message and "\\x1b" in message


def test_a_script_with_a_direction_override_in_its_name_or_a_surrogate_in_a_reminder_is_refused(tmp_path: Path) -> None:
    def meta(data):  # type: ignore[no-untyped-def]
        data[0]["name"] = "Harbour\u202eLights"

    assert "_meta" in script_problem(script_with(tmp_path, meta))

    def reminder(data):  # type: ignore[no-untyped-def]
        data[1]["reminders"] = ["Bad\ud800"]

    assert "'reminders'" in script_problem(script_with(tmp_path, reminder))


def test_a_line_break_in_an_ability_is_read_as_a_space(tmp_path: Path) -> None:
    def change(data):  # type: ignore[no-untyped-def]
        data[1]["ability"] = "Each night,\nlearn a thing."

    script = load_script(script_with(tmp_path, change))
    assert script.characters[0].ability == "Each night, learn a thing."


# --- what is printed or exported never carries them raw ----------------------------------------
def test_sheet_and_export_commands_refuse_such_a_save_harmlessly(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = write_save(tmp_path, lambda d: d["setup"]["seats"][2].update(name="E\u001b]0;pwned\u0007F"))
    for argv in (["sheet", str(path)], ["export", str(path)], ["validate", str(path)]):
        assert main(argv) == 1
        captured = capsys.readouterr()
        assert "E\\x1b]0;pwned\\x07F" in captured.out + captured.err
        assert clean_of_unsafe((captured.out + captured.err).replace("\n", ""))


def test_a_sheet_of_a_game_with_hostile_names_prints_them_as_escapes() -> None:
    game = hostile_game()
    text = game_sheet(game, game.state.night or 1, "Sheet")
    assert clean_of_unsafe(text.replace("\n", ""))
    assert "C\\x1b[2JD" in text and "x\\u202eevil" in text


@pytest.mark.parametrize("render", [to_markdown, to_html])
def test_exports_show_hostile_names_as_escapes(render) -> None:  # type: ignore[no-untyped-def]
    text = render(hostile_game())
    assert clean_of_unsafe(text.replace("\n", ""))
    assert "x1b" in text and "u202e" in text and "Title" in text


def test_the_json_export_escapes_them_and_stays_lossless() -> None:
    game = hostile_game()
    text = to_json(game)
    assert clean_of_unsafe(text.replace("\n", ""))
    again = json.loads(text)
    assert [s["name"] for s in again["setup"]["seats"]][: len(HOSTILE_NAMES)] == HOSTILE_NAMES
    assert again.pop("information")  # what each player was told (words with names in them)
    assert again.pop("nights")  # each night's recap (the same)
    assert again.pop("cards") == []  # the cards told (none here: their words are in the exports' own test)
    again.pop("days", None)  # each day's votes as counted (seats and counts: no words)
    assert again == json.loads(json.dumps(game_to_dict(game)))  # every string as it was


def test_a_lone_surrogate_in_a_name_does_not_break_an_export() -> None:
    game = hostile_game(["Sur\ud800", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay"])
    for render in (to_markdown, to_html, to_json):
        render(game).encode("utf-8")
    game_sheet(game, 1, "Sheet").encode("utf-8")


def test_notes_typed_with_control_characters_lose_them() -> None:
    game = hostile_game()
    game.apply(ev.WriteNote(0, "watch\x1b[2J\u202ethis"))
    assert game.state.note(0).text == "watch[2Jthis"  # type: ignore[union-attr]
