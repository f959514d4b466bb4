"""At 80x24 a toast covers nothing that must be read: the dawn's toast sits above the footer's
keys (not over them), and the recap its key opens has no toast over its lines."""

from __future__ import annotations

import random
from typing import Any

from pilot_keys import until

from grimoire.game import Game
from grimoire.simulate import random_answer
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.recap import RecapScreen
from grimoire.tui.widgets.keys import KeysFooter

from .helpers import first_night, settle


def before_dawn() -> tuple[Game, Any]:
    """A first night played to its last answer, and that answer (which brings the dawn)."""
    game = first_night(8, seed=3)
    rng = random.Random(3)
    while True:
        assert game.prompt is not None
        value = random_answer(game.prompt, game, rng)
        fork = game.fork()
        fork.answer(value)
        if fork.prompt is None:
            return game, value
        game.answer(value)


async def test_at_80x24_the_dawns_toast_leaves_the_footers_keys_and_the_recap_in_sight() -> None:
    game, last = before_dawn()
    async with GrimoireApp(game=game).run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        screen.session.answer(last)
        await until(pilot, lambda: bool(screen.query("Toast")), "the dawn's toast")
        await pilot.pause()
        footer = screen.query_one(KeysFooter)
        for toast in screen.query("Toast"):
            assert not toast.region.overlaps(footer.region), (toast.region, footer.region)
        await pilot.press("R")
        await until(pilot, lambda: isinstance(pilot.app.screen, RecapScreen), "the recap")
        await pilot.pause()
        assert not pilot.app.screen.query("Toast"), "a toast over the recap"


async def test_the_same_notice_again_while_it_shows_is_one_toast() -> None:
    """A key pressed again and again where it only explains (n in a picker) piles up no toasts
    over the picker: a notice already on screen is not shown twice."""
    game, _last = before_dawn()
    async with GrimoireApp(game=game).run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        for _ in range(3):
            pilot.app.notify("This asks which answer was given.", title="A choice first")
        pilot.app.notify("Another notice.", title="Something else")
        await until(pilot, lambda: len(pilot.app.screen.query("Toast")) >= 2, "the toasts")
        await pilot.pause()
        assert len(pilot.app.screen.query("Toast")) == 2
