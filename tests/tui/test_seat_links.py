"""L: each seat's private link, made once and kept, with the running server's address (or how to
start one), and the selected seat's QR code drawn in the terminal; hostile names shown as
written; a read-only window makes no codes."""

from __future__ import annotations

import os

import attrs
import pytest
from pilot_keys import until
from textual.widgets import OptionList, Static

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.store import seat_links
from grimoire.store.seat_links import Served
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens import seat_links as links_screen
from grimoire.tui.screens.seat_links import START_SERVER, TABLE, SeatLinksScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.support.qr_text import qr_lines, qr_matrix, read_back

from .helpers import SIZE, notes, settle
from .hostile import table_named

HOSTILE = ("[bold]Bob[/]", "x[/]y", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou")


def hostile_game() -> Game:
    """Twelve seats, the first two named with markup that must show as written."""
    table = table_named(HOSTILE)
    game = Game(attrs.evolve(table, seats=table.seats[:12]))
    game.apply(ev.StartNight())
    return game


@pytest.mark.parametrize("quiet", [1, 2, 4])
@pytest.mark.parametrize("ink_dark", [False, True])
def test_the_qr_code_drawn_in_text_is_the_code_module_for_module(quiet: int, ink_dark: bool) -> None:
    url = "http://192.168.100.200:8000/s/23456789abcd"
    matrix = qr_matrix(url)
    assert len(matrix) == 29  # version 3: (29 + 2*2) / 2 = 17 lines at 80x24
    lines = qr_lines(matrix, quiet=quiet, ink_dark=ink_dark)
    size = len(matrix) + 2 * quiet
    assert len(lines) == (size + 1) // 2 and {len(line) for line in lines} == {size}
    assert read_back(lines, quiet=quiet, ink_dark=ink_dark) == [list(row) for row in matrix]
    # The quiet zone is light: drawn on a dark terminal, left to the background on a light one.
    assert lines[0][0] == (" " if ink_dark else "█")


async def open_links(pilot) -> SeatLinksScreen:  # type: ignore[no-untyped-def]
    await pilot.press("L")
    await until(pilot, lambda: isinstance(pilot.app.screen, SeatLinksScreen) and pilot.app.screen.is_mounted,
                "the links")
    screen = pilot.app.screen
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return screen


def words(screen: SeatLinksScreen) -> str:
    rows = screen.query_one(OptionList)
    listed = [str(rows.get_option_at_index(i).prompt) for i in range(rows.option_count)]
    return "\n".join([str(screen.query_one("#links-server", Static).render()), *listed,
                      str(screen.query_one("#links-qr", Static).render())])


@pytest.mark.parametrize("size", [SIZE, pytest.param((80, 24), marks=pytest.mark.slow)], ids=["140x45", "80x24"])
async def test_links_with_a_running_server_codes_made_once_names_as_written(size: tuple[int, int]) -> None:
    served = Served("http://192.168.1.20:8000", "tok3n", os.getpid())
    seat_links.record_served(served)
    async with GrimoireApp(game=hostile_game()).run_test(size=size) as pilot:
        await settle(pilot)
        path = pilot.app.autosave_path()
        links = await open_links(pilot)
        codes = seat_links.read_seat_codes(path)
        assert sorted(codes) == list(range(12))  # made for every seat, kept beside the game
        text = words(links)
        assert served.table_url in text and START_SERVER not in text
        for seat, name in enumerate(HOSTILE):
            assert f"{seat + 1:>2} {name}" in text  # literally: no markup taken from a name
            assert served.seat_url(codes[seat]).removeprefix("http://") in text
        qr = str(links.query_one("#links-qr", Static).render()).splitlines()
        assert qr[0] == "1 [bold]Bob[/]" and set("".join(qr[1:])) <= set(" ▀▄█")
        assert len(qr) - 1 <= size[1] - 3  # the code fits the screen's height
        assert links.query_one("#links-qr").region.right <= size[0]
        await pilot.press("1", "2")  # seat 12: its own code
        await until(pilot, lambda: links.selected() == 11, "seat 12")
        assert str(links.query_one("#links-qr", Static).render()).startswith("12 Lou")
        await pilot.press("down")  # below the seats: the table's page, for a TV
        assert links.selected() == TABLE
        assert str(links.query_one("#links-qr", Static).render()).startswith("The table's page")
        await pilot.press("up", "up")
        assert links.selected() == 10
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GrimoireScreen)
        links = await open_links(pilot)  # again: the same codes, not new ones
        assert seat_links.read_seat_codes(path) == codes
        await pilot.press("escape")
    seat_links.forget_served(os.getpid())


async def test_without_a_server_the_screen_says_how_to_start_one_and_shows_the_codes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(links_screen, "LOOK_EVERY", 0.05)  # the screen looks for a server each second
    async with GrimoireApp(game=hostile_game()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        links = await open_links(pilot)
        codes = seat_links.read_seat_codes(pilot.app.autosave_path())
        text = words(links)
        assert START_SERVER in text and f"code {codes[0]}" in text and "http://" not in text
        # A server started meanwhile shows here at the next look.
        seat_links.record_served(Served("http://10.0.0.2:8000", "t", os.getpid()))
        await until(pilot, lambda: "10.0.0.2:8000/s/" in words(links), "the server's address")
        seat_links.forget_served(os.getpid())


async def test_a_read_only_window_shows_the_codes_made_and_makes_none() -> None:
    app = GrimoireApp(game=hostile_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        path = app.autosave_path()
        seat_links.seat_codes(path, [0, 1])  # the window running the game made two
        watched = GrimoireScreen(hostile_game(), read_only="this game is open in another window", path=path)
        app.push_screen(watched)
        await pilot.pause()
        links = await open_links(pilot)
        assert sorted(seat_links.read_seat_codes(path)) == [0, 1]  # none made here
        text = words(links)
        assert "none is made here" in text and "no link made yet" in text
        assert not any("Read-only here" in n for n in notes(app))  # the links are not refused


async def test_a_new_game_and_a_rehearsal_started_anew_forget_the_last_ones_table_and_links() -> None:
    from grimoire.store import live_table
    from grimoire.store.paths import autosave_path

    rehearsal = autosave_path(rehearsal=True)
    seat_links.seat_codes(rehearsal, [0, 1, 2])
    live_table.write_live(rehearsal, live_table.LiveTable(timer=live_table.DayTimer("Discussion", True, 60, 0)))
    async with GrimoireApp(game=hostile_game(), rehearsal=True).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert pilot.app.autosave_path() == rehearsal
        assert seat_links.read_seat_codes(rehearsal) == {}
        assert live_table.read_live(rehearsal) == live_table.LiveTable()
