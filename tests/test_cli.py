"""The command line: help, validate (scripts and saves), scenario run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grimoire.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grimoire", *args], capture_output=True, text=True, cwd=ROOT)


def test_help_names_the_commands() -> None:
    done = run("--help")
    assert done.returncode == 0
    for word in ("validate", "scenario", "play", "export", "sheet", "mummy", "voice", "maumau"):
        assert word in done.stdout


def test_version_is_the_packages(capsys) -> None:  # type: ignore[no-untyped-def]
    import tomllib

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert capsys.readouterr().out == f"grimoire {version}\n" == "grimoire 0.1.0\n"


def test_validate_the_built_in_script_and_the_example(capsys) -> None:
    assert main(["validate", "scripts/phantom.json", "examples/scripts/harbour_lights.json"]) == 0
    assert capsys.readouterr().out.count("ok: ") == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[1", "not JSON"),
        ('{"id": "x"}', "not an array"),
        ('[{"id": "a", "name": "A", "team": "wizard", "ability": "x"}]', "unknown team 'wizard'"),
        ('[{"id": "a", "team": "townsfolk", "ability": "x"}]', "missing field 'name'"),
        ('["washerwoman"]', "washerwoman (entry 1). `grimoire data update` brings it in"),
        (
            '[{"id": "a", "name": "A", "team": "townsfolk", "ability": "x"},'
            ' {"id": "a", "name": "B", "team": "townsfolk", "ability": "y"}]',
            "duplicate id 'a'",
        ),
        (
            '[{"id": "_meta", "name": "S", "firstNight": ["dusk", "ghost", "dawn"]},'
            ' {"id": "a", "name": "A", "team": "townsfolk", "ability": "x"}]',
            "'ghost'",
        ),
    ],
)
def test_validate_reports_each_script_error(tmp_path: Path, capsys, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert str(path) in out and message in out


def test_validate_a_saved_game(tmp_path: Path, capsys) -> None:
    scenario = ROOT / "examples" / "scenarios" / "s04_meg_passes_to_minion_bounce.toml"
    assert main(["scenario", "run", str(scenario), "--save-dir", str(tmp_path)]) == 0
    save = tmp_path / "s04_meg_passes_to_minion_bounce.toml"
    assert main(["validate", str(save)]) == 0
    save.write_text(save.read_text(encoding="utf-8")[:200], encoding="utf-8")
    assert main(["validate", str(save)]) == 1
    assert "damaged or truncated" in capsys.readouterr().out


def test_scenario_saves_never_go_over_a_game_open_in_a_window(tmp_path: Path, capsys, lock_holder) -> None:
    scenario = ROOT / "examples" / "scenarios" / "s04_meg_passes_to_minion_bounce.toml"
    save = tmp_path / "s04_meg_passes_to_minion_bounce.toml"
    save.write_text("a game being played", encoding="utf-8")
    other = lock_holder(save)
    assert main(["scenario", "run", str(scenario), "--save-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"not written: {save} is a game open in a window (pid {other.pid}" in out
    assert save.read_text(encoding="utf-8") == "a game being played"


def test_scenario_run_json_and_exit_code(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    good = ROOT / "examples" / "scenarios" / "s01_mmb_to_mirror_keeper.toml"
    bad = tmp_path / "bad.toml"
    bad.write_text(good.read_text(encoding="utf-8").replace('holder = "Hal"', 'holder = "Cat"', 1), encoding="utf-8")
    assert main(["scenario", "run", "--json", str(good), str(bad)]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["passed"] for r in rows] == [True, False]
    assert set(rows[0]) == {"file", "title", "passed", "failures"}
    assert main(["scenario", "run", str(good), str(bad)]) == 1
    assert capsys.readouterr().out.strip().splitlines()[-1] == "1 passed, 1 failed"
