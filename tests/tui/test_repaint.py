"""The grimoire repaints only what changed: what a terminal shows after those partial updates
must be exactly the screen drawn afresh.

The seat circle and the side panel ask the compositor to repaint only the rows or boxes that
changed. If one forgot a change, the storyteller would read stale words (a wrong holder, an
old step). These tests play steps the way the app is used, apply every update the app writes
to a grid of cells as a terminal would, and compare it with a full render after each key.
"""

from __future__ import annotations

import random

import pytest
from rich.cells import cell_len
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.strip import Strip

from grimoire.core import events as ev
from grimoire.rules.phantom.events import MoveArtifact
from grimoire.simulate import random_answer
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.seats import SeatCircle
from grimoire.tui.widgets.title import TitleBar

from .helpers import SIZE, answer_by_keys, first_night, settle


class Terminal:
    """The text a terminal shows, kept up to date from the app's updates."""

    def __init__(self, width: int, height: int) -> None:
        self.cells = [[" "] * width for _ in range(height)]

    def write(self, x: int, y: int, strip: Strip) -> None:
        row = self.cells[y]
        for segment in strip:
            for char in segment.text:
                if x >= len(row):
                    return
                row[x] = char
                x += 1
                for _ in range(cell_len(char) - 1):  # a wide character's second cell
                    if x < len(row):
                        row[x] = ""
                        x += 1

    def apply(self, update: object) -> None:
        if isinstance(update, LayoutUpdate):
            for y, strip in enumerate(update.strips):
                self.write(update.region.x, update.region.y + y, strip)
        elif isinstance(update, ChopsUpdate):  # as ChopsUpdate.render_segments writes it
            for y, x1, x2 in update.spans:
                for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items()):
                    if strip is None or x > x2 or end <= x1:
                        continue
                    self.write(x, y, strip if (x2 > x >= x1 and end <= x2) else strip.crop(0, min(end, x2) - x))

    def lines(self) -> list[str]:
        return ["".join(row) for row in self.cells]


def attach(app: GrimoireApp) -> Terminal:
    terminal = Terminal(*app.size)
    display = app._display

    def shown(screen, update) -> None:  # type: ignore[no-untyped-def]
        display(screen, update)
        if update is not None:
            terminal.apply(update)

    app._display = shown  # type: ignore[method-assign]
    return terminal


def fresh(app: GrimoireApp) -> list[str]:
    """The screen drawn from scratch: every widget's cached lines dropped first."""
    for widget in app.screen.walk_children(with_self=True):
        widget._styles_cache.clear()
    for circle in app.screen.query(SeatCircle):  # its rows drawn whole, not from the seats changed
        circle._frame_for = circle._drawn_for = None
    terminal = Terminal(*app.size)
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        terminal.write(0, y, strip)
    return terminal.lines()


def assert_same(terminal: Terminal, app: GrimoireApp, what: str) -> None:
    got, want = terminal.lines(), fresh(app)
    diff = [f"row {y}: shown {a!r}\n        fresh {b!r}" for y, (a, b) in enumerate(zip(got, want)) if a != b]
    assert not diff, f"after {what}:\n" + "\n".join(diff[:5])


@pytest.mark.slow  # a night and a day by keys
async def test_a_night_and_a_day_by_keys_repaint_exactly() -> None:
    game = first_night(players=12, seed=9)
    rng = random.Random(4)
    app = GrimoireApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GrimoireScreen)
        app.screen.refresh()  # the first frame drawn in full, from here on the terminal follows
        terminal = attach(app)
        await settle(pilot)
        steps = 0
        while game.prompt is not None and steps < 40:
            step = game.prompt.step
            await answer_by_keys(pilot, screen, rng)
            await settle(pilot)
            assert_same(terminal, app, f"the night step {step}")
            steps += 1
        for key in ("pagedown", "pageup", "u", "U"):
            await pilot.press(key)
            await settle(pilot)
            assert_same(terminal, app, f"the key {key}")


async def test_overrides_on_a_crowded_table_repaint_exactly() -> None:
    game = first_night(players=15, seed=2)
    rng = random.Random(8)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    app = GrimoireApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GrimoireScreen)
        screen.refresh()
        terminal = attach(app)
        await settle(pilot)
        for event in (ev.SetAlive(3, False), ev.PlaceToken("Used", "stage_designer", 7), MoveArtifact(11),
                      ev.SetAlignment(5, "evil"), ev.SetAlive(3, True)):
            screen.session.apply(event)
            await settle(pilot)
            assert_same(terminal, app, f"the override {event}")


@pytest.mark.slow  # a picker over the grimoire: test_what_changes_behind_a_picker_shows_through_it
async def test_a_picker_closed_leaves_the_grimoire_as_it_was() -> None:
    """Closing a picker shows the grimoire exactly as it was, and a grimoire resized while
    the picker was open comes back at its new size."""
    app = GrimoireApp(game=first_night())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GrimoireScreen)
        await pilot.press("n", "c")  # dusk, the Claque's direction: the artifact's step
        await settle(pilot)
        screen.refresh()
        terminal = attach(app)
        await settle(pilot)
        for resize in (False, True):
            await pilot.press("enter")  # the artifact's picker (its worker waits for the answer)
            await pilot.pause()
            assert app.screen is not screen
            if resize:
                await pilot.resize_terminal(80, 24)
                terminal = attach(app)  # a blank terminal of the new size: only what comes next
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is screen
            if resize:
                assert screen.size == (80, 24)
            assert_same(terminal, app, "the picker closed" + (" after a resize" if resize else ""))


async def test_what_changes_behind_a_picker_shows_through_it() -> None:
    """The picker dims the grimoire behind it: a line that changes behind shows, dimmed, at
    once."""
    app = GrimoireApp(game=first_night())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("n", "c", "enter")  # dusk, the Claque's direction: the artifact's picker
        await pilot.pause()  # (its worker waits for the answer)
        assert app.screen is not screen
        terminal = attach(app)
        app.screen.refresh()  # the picker drawn whole
        await pilot.pause()
        assert_same(terminal, app, "the picker repainted")
        for title in ("Changed behind the picker", "And once more"):
            screen.query_one(TitleBar).show_title(title)
            await pilot.pause()
            assert any(title in line for line in terminal.lines()), terminal.lines()[:2]
            assert_same(terminal, app, f"the title behind set to {title!r}")
