"""Files as other programs write them open as Grimoire's own do: a UTF-8 byte-order mark at the
start (Windows editors write one) and CRLF line ends, in saves, scripts, scenarios and the
assistant games' autosaves."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grimoire.core import events as ev
from grimoire.core.script import load_script
from grimoire.game import Game
from grimoire.games import persist
from grimoire.scenario.format import load_scenario
from grimoire.simulate import random_table
from grimoire.store.saves import load_game, save_game
from grimoire.validate import validate_path

ROOT = Path(__file__).resolve().parents[2]
HARBOUR = ROOT / "examples" / "scripts" / "harbour_lights.json"
SCENARIO = ROOT / "examples" / "scenarios" / "s04_meg_passes_to_minion_bounce.toml"
BOM = b"\xef\xbb\xbf"

AS_WRITTEN = {
    "bom": lambda data: BOM + data,
    "crlf": lambda data: data.replace(b"\n", b"\r\n"),
    "bom+crlf": lambda data: BOM + data.replace(b"\n", b"\r\n"),
}
KINDS = pytest.mark.parametrize("kind", list(AS_WRITTEN))


def rewrite(path: Path, kind: str) -> Path:
    path.write_bytes(AS_WRITTEN[kind](path.read_bytes()))
    return path


@KINDS
def test_a_save_opens_to_the_same_game(tmp_path: Path, kind: str) -> None:
    script = tmp_path / "harbour.json"  # a script of its own: the save holds its JSON text
    shutil.copy(HARBOUR, script)
    game = Game(random_table(7, seed=5, script=str(script)))
    game.apply(ev.StartNight())
    game.apply(ev.WriteNote(0, "two\nlines"))
    path = rewrite(save_game(game, tmp_path / "game.toml"), kind)
    again = load_game(path)
    assert again.events == game.events and again.state.note(0).text == game.state.note(0).text
    assert validate_path(str(path)) == []


@KINDS
def test_a_script_loads(tmp_path: Path, kind: str) -> None:
    path = tmp_path / f"harbour-{kind}.json"
    shutil.copy(HARBOUR, path)
    rewrite(path, kind)
    script = load_script(str(path))
    assert [c.id for c in script.characters] == [c.id for c in load_script(str(HARBOUR)).characters]
    assert validate_path(str(path)) == []


@KINDS
def test_a_scenario_loads(tmp_path: Path, kind: str) -> None:
    path = tmp_path / SCENARIO.name
    shutil.copy(SCENARIO, path)
    rewrite(path, kind)
    scenario = load_scenario(path)
    assert scenario.setup == load_scenario(SCENARIO).setup
    assert scenario.nights == load_scenario(SCENARIO).nights


@KINDS
def test_an_assistant_games_autosave_loads(kind: str) -> None:
    path = persist.write("voice", {"format": 1, "names": ["Al", "Bo"]})
    rewrite(path, kind)
    assert persist.read("voice", 1) == {"game": "voice", "format": 1, "names": ["Al", "Bo"]}
