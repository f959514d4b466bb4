"""The log panel says "nothing has happened yet" only while nothing has."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup
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
