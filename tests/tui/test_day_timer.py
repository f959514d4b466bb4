"""The day's timer: h starts the discussion or the nominations, pauses, resumes, ends; the day
panel shows it counting down; the players' pages get it at each change; dusk ends it; a timer
at 0 says so; a read-only window refuses it."""

from __future__ import annotations

import pytest
from pilot_keys import until

from grimoire.core import events as ev
from grimoire.store import live_table
from grimoire.store.live_table import DayTimer
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens import table_live
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.support import day_timer
from grimoire.tui.widgets.side import SidePanel

from .helpers import SIZE, notes, settle
from .test_table_keys import day_game


def test_a_timer_counts_from_what_was_left_when_it_was_written() -> None:
    t = day_timer.start("Discussion", 5, now=1000.0)
    assert t == DayTimer("Discussion", True, 300.0, 1000.0)
    assert day_timer.clock(t, 1000.0) == "05:00" and day_timer.clock(t, 1000.4) == "05:00"
    assert day_timer.clock(t, 1001.0) == "04:59"
    paused = day_timer.pause(t, 1061.5)
    assert paused == DayTimer("Discussion", False, 238.5, 1061.5)
    assert day_timer.clock(paused, 5000.0) == "03:59"  # a paused timer stands still
    again = day_timer.resume(paused, 2000.0)
    assert again.running and day_timer.clock(again, 2238.4) == "00:01"
    assert day_timer.is_up(again, 2238.5) and day_timer.clock(again, 9999.0) == "00:00"
    assert "time is up" in day_timer.timer_line(again, 2240.0)
    assert "paused" in day_timer.timer_line(paused, 0.0)


def side(screen: GrimoireScreen) -> SidePanel:
    return screen.query_one("#side", SidePanel)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The grimoire's clock, moved on by the test (the timer's line still ticks for real)."""
    now = [1000.0]
    monkeypatch.setattr(table_live, "now", lambda: now[0])
    return now


async def choose(pilot, letter: str) -> None:  # type: ignore[no-untyped-def]
    """h, then a row of the timer's picker by its letter."""
    await pilot.press("h")
    await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted, "the picker")
    await pilot.press(letter, "enter")
    await settle(pilot)


async def test_start_pause_resume_and_end_here_and_on_the_players_pages(clock: list[float]) -> None:
    async with GrimoireApp(game=day_game()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        path = pilot.app.autosave_path()

        def pages() -> DayTimer | None:
            return live_table.read_live(path).timer

        before = len(screen.game.events)
        await choose(pilot, "c")  # Discussion: 5 minutes
        t = screen.day_timer
        assert t is not None and t.label == "Discussion" and t.running and t.left == 300.0
        # In the record only as the day's timer: its start and length.
        assert screen.game.events[before:] == [ev.StartDayTimer("Discussion", 300)]
        assert "The day's timer: discussion, 5 minutes." in screen.query_one("#log", SidePanel).text("log")
        assert t.at == 1000.0 and side(screen).text("timer").startswith("⏱ Discussion: 05:00")
        assert "DAY 1" in side(screen).text("step")  # the day below it, as before
        await until(pilot, lambda: pages() == t, "the timer on the pages")
        clock[0] += 61.5  # it counts down on its own: the line follows the clock
        await until(pilot, lambda: "03:59" in side(screen).text("timer"), "a minute gone")

        await choose(pilot, "p")  # Pause
        paused = screen.day_timer
        assert paused == DayTimer("Discussion", False, 238.5, 1061.5)
        assert "paused" in side(screen).text("timer")
        await until(pilot, lambda: pages() == paused, "the pause on the pages")

        clock[0] += 600  # paused: no time goes
        await choose(pilot, "r")  # Resume
        assert screen.day_timer == DayTimer("Discussion", True, 238.5, 1661.5)
        await until(pilot, lambda: pages() == screen.day_timer, "the timer again on the pages")

        await choose(pilot, "e")  # End
        assert screen.day_timer is None and side(screen).text("timer") == ""
        await until(pilot, lambda: pages() is None, "no timer on the pages")

        await choose(pilot, "f")  # Nominations: 1 minute; then dusk ends it
        assert screen.day_timer is not None and screen.day_timer.label == "Nominations"
        await pilot.press("d")
        await settle(pilot)
        assert screen.day_timer is None
        await until(pilot, lambda: pages() is None, "dusk: no timer on the pages")
        assert not screen.check_action("timer", ())  # the night: no timer on offer


async def test_a_timer_at_zero_says_so_once(clock: list[float]) -> None:
    async with GrimoireApp(game=day_game()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        screen.set_day_timer(DayTimer("Nominations", True, 60.0, clock[0]))
        clock[0] += 60
        await until(pilot, lambda: any("Nominations: time is up" in n for n in notes(pilot.app)), "the notice")
        assert "00:00 — time is up" in side(screen).text("timer")
        screen._tick()  # the clock stays at 0: no second notice
        screen._tick()
        assert sum("time is up" in n for n in notes(pilot.app)) == 1


async def test_a_read_only_window_refuses_the_timer() -> None:
    app = GrimoireApp(game=day_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        watched = GrimoireScreen(day_game(), read_only="this game is open in another window",
                                 path=app.autosave_path())
        app.push_screen(watched)
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert app.screen is watched and watched.day_timer is None
        assert any("Read-only" in n for n in notes(app))
        assert not watched.live.writes  # nothing for the pages from this window


def test_a_length_typed_by_the_storyteller() -> None:
    assert day_timer.parse_length("4") == 240 and day_timer.parse_length(" 2.5 ") == 150
    assert day_timer.parse_length("4:30") == 270 and day_timer.parse_length("90s") == 90
    for bad in ("", "soon", "4:75", "0", "-3", "25:00:00", "1e9", "nan"):
        with pytest.raises(ValueError):
            day_timer.parse_length(bad)


async def test_the_storyteller_sets_the_timers_length(clock: list[float]) -> None:
    from grimoire.tui.screens.modals import AskText

    async with GrimoireApp(game=day_game()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        before = len(screen.game.events)
        await pilot.press("h")
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted, "the picker")
        await pilot.press("l", "enter")  # Discussion: another length…
        await until(pilot, lambda: isinstance(pilot.app.screen, AskText), "the length asked")
        await pilot.press(*"soon", "enter")  # a slip: asked again, saying what is wrong
        await until(pilot, lambda: isinstance(pilot.app.screen, AskText) and "is no length" in
                    pilot.app.screen.title_text, "the slip said")
        assert screen.game.events[before:] == []
        for _ in range(4):
            await pilot.press("backspace")
        await pilot.press(*"4:30", "enter")
        await settle(pilot)
        t = screen.day_timer
        assert t is not None and t.label == "Discussion" and t.left == 270.0
        assert screen.game.events[before:] == [ev.StartDayTimer("Discussion", 270)]
        assert side(screen).text("timer").startswith("⏱ Discussion: 04:30")
        assert live_table.read_live(pilot.app.autosave_path()).timer == t
