"""Random Sects & Violets games, each written as a scenario file by the scenario writer, replay to
their own expectations: two in make test (a Philosopher who gained the Dreamer's ability beside
the Dreamer, a madness execution), 100 in make test-slow, 1,000 in make test-deep."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import settings

from grimoire.game import Game
from grimoire.scenario.run import run_file
from grimoire.scenario.write import game_to_scenario
from grimoire.simulate import play_random, random_table
from tests.official.conftest import SNV

DEEP = settings.default.max_examples > 100
GAMES = 1000 if DEEP else 100
CHUNK = 100


def replayed(seed: int, folder: Path) -> list[str]:
    rng = random.Random(seed)
    game = play_random(Game(random_table(rng.randint(5, 15), seed=seed, script=str(SNV))), rng, max_nights=20,
                       tell=True)
    path = folder / f"game_{seed}.toml"
    path.write_text(game_to_scenario(game, f"random game {seed}"), encoding="utf-8")
    return run_file(path).failures


@pytest.mark.parametrize("seed", [7, 8])
def test_a_written_snv_game_replays(stand_in, tmp_path: Path, seed: int) -> None:
    assert replayed(seed, tmp_path) == []


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_snv_games_replay_to_their_own_expectations(stand_in, tmp_path: Path, first: int) -> None:
    failed = [(seed, failures[:3]) for seed in range(first, first + CHUNK) if (failures := replayed(seed, tmp_path))]
    assert not failed, failed
