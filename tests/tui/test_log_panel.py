"""The log panel says "nothing has happened yet" only while nothing has."""

from __future__ import annotations

import random

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup
from grimoire.present.narrate import recent_lines, story
from grimoire.simulate import random_answer
from grimoire.tui.app import GrimoireApp
from grimoire.tui.support.text import log_text
from grimoire.tui.widgets.side import SidePanel
from tests.phantom_table import phantom_table

from .helpers import SIZE, settle

NOTHING = "nothing has happened yet"
SEATS = tuple(SeatSetup(n, c) for n, c in (
    ("Ann", "claque"), ("Ben", "sorelli"), ("Cat", "meg"), ("Dan", "phantom"), ("Eve", "usher")))


def test_log_text_before_and_after_the_first_steps() -> None:
    game = Game(phantom_table(seats=SEATS))
    assert NOTHING in log_text(game)
    game.apply(ev.StartNight())
    assert NOTHING in log_text(game)  # at Dusk: the night has begun, nothing done yet
    game.answer(None)  # Dusk done: something has happened, though the log tells nothing yet
    assert NOTHING not in log_text(game) and "night 1 is under way" in log_text(game)
    game.answer("anticlockwise")  # the Claque: the drunkenness goes to Ann's left, Eve
    assert "The Claque's drunkenness goes anticlockwise: 5 Eve is drunk first." in log_text(game)
    game.undo()
    game.undo()
    assert NOTHING in log_text(game)


async def test_the_log_panel_follows() -> None:
    game = Game(phantom_table(seats=SEATS))
    game.apply(ev.StartNight())
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        log = pilot.app.screen.query_one("#log", SidePanel)
        assert NOTHING in log.text("log")
        await pilot.press("n")
        await settle(pilot)
        assert NOTHING not in log.text("log")


POINTER = "— R: the recap of the night"


def test_the_log_points_to_the_recap_under_the_night_that_dawned() -> None:
    game = Game(phantom_table(seats=SEATS))
    game.apply(ev.StartNight())
    rng = random.Random(2)
    while game.prompt is not None:
        assert POINTER not in log_text(game)  # no dawn yet: R shows nothing
        game.answer(random_answer(game.prompt, game, rng))
    lines = log_text(game).split("\n")
    assert lines[-1] == f"Dawn 1 {POINTER}"  # under the night's lines, once it has dawned
    assert lines[-2].startswith("Night 1 — ")
    game.apply(ev.Nominate(1, 4))
    lines = log_text(game).split("\n")
    assert lines.index(f"Dawn 1 {POINTER}") == len(lines) - 2 and lines[-1].startswith("Day 1 — ")
    assert len(lines) == len(recent_lines(game.rules, game.state, limit=12)) + 1  # the story's lines, none pushed out
    game.apply(ev.StartNight())  # the next night: R still shows night 1's recap
    assert f"Dawn 1 {POINTER}" in log_text(game) and "Dawn 2" not in log_text(game)
    while game.prompt is not None and game.state.winner is None:
        game.answer(random_answer(game.prompt, game, rng))
    text = log_text(game)
    assert f"Dawn 2 {POINTER}" in text and f"Dawn 1 {POINTER}" not in text  # only the newest
    assert not any(POINTER in line for _, body in story(game.rules, game.state) for line in body)  # not in the exports
