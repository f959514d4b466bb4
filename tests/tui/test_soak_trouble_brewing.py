"""Trouble Brewing at the grimoire under the soak (tests/tui/soak.py): no storm of keys, the
palette among them, closes the app, by night or by day."""

from __future__ import annotations

import random
from typing import Any

import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import random_answer
from grimoire.tui.screens.table import GrimoireScreen
from tests.official.conftest import stand_in  # noqa: F401 (the stand-in official data, a fixture)
from tests.official.tb_table import tb_game

from .helpers import settle
from .soak import SoakApp, soak

pytestmark = pytest.mark.usefixtures("contained", "stand_in")


def tb_at(day: bool) -> Game:
    """The eight players' table on its first night, at its first step (or played to dawn)."""
    game, rng = tb_game(), random.Random(3)
    game.apply(ev.StartNight())
    while day and game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    return game


async def table(pilot: Any) -> Any:
    await settle(pilot)
    return pilot.app.screen


# The night in make test-deep only: make test storms a night in tests/tui/test_soak.py.
@pytest.mark.parametrize(("day", "size"), [pytest.param(False, (140, 45), marks=pytest.mark.slow), (True, (80, 24))],
                         ids=["night", "day"])
async def test_no_storm_of_keys_closes_a_trouble_brewing_game(day: bool, size: tuple[int, int]) -> None:
    await soak(SoakApp(game=tb_at(day)), table, GrimoireScreen, seed=f"tb-{'day' if day else 'night'}", size=size)
