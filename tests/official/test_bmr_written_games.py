"""Random Bad Moon Rising games, each written as a scenario file by the scenario writer, replay
to their own expectations: 1,000 games in make test-deep, 20 in make test-slow (not make test:
three are in test_bmr_record.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import settings

from grimoire.game import Game
from grimoire.scenario.run import run_file
from grimoire.scenario.write import game_to_scenario
from grimoire.simulate import play_random, random_table
from tests.official.conftest import BMR

DEEP = settings.default.max_examples > 100
GAMES = 1000 if DEEP else 20
CHUNK = 100 if DEEP else 20


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_bmr_games_replay_to_their_own_expectations(stand_in, tmp_path: Path, first: int) -> None:
    failed = []
    for seed in range(first, first + CHUNK):
        rng = random.Random(seed)
        game = play_random(Game(random_table(rng.randint(5, 15), seed=seed, script=str(BMR))), rng,
                           max_nights=20, tell=True)
        path = tmp_path / f"game_{seed}.toml"
        path.write_text(game_to_scenario(game, f"random game {seed}"), encoding="utf-8")
        outcome = run_file(path)
        if not outcome.passed:
            failed.append((seed, outcome.failures[:3]))
    assert not failed, failed
