"""The JSON session log (grimoire export --format json): validate knows it for what it is and
checks it; play and export, which open saved games, refuse it and say what to open instead."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grimoire import cli
from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.export import to_json
from grimoire.simulate import random_table
from grimoire.tui import app as app_module

ROOT = Path(__file__).resolve().parents[2]
NOT_A_SAVE = "this is an exported session log (JSON), not a saved game: open the save it came from"


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    script = tmp_path / "harbour.json"  # a script of its own, held in the log as in the save
    shutil.copy(ROOT / "examples" / "scripts" / "harbour_lights.json", script)
    game = Game(random_table(7, seed=5, script=str(script)))
    game.apply(ev.StartNight())
    path = tmp_path / "session.json"
    path.write_text(to_json(game), encoding="utf-8")
    return path


def test_validate_says_it_is_a_session_log_and_checks_it(exported: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert cli.main(["validate", str(exported)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"ok: {exported} (a session log exported as JSON, not a script or a saved game;")
    assert "reads back to the game it tells, 1 event" in out


def test_validate_names_what_is_wrong_with_a_damaged_one(exported: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    text = exported.read_text(encoding="utf-8")
    exported.write_text(text[: len(text) // 2], encoding="utf-8")
    assert cli.main(["validate", str(exported)]) == 1
    out = capsys.readouterr().out
    assert f"invalid: {exported}: a session log exported as JSON, not a script or a saved game, but damaged: not JSON" in out
    exported.write_text(text.replace('"seats"', '"chairs"'), encoding="utf-8")
    assert cli.main(["validate", str(exported)]) == 1
    out = capsys.readouterr().out
    assert f"invalid: {exported}: [setup] has no seats (a session log exported as JSON" in out


@pytest.mark.parametrize("fmt", ["md", "json", "html"])
def test_export_refuses_it_saying_what_to_open(exported: Path, tmp_path: Path, capsys, fmt: str) -> None:  # type: ignore[no-untyped-def]
    before = exported.read_bytes()
    out = tmp_path / f"again.{fmt}"
    assert cli.main(["export", str(exported), "--format", fmt, "-o", str(out)]) == 1
    assert capsys.readouterr().err == f"grimoire: {exported}: {NOT_A_SAVE}\n"
    assert not out.exists() and exported.read_bytes() == before


def test_play_refuses_it_saying_what_to_open(exported: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = exported.read_bytes()
    seen = {}
    monkeypatch.setattr(app_module.GrimoireApp, "run", lambda self: seen.setdefault("app", self))
    assert cli.main(["play", str(exported)]) == 0
    app = seen["app"]
    assert app._start_game is None and f"{exported}: {NOT_A_SAVE}" in app._start_problem
    assert exported.read_bytes() == before
