"""The report's odd names at each game's table: markup never crashes the app nor restyles a
name; the name shows as typed, in screens, pickers, notices and the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.content import Content
from textual.widgets import OptionList, RichLog, Static
from tui.hostile import as_drawn, options  # (tests/tui: the grimoire's own checks)

from grimoire.games.mummy.deal import DealScreen
from grimoire.games.mummy.modals import PickScreen
from grimoire.games.voice.commands import Effect, MummyCommand
from grimoire.tui.app import GrimoireApp

from .helpers import SIZE, opened

ODD = ("x[/]y", "[bold]Bob[/]", "<script>", "[red]Zed")


def drawn(widget) -> Content:  # type: ignore[no-untyped-def]
    """What a Static or a Label draws, as text and styles."""
    visual = widget.visual
    return visual if isinstance(visual, Content) else Content.from_markup(str(visual))


def static_text(screen) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(drawn(w).plain for w in screen.query(Static))


def messages(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [n.message for n in app._notifications]


def log_text(screen, selector: str) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(strip.text for strip in screen.query_one(selector, RichLog).lines)


@pytest.fixture(autouse=True)
def config_home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.slow  # names on its screens: test_hostile_property.py's
async def test_night_of_the_mummy_passes_the_laptop_to_each_odd_name() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        await pilot.press("p", *", ".join(ODD), "enter", "r", "d")
        await pilot.pause()
        deal = app.screen
        assert isinstance(deal, DealScreen)
        for name in ODD:
            gate = drawn(deal.query_one("#deal-text", Static))
            assert f"Pass the laptop to {name.upper()}." in gate.plain
            assert f"Press Enter when only {name} is looking." in gate.plain
            await pilot.press("enter")
            shown = drawn(deal.query_one("#deal-text", Static)).plain
            assert f"{name}, you are:" in shown
            await pilot.press("enter")
        await pilot.press("enter")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickScreen)  # who goes first: each name as typed
        rows = options(picker.query_one(OptionList))
        assert rows == list(ODD)
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running
        seats = drawn(app.screen.query_one("#mummy-seats", Static))
        for name in ODD:
            assert name in seats.plain
        # "[bold]Bob[/]" is a name, not a style: nothing on the seats is styled but the heading.
        assert [seats.plain[s.start:s.end] for s in seats.spans] == ["Seats"]


@pytest.mark.slow
async def test_vampir_mau_mau_names_the_players_in_its_notices(config_home: Path) -> None:
    from .maumau.test_maumau_screen import on_turn, shown, started, type_in, write_roster

    write_roster(config_home)
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot, "x[/]y, [bold]Bob[/]", "3")
        igor = screen.game.characters.index("Igor")
        await on_turn(pilot, igor)
        await type_in(pilot, "p", "red axe")
        await pilot.press("a")  # Igor sets 2 cards aside
        await pilot.pause()
        await type_in(pilot, "p", "clock")  # the next player takes them
        assert app.is_running
        taker = screen.game.players[1 - igor]
        assert any(f"{taker} takes all 2 set-aside cards" in m for m in messages(app))
        assert f"{taker} takes all 2 set-aside cards" in log_text(screen, "#mm-log")
        table = shown(screen.query_one("#mm-table-body"))
        assert "x[/]y" in table and "[bold]Bob[/]" in table


@pytest.mark.slow  # any names on Mau Mau's table: test_hostile_property.py
async def test_vampir_mau_mau_picks_and_shows_brackets_and_backslashes() -> None:
    from .maumau.test_maumau_screen import shown, started

    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot, "a[b, Bob\\, Cy", "3")
        await pilot.press("o")  # whose turn: the seats by name
        await pilot.pause()
        assert app.is_running
        rows = options(app.screen.query_one(OptionList))
        assert [row.split()[:2] for row in rows] == [["1", "a[b"], ["2", "Bob\\"], ["3", "Cy"]]
        await pilot.press("2")
        await pilot.pause()
        deal = as_drawn(shown(screen.query_one("#mm-deal-body")))
        assert "on turn: Bob\\" in deal and "Bob\\\\" not in deal
        await pilot.press("s")  # the score sheet names each player as typed
        await pilot.pause()
        sheet = as_drawn(shown(app.screen.query(Static).last()))
        assert "a[b" in sheet and "Bob\\ " in sheet and "Bob\\\\" not in sheet


async def test_voice_of_the_mummy_speaks_a_command_with_brackets(tmp_path: Path) -> None:
    from .voice.test_voice_screen import start

    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b", names=("[bold]Bob[/]", "x[/]y"))
        said = "Beware the [/] of [red]Amon: take a jewel"
        screen.commands = (MummyCommand(said, Effect.TAKE_FROM_OPPONENT),)
        await pilot.press("tab", "3", "j", "tab")  # Blue holds a jewel
        await pilot.press("3", "v")
        await pilot.pause()
        assert app.is_running
        assert drawn(screen.query_one("#voice-text", Static)).plain == said.upper()
        todo = drawn(screen.query_one("#voice-todo", Static)).plain
        assert todo.startswith("[bold]Bob[/] (Red) must:")
        await pilot.press("r")
        await pilot.pause()
        title = static_text(app.screen)
        assert f"[bold]Bob[/] (Red): {said} Which opponent?" in title
        rows = options(app.screen.query_one(OptionList))
        assert rows[0].startswith("x[/]y (Blue) (")
        await pilot.press("enter")
        await pilot.pause()
        assert [e.precious for e in screen.tomb.explorers] == [1, 0]
        card = screen.query_one("#explorer-0")
        assert card._border_title.plain == "[bold]Bob[/] (Red)"  # what the border draws


@pytest.mark.slow
async def test_a_refusal_names_the_explorer_as_typed() -> None:
    from .voice.test_voice_screen import start

    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b", names=("x[/]y", "Al"))
        screen.commands = (MummyCommand("Take a jewel", Effect.TAKE_FROM_OPPONENT),)
        await pilot.press("3", "v", "tab")  # must obey first: refused, naming x[/]y
        await pilot.pause()
        assert messages(app)[-1].startswith("x[/]y (Red) must first do as the Mummy commanded")

