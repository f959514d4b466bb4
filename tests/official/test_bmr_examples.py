"""Every Bad Moon Rising example scenario (examples/scenarios/bmr/) passes, on the stand-in
official data: the examples' script names Bad Moon Rising's characters by id, and the official
texts are never in the repository (a user imports them with ``grimoire data``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.scenario.run import run_file

FOLDER = Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "bmr"
SCENARIOS = sorted(FOLDER.glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_bmr_example_scenario_passes(stand_in, path: Path) -> None:
    outcome = run_file(path)
    assert outcome.passed, "\n".join(outcome.failures)
