"""Property: the dawn recap of random Phantom games tells every death, told answer and
expired token of each night, as the log does, and nothing else (tests/engine/recap_check.py)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from grimoire.game import Game
from grimoire.present.dawn_recap import dawn_recap, dawn_state, last_recap, recap_of_night
from grimoire.simulate import play_random, random_table
from tests.engine.recap_check import play_and_check
from tests.examples import quick_and_full


# 6 random games in make test; 200 in make test-slow (and CI).
@quick_and_full(st.integers(0, 1 << 30), quick=6, full=200, deadline=None)
def test_the_recap_tells_the_night_as_the_log_does(seed: int) -> None:
    assert play_and_check(seed, "phantom") >= 1


def test_the_recap_of_a_past_night_is_that_of_its_dawn() -> None:
    game = play_random(Game(random_table(9, seed=5, script="phantom")), random.Random(5), max_nights=4, tell=True)
    for night in range(1, game.state.night + 1):
        g = dawn_state(game, night)
        assert g is not None and g.night == night
        assert recap_of_night(game, night) == dawn_recap(game.rules, g, night)
    assert last_recap(game) == recap_of_night(game, game.state.night if game.prompt is None else game.state.night - 1)


def test_no_recap_before_the_first_dawn() -> None:
    game = Game(random_table(7, seed=1, script="phantom"))
    assert last_recap(game) is None
    assert recap_of_night(game, 1) is None
