"""Damaged scenario files and pointers: a clear error, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.rehearse import RehearsalError, scenario_rehearsal
from grimoire.scenario.run import run_file
from grimoire.store.open_game import read_open

from .files import SCENARIOS

DEEP = 100_000


def test_a_scenario_nested_100000_deep_is_refused(tmp_path: Path) -> None:
    text = (SCENARIOS / "x05_managers_substitute_at_execution.toml").read_text(encoding="utf-8")
    path = tmp_path / "deep.toml"
    path.write_text(text.replace("[setup]", "description = " + "[" * DEEP + "]" * DEEP + "\n[setup]", 1),
                    encoding="utf-8")
    outcome = run_file(path)
    assert not outcome.passed
    assert "arrays or tables nested more than 64 deep (line 4, column 79)" in outcome.failures[0]
    with pytest.raises(RehearsalError, match=f"{path}: not valid TOML: arrays or tables nested more than"):
        scenario_rehearsal(path)


def test_a_pointer_nested_100000_deep_points_nowhere(tmp_path: Path) -> None:
    pointer = tmp_path / "open-game.toml"
    pointer.write_text('path = "x.toml"\nx = ' + "[" * DEEP + "]" * DEEP, encoding="utf-8")
    assert read_open(pointer) is None


def test_a_scenario_with_a_number_of_5000_digits_is_refused(tmp_path: Path) -> None:
    text = (SCENARIOS / "x05_managers_substitute_at_execution.toml").read_text(encoding="utf-8")
    path = tmp_path / "long.toml"
    path.write_text(text.replace("[setup]", "description = " + "9" * 5000 + "\n[setup]", 1), encoding="utf-8")
    assert "not valid TOML: a number of more than 4,300 digits (line 4, column 15)" in run_file(path).failures[0]
