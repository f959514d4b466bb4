"""Names that look like markup or carry control characters: shown as typed (control
characters as escapes) in the grimoire's pickers, notices, seat card, log, setup and library;
never a crash, never a clickable action, never a terminal command."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from pilot_keys import until
from textual.events import Paste
from textual.widgets import Input, OptionList, Static

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.store import library
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import AskText, Pick
from grimoire.tui.screens.seat_card import SeatCardScreen
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.start import StartScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.side import SidePanel

from .helpers import SIZE, settle
from .hostile import (
    CONTROL_NAMES,
    CONTROL_SHOWN,
    MARKUP_NAMES,
    drawn,
    harbour_game,
    harmless,
    has_click,
    night_at,
    notice,
    options,
    renamed,
    screen_text,
    table_named,
)


async def test_mifroids_picker_shows_markup_names_as_typed_and_takes_them() -> None:
    game = night_at(table_named(MARKUP_NAMES), "inspector_mifroid")
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("8")  # Hal [/] from the table's keys: the side panel lists the choice
        await settle(pilot)
        assert "Chosen (1 of 2): 8 Hal [/]" in pilot.app.screen.query_one("#side", SidePanel).text("step")
        await pilot.press("enter")  # typed right after the digit: the number's end, nothing more
        await pilot.press("enter")  # the step's Enter: the picker of the second player
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted,
                    "the picker of the second player")
        picker = pilot.app.screen
        assert isinstance(picker, Pick)
        rows = options(picker.query_one(OptionList))
        for number, name in ((2, "[bold]Bob[/]"), (3, "x[/]y"), (7, "Gus [guest]"), (8, "Hal [/]"),
                             (9, "[@click=app.quit]y[/]")):
            assert any(row.strip(" ✔").startswith(f"{number} {name} (") for row in rows), (name, rows)
        assert not any(has_click(drawn(o.prompt)) for o in picker.query_one(OptionList).options)
        text = screen_text(pilot.app)
        assert "Hal [/]" in text and "Gus [guest]" in text and "[@click=app.quit]y[/]" in text
        await pilot.press("9")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen) and pilot.app.is_running
        assert game.state.nights[-1].info[-1].about == (7, 8)


@pytest.mark.slow
async def test_a_notice_naming_players_never_runs_markup() -> None:
    async with GrimoireApp().run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press(*"Hal [/], Gus [guest], [@click=app.quit]y[/]", "enter")
        await pilot.press("ctrl+s")  # not ready: the notice names each seat and what it lacks
        await settle(pilot)
        assert pilot.app.is_running and isinstance(pilot.app.screen, SetupScreen)
        message = notice(list(pilot.app._notifications)[-1])
        for name in ("Hal [/]", "Gus [guest]", "[@click=app.quit]y[/]"):
            assert f"({name}): no character yet" in message.plain
        assert not has_click(message)
        pilot.app.notify("[@click=app.quit]y[/] and Hal [/]")
        await pilot.pause()
        message = notice(list(pilot.app._notifications)[-1])
        assert message.plain == "[@click=app.quit]y[/] and Hal [/]" and not has_click(message)
        assert "[@click=app.quit]y[/] and Hal [/]" in screen_text(pilot.app)


@pytest.mark.slow
async def test_the_note_and_reminder_prompts_name_the_player_as_typed() -> None:
    game = night_at(table_named(MARKUP_NAMES))
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        for seat, name in ((7, "Hal [/]"), (6, "Gus [guest]")):
            pilot.app.screen.open_card(seat)  # type: ignore[attr-defined]
            await settle(pilot)
            for key, words in (("w", "Note on"), ("r", "Your own reminder on")):
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(pilot.app.screen, AskText)
                title = drawn(pilot.app.screen.query_one("#pick-title", Static).visual).plain
                assert title.startswith(f"{words} {name} (")
                await pilot.press("escape")
                await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)


async def test_the_swap_picker_shows_a_custom_characters_markup_name(tmp_path: Path) -> None:
    game = harbour_game(tmp_path, "[b]Harbour[/] [/]", "Prima [/]")
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")  # swap: whose character?
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        picker = pilot.app.screen
        assert isinstance(picker, Pick) and "becomes" in picker.title_text
        assert "Prima [/] (Townsfolk)" in options(picker.query_one(OptionList))
        await pilot.press(*"prima", "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen)
        assert game.state.seats[1].character == "lamplighter"
        assert "Prima [/]" in screen_text(pilot.app)


async def test_a_saved_game_named_with_markup_gives_a_plain_error_notice(tmp_path: Path) -> None:
    bad = tmp_path / "bad [" / "] [@click=app.quit]x[" / "].toml"  # the path holds "[/]" twice
    bad.parent.mkdir(parents=True)
    bad.write_text("format = 1\nnot toml at all [[[", encoding="utf-8")
    async with GrimoireApp().run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        pilot.app.load_and_open(str(bad))
        await settle(pilot)
        assert pilot.app.is_running and isinstance(pilot.app.screen, StartScreen)
        message = notice(list(pilot.app._notifications)[-1])
        assert str(bad) in message.plain and not has_click(message)
        assert str(bad) in drawn(pilot.app.screen.query_one("#start-problem", Static).visual).plain
        assert "bad [/] [@click=app.quit]x[/].toml" in screen_text(pilot.app).replace("\n", "")


async def test_the_seat_card_and_the_log_show_markup_names_as_typed() -> None:
    game = night_at(table_named(MARKUP_NAMES))
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        screen.session.apply(ev.SetAlive(2, False))  # x[/]y dies: the log says so
        screen.session.apply(ev.WriteNote(6, "[b]loud[/] [/] note"))
        await settle(pilot)
        assert "x[/]y" in screen.query_one("#log", SidePanel).text("log")
        screen.open_card(6)
        await settle(pilot)
        assert isinstance(pilot.app.screen, SeatCardScreen)
        text = screen_text(pilot.app)
        assert "Seat 7 · Gus [guest]" in text and "[b]loud[/] [/] note" in text


@pytest.mark.slow  # any names on setup: test_hostile_property.py
async def test_setup_and_the_library_show_markup_names_and_titles_as_typed() -> None:
    game = Game(table_named(MARKUP_NAMES))
    library.create_game(attrs.evolve(game.setup, title="[b]Friday[/] [/] game"))
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        start = pilot.app.screen
        assert isinstance(start, StartScreen)
        assert any(row.startswith("[b]Friday[/] [/] game  ·  15 players") for row in options(start.query_one("#start-games", OptionList)))
        assert "Resume [b]Friday[/] [/] game" in options(start.query_one("#start-menu", OptionList))[0]
        await pilot.press("n")
        await settle(pilot)
        setup = pilot.app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press(*"Hal [/], Gus [guest], x[/]y", "enter")
        await settle(pilot)
        rows = options(setup.query_one("#setup-players", OptionList))
        assert [row.split(". ", 1)[1].split("  ")[0].strip() for row in rows] == ["Hal [/]", "Gus [guest]", "x[/]y"]


async def test_control_characters_in_names_reach_the_screen_only_as_escapes() -> None:
    game = night_at(renamed(table_named(MARKUP_NAMES), list(CONTROL_NAMES)), "inspector_mifroid")
    async with GrimoireApp(game=game).run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert harmless(screen_text(pilot.app))
        await pilot.press("enter")
        await pilot.pause()
        rows = options(pilot.app.screen.query_one(OptionList))
        for number, name in enumerate(CONTROL_SHOWN, 1):
            assert any(row.strip().startswith(f"{number} {name} (") for row in rows), (name, rows)
        assert harmless(screen_text(pilot.app))
        await pilot.press("escape")
        await settle(pilot)
        pilot.app.screen.open_card(0)  # type: ignore[attr-defined]
        await settle(pilot)
        pilot.app.notify("E\u001b]0;pwned\u0007F")
        await pilot.pause()
        text = screen_text(pilot.app)
        assert harmless(text) and "C\\x1b[2JD" in text and "E\\x1b]0;pwned\\x07F" in text


@pytest.mark.slow
async def test_typed_and_pasted_control_characters_are_left_out() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        field = pilot.app.screen.query_one("#setup-name", Input)
        field.post_message(Paste("C\u001b[2JD, E\u001b]0;pwned\u0007F"))
        await settle(pilot)
        assert harmless(field.value) and field.value == "C[2JD, E]0;pwnedF"
        await pilot.press("enter")
        await settle(pilot)
        assert [r.name for r in pilot.app.screen.rows] == ["C[2JD", "E]0;pwnedF"]  # type: ignore[attr-defined]

    game = night_at(table_named(MARKUP_NAMES))
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        pilot.app.screen.open_card(0)  # type: ignore[attr-defined]
        await settle(pilot)
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskText)
        field = pilot.app.screen.query_one(Input)
        field.post_message(Paste("watch\u001b[2J\u202eher"))
        await pilot.pause()
        assert field.value == "watch[2Jher"
