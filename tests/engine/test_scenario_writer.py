"""A game written as a scenario file replays through the runner and passes."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.scenario.format import parse_scenario
from grimoire.scenario.run import run_file, run_scenario
from grimoire.scenario.write import ScenarioWriteError, game_to_scenario
from grimoire.simulate import play_random, random_table

ROOT = Path(__file__).resolve().parents[2]


@given(st.integers(5, 15), st.integers(0, 2**32 - 1), st.integers(1, 6))
def test_a_random_game_written_as_a_scenario_passes(players, seed, nights) -> None:
    game = play_random(Game(random_table(players, seed=seed, script="phantom")), random.Random(seed), max_nights=nights)
    text = game_to_scenario(game)
    outcome = run_scenario(parse_scenario(tomllib.loads(text)))
    assert outcome.passed, "\n".join(outcome.failures) + "\n" + text


def test_a_game_stopped_mid_night_keeps_only_whole_nights() -> None:
    game = play_random(Game(random_table(8, seed=3, script="phantom")), random.Random(3), max_nights=2)
    if game.state.winner is None:
        game.apply(ev.StartNight())
        game.answer(None)
    data = tomllib.loads(game_to_scenario(game))
    assert len(data["night"]) == 2
    assert run_scenario(parse_scenario(data)).passed


def test_a_scenario_round_trips_through_its_own_file(tmp_path: Path) -> None:
    original = run_file(ROOT / "examples" / "scenarios" / "s10_auctioneer_receives_twice.toml")
    assert original.game is not None
    path = tmp_path / "again.toml"
    path.write_text(game_to_scenario(original.game, title="again"), encoding="utf-8")
    again = run_file(path)
    assert again.passed, again.failures
    assert again.game is not None and again.game.state == original.game.state


def test_overrides_cannot_be_written() -> None:
    game = play_random(Game(random_table(7, seed=1, script="phantom")), random.Random(1), max_nights=1)
    game.apply(ev.SetGhostVote(0, False))
    with pytest.raises(ScenarioWriteError, match="set_ghost_vote"):
        game_to_scenario(game)
