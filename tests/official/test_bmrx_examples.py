"""The Bad Moon Rising example scenarios written with its rules (examples/scenarios/bmr/bmrx_*)
pass, on the stand-in official data: the examples' script names Bad Moon Rising's characters by
id, and the official texts are never in the repository (a user imports them with ``grimoire
data``). The hand-checked ones (bmr_*) have a test of their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.scenario.run import run_file

FOLDER = Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "bmr"
SCENARIOS = sorted(FOLDER.glob("bmrx_*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_bmrx_example_scenario_passes(stand_in, path: Path) -> None:
    outcome = run_file(path)
    assert outcome.passed, "\n".join(outcome.failures)
