"""A property: whatever the players are called (markup, brackets, emoji, control characters,
very long names), the grimoire's main screens draw without a crash, show each name as typed
(control characters as escapes), and never send a control character to the terminal."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import OptionList, Static

from grimoire.store import library
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.seat_card import SeatCardScreen
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.start import StartScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.townsquare import TownSquareApp
from grimoire.tui.widgets.side import SidePanel

from .helpers import settle
from .hostile import as_drawn, as_escapes, drawn, harmless, night_at, options, screen_text, table_named

PIECES = ["[b]", "[/]", "[/b]", "[", "]", "\\", "[@click=app.quit]", "[link=https://evil.example]", "[$accent]",
          "$accent", "[bold red]", "👩‍👩‍👧", "✈️", "李", "é", "\x1b", "\x1b[2J", "\x07", "\x00", "\x7f", "\x9b",
          "\u202e", "\u2066", "\n", "\t", "\u2028"]
# (A lone surrogate cannot be written to a save at all, nor come in from one or from typing.)
NAME = st.one_of(
    st.lists(st.one_of(st.sampled_from(PIECES), st.text("abcXYZ 019", min_size=1, max_size=3)), min_size=1, max_size=6)
    .map("".join),
    st.text("abcdefghij [/]\x1b", min_size=60, max_size=300),  # very long
).filter(lambda n: n.strip())
NAMES = st.lists(NAME, min_size=3, max_size=15, unique_by=lambda n: n.strip().casefold())
# Each example opens the app twice. make test draws two sets of names at 80x24, the tighter
# size; make test-slow (and CI) three at each size, each size its own test so that parallel
# workers share them; many more with HYPOTHESIS_PROFILE=deep.
QUICK = 2
EXAMPLES = 3 if settings.default.max_examples <= 100 else 75


def expected(name: str) -> str:
    return as_escapes(name.strip())


def check_screen(app, where: str) -> str:  # type: ignore[no-untyped-def]
    text = screen_text(app)
    assert harmless(text), f"{where}: a control character reaches the terminal"
    return text


async def walk_the_grimoire(names: list[str], size: tuple[int, int], home: Path) -> Path:
    game = night_at(table_named(names))
    short = [(i, n) for i, n in enumerate(names) if len(expected(n)) <= 30]
    library.create_game(game.setup, game.events)
    async with GrimoireApp().run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        start = pilot.app.screen
        assert isinstance(start, StartScreen)
        rows = options(start.query_one("#start-games", OptionList))
        assert len(rows) == 1 and harmless(rows[0])  # the file's title (from the names) or why it cannot open
        check_screen(pilot.app, "the library")

        pilot.app.push_screen(SetupScreen(names=tuple(names)))
        await settle(pilot)
        players = options(pilot.app.screen.query_one("#setup-players", OptionList))
        for name, row in zip(names, players):
            assert expected(name)[:14] in row, (name, row)
        check_screen(pilot.app, "setup")
        pilot.app.pop_screen()
        await settle(pilot)

        path = home / "open.toml"
        pilot.app.open_grimoire(game, path=path)
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        check_screen(pilot.app, "the grimoire")
        step = table.query_one("#side", SidePanel).text("step")
        assert harmless(step)
        await pilot.press("enter")  # the step's picker (its worker waits for the answer)
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)
        rows = options(pilot.app.screen.query_one(OptionList))
        for i, name in short:
            if any(row.strip().startswith(f"{i + 1} ") for row in rows):
                assert any(row.strip().startswith(f"{i + 1} {expected(name)} (") for row in rows), (name, rows)
        check_screen(pilot.app, "a picker")
        await pilot.press("escape")
        await settle(pilot)
        for i, name in short[:1]:  # one card: each costs a quarter of a second
            table.open_card(i)
            await settle(pilot)
            assert isinstance(pilot.app.screen, SeatCardScreen)
            title = as_drawn(drawn(pilot.app.screen.query_one("#card-title", Static).visual).plain)
            assert title == f"Seat {i + 1} · {expected(name)}"
            check_screen(pilot.app, "the seat card")
            await pilot.press("escape")
            await settle(pilot)
        assert pilot.app.is_running
    return path


async def look_at_the_town_square(path: Path, size: tuple[int, int], names: list[str]) -> None:
    app = TownSquareApp(path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        check_screen(app, "the town square")
        if app.view is not None:  # else the file was refused (a control character): it says why
            circle = drawn(app.query_one("#circle", Static).visual).plain
            # Labels never overlap on a wide screen when every name is short (a long one may
            # cover its neighbour's: the square writes them around an ellipse).
            if size == (140, 45) and all(len(expected(name)) < 8 for name in names):
                for name in names:
                    assert expected(name) in circle, (name, circle)


@pytest.mark.long
@settings(max_examples=QUICK, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(names=NAMES)
async def test_any_names_on_the_main_screens(names: list[str]) -> None:
    await any_names_on_the_main_screens(names, (80, 24))


@pytest.mark.long
@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                      HealthCheck.too_slow])
@given(names=NAMES)
@pytest.mark.parametrize("size", [(80, 24), (140, 45)])
async def test_any_names_on_the_main_screens_in_full(names: list[str], size: tuple[int, int]) -> None:
    await any_names_on_the_main_screens(names, size)


async def any_names_on_the_main_screens(names: list[str], size: tuple[int, int]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        old = os.environ.get("GRIMOIRE_HOME")
        os.environ["GRIMOIRE_HOME"] = tmp
        try:
            path = await walk_the_grimoire(names, size, Path(tmp))
            await look_at_the_town_square(path, size, names)
        finally:
            if old is not None:
                os.environ["GRIMOIRE_HOME"] = old
