"""The side panel: its scrolling window, PgUp/PgDn, and the drunk-or-poisoned banner."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from textual.app import App

from grimoire.game import Game
from grimoire.simulate import random_answer
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.side import Section, SidePanel, window

from .helpers import SIZE, first_night, settle


@given(st.integers(0, 200), st.integers(0, 60), st.integers(-50, 300))
def test_the_window_shows_every_line_or_says_how_many_are_hidden(total: int, rows: int, top: int) -> None:
    first, above, below = window(total, rows, top)
    if total <= rows or rows < 3:
        assert (first, above, below) == (0, False, False)
        return
    body = rows - above - below
    assert body >= 1
    assert above == (first > 0)
    assert 0 <= first and first + body <= total
    assert below == (first + body < total)
    # Scrolled to the end, the last line is on screen.
    end, _, end_below = window(total, rows, 10**6)
    assert not end_below and end + rows - 1 == total


def rows_text(panel: SidePanel) -> list[str]:
    """The words on each row, without the panel's blank column at the left."""
    return [panel.render_line(y).text[SidePanel.GUTTER:].rstrip() for y in range(panel.size.height)]


async def test_page_keys_scroll_the_panel_and_a_new_step_comes_back_to_the_top() -> None:
    game = first_night(players=15, seed=2)
    async with GrimoireApp(game=game).run_test(size=(140, 30)) as pilot:  # a short terminal
        await settle(pilot)
        panel = pilot.app.screen.query_one("#side", SidePanel)
        shown = rows_text(panel)
        assert shown[0].startswith("NIGHT 1")
        assert "more below (PgDn)" in shown[-1]
        await pilot.press("pagedown")
        await settle(pilot)
        shown = rows_text(panel)
        assert "more above (PgUp)" in shown[0]
        assert not shown[1].startswith("NIGHT 1")
        await pilot.press("pageup")
        await settle(pilot)
        assert rows_text(panel)[0].startswith("NIGHT 1")
        await pilot.press("pagedown")
        await pilot.press("n")  # dusk done: the next step is read from the top
        await settle(pilot)
        shown = rows_text(panel)
        assert shown[0].startswith("NIGHT 1") and "step 2" in shown[0]


def impaired_first_night() -> Game:
    """A first night stopped at a step whose player is drunk or poisoned."""
    for seed in range(200):
        game = first_night(players=10, seed=seed)
        rng = random.Random(seed)
        while game.prompt is not None and not game.prompt.impaired:
            game.answer(random_answer(game.prompt, game, rng))
        if game.prompt is not None:
            return game
    raise AssertionError("no seed gave a drunk or poisoned player a step on the first night")


async def test_a_drunk_or_poisoned_player_gets_a_loud_banner_above_the_step() -> None:
    game = impaired_first_night()
    prompt = game.prompt
    assert prompt is not None
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        panel = screen.query_one("#side", SidePanel)
        banner = panel.text("banner")
        names = ", ".join(game.state.name(s) for s in prompt.wake).upper()
        assert f"{names} IS DRUNK OR POISONED" in banner
        top = panel.render_line(0)
        assert "DRUNK OR POISONED" in top.text
        loud = panel.get_component_rich_style("side-panel--loud")
        assert all(seg.style and seg.style.bgcolor == loud.bgcolor for seg in top if seg.text.strip())
        # The step follows the banner.
        assert panel.text("step").startswith(f"NIGHT {game.state.night}")


async def test_a_new_theme_redraws_the_panel_and_the_seats_in_its_colours() -> None:
    game = first_night(players=8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        panel = screen.query_one("#side", SidePanel)
        circle = screen.query_one("#circle")
        before = (panel.render_line(0), circle.render_line(1))
        pilot.app.theme = "textual-light"
        await settle(pilot)
        after = (panel.render_line(0), circle.render_line(1))
        assert after[0].text == before[0].text and after[0] != before[0]
        assert after[1].text == before[1].text and after[1] != before[1]


class LogOnly(App[None]):
    CSS = "SidePanel { width: 20; height: 4; }"

    def compose(self):  # type: ignore[no-untyped-def]
        yield SidePanel(id="log", follow_end=True)


async def test_the_log_shows_its_newest_lines_whole() -> None:
    app = LogOnly()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(SidePanel)
        log.show([Section("log", "Night 1 — Ann gave it to Ben\nDay 1 — nobody\nNight 2 — Cat was poisoned")])
        await pilot.pause()
        # Five rows of words in four: the first line's wrapped tail is not shown alone.
        assert rows_text(log) == ["Day 1 — nobody", "Night 2 — Cat was", "poisoned", ""]
