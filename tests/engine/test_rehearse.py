"""Rehearsal tables: random and from scenarios, at the first night, saved apart from real games."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.core.model import Phase
from grimoire.core.script import load_script
from grimoire.core.setup import setup_problems
from grimoire.rehearse import RehearsalError, random_rehearsal, scenario_rehearsal
from grimoire.rules.phantom.state import own
from grimoire.store.paths import autosave_path

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("players", [5, 9, 15])
def test_a_random_rehearsal_is_legal_and_seeded(players: int) -> None:
    game = random_rehearsal(players, seed=8)
    g = game.state
    assert g.phase is Phase.NIGHT and game.prompt is not None and game.prompt.step == "dusk"
    chars = [s.character for s in g.seats]
    assert setup_problems(load_script("phantom"), chars, managers_option_b=own(g).evil_townsfolk is not None) == []
    assert random_rehearsal(players, seed=8).setup == game.setup


def test_a_scenario_rehearsal_opens_its_table() -> None:
    game = scenario_rehearsal(ROOT / "examples" / "scenarios" / "s01_mmb_to_mirror_keeper.toml")
    assert [s.name for s in game.state.seats][:4] == ["Ann", "Ben", "Cat", "Dan"]
    assert game.state.night == 1 and len(game.events) == 1


def test_bad_rehearsals_say_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(RehearsalError, match="5 to 15 players"):
        random_rehearsal(3)
    bad = tmp_path / "bad.toml"
    bad.write_text("title = [", encoding="utf-8")
    with pytest.raises(RehearsalError, match="not valid TOML"):
        scenario_rehearsal(bad)


def test_a_rehearsal_never_uses_the_real_autosave(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path))
    assert autosave_path(rehearsal=True) != autosave_path()
    assert autosave_path().parent == tmp_path
