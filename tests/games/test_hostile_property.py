"""A property: whatever the players are called (markup, brackets, emoji, control characters,
very long names), each game's screens draw without a crash, show each name as typed (a control
character as its escape) and never send a control character to the terminal."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, assume, example, given, reject, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from textual.content import Content
from textual.widgets import OptionList, SelectionList, Static
from tui.hostile import as_drawn, as_escapes, harmless, options, screen_text  # the grimoire's checks
from tui.test_hostile_property import NAME

from grimoire.games.maumau import rules as maumau_rules
from grimoire.games.mummy.deal import DealScreen
from grimoire.games.mummy.modals import PickScreen, SecretScreen
from grimoire.games.voice import rules as voice_rules
from grimoire.games.voice.commands import Effect, MummyCommand
from grimoire.games.voice.pickers import PickMany
from grimoire.games.voice.setup import SetupModal
from grimoire.tui.app import GrimoireApp

from .helpers import opened
from .maumau.test_maumau_screen import screen_of, shown
from .mummy.pilot import game_of, open_table

# make test draws one set of names at 80x24, the tighter size (beside the examples written out);
# make test-slow (and CI) a few at each size, each size its own test so that parallel workers
# share them (up to 13 s each at 140x45); many more with HYPOTHESIS_PROFILE=deep.
EXAMPLES = 2 if settings.default.max_examples <= 100 else 50
SIZES = pytest.mark.parametrize("size", [(80, 24), (140, 45)])
QUICK = settings(max_examples=1, deadline=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
PROPERTY = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def names_of(count: int) -> st.SearchStrategy[list[str]]:
    return st.lists(NAME.map(str.strip), min_size=count, max_size=count, unique_by=str.casefold)


def drawn(widget: Static) -> str:
    """The words a Static draws (its markup read), less the grimoire's own word joiner."""
    visual = widget.visual
    content = visual if isinstance(visual, Content) else Content.from_markup(str(visual))
    return as_drawn(content.plain)


def check_screen(app: GrimoireApp, where: str) -> None:
    assert app.is_running, where
    assert harmless(screen_text(app)), f"{where}: a control character reaches the terminal"


@contextmanager
def own_home() -> Iterator[None]:
    """Each example in a Grimoire home of its own (no autosave left from the one before)."""
    old = os.environ.get("GRIMOIRE_HOME")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["GRIMOIRE_HOME"] = tmp
        try:
            yield
        finally:
            if old is None:
                del os.environ["GRIMOIRE_HOME"]
            else:
                os.environ["GRIMOIRE_HOME"] = old


@QUICK
@given(names=names_of(4))
async def test_night_of_the_mummy_shows_any_names_as_typed(names: list[str]) -> None:
    await night_of_the_mummy_shows_any_names_as_typed(names, (80, 24))


@pytest.mark.slow
@PROPERTY
@given(names=names_of(4))
@SIZES
async def test_night_of_the_mummy_shows_any_names_as_typed_in_full(names: list[str], size: tuple[int, int]) -> None:
    await night_of_the_mummy_shows_any_names_as_typed(names, size)


async def night_of_the_mummy_shows_any_names_as_typed(names: list[str], size: tuple[int, int]) -> None:
    shown_as = [as_escapes(name) for name in names]
    game = game_of(tuple(names), ("mummy", "phantom", "sarcophagus", "archeologist"), ("gargoyle", "sasquatch"))
    with own_home():
        app = GrimoireApp(mode="mummy")
        async with app.run_test(size=size) as pilot:
            await opened(pilot)
            app.screen.players = tuple(names)
            await pilot.pause()
            players = drawn(app.screen.query_one("#mummy-players", Static))
            assert all(name in players for name in shown_as), players
            check_screen(app, "setup")

            await app.push_screen(DealScreen(game))
            await pilot.pause()
            gate = drawn(app.screen.query_one("#deal-text", Static))
            assert f"Pass the laptop to {as_escapes(names[0].upper())}." in gate, gate
            assert f"only {shown_as[0]} is looking." in gate, gate
            check_screen(app, "the deal's gate")
            await pilot.press("enter")
            assert drawn(app.screen.query_one("#deal-text", Static)).startswith(f"{shown_as[0]}, you are:")
            check_screen(app, "a dealt card")
            await pilot.press("escape")  # abandon the deal
            await pilot.pause()

            table = await open_table(pilot, game)
            seats = drawn(table.query_one("#mummy-seats", Static))
            assert all(f"{seat + 1}. {name} — face-down" in seats for seat, name in enumerate(shown_as)), seats
            assert drawn(table.query_one("#mummy-turn", Static)).startswith(f"{shown_as[0]}'s turn:")
            check_screen(app, "the table")
            await pilot.press("c")  # who looks at their card: the players by name
            await pilot.pause()
            assert isinstance(app.screen, PickScreen)
            assert options(app.screen.query_one(OptionList)) == shown_as
            check_screen(app, "a picker")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SecretScreen)
            assert f"only {shown_as[0]} is looking." in drawn(app.screen.query_one("#gate", Static))
            await pilot.press("enter")
            assert drawn(app.screen.query_one("#secret", Static)).startswith(f"{shown_as[0]}, you are:")
            check_screen(app, "a secret")
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("i")  # the inquiry's pickers name the asker and the others
            await pilot.pause()
            title = drawn(app.screen.query_one(".mummy-dialog-title", Static))
            assert title == f"{shown_as[0]} inquires of…"
            assert options(app.screen.query_one(OptionList)) == shown_as[1:]
            check_screen(app, "the inquiry")
            await pilot.press("escape")
            await pilot.pause()
            assert app.is_running


@QUICK  # one draw in make test; the two examples below, and many draws, in make test-slow
@given(names=names_of(3))
async def test_vampir_mau_mau_shows_any_names_as_typed(names: list[str]) -> None:
    await vampir_mau_mau_shows_any_names_as_typed(names, (80, 24))


@pytest.mark.slow
@PROPERTY
@given(names=names_of(3))
@example(names=["[b]", "[/]", "[b]李"])  # a wide character: its name column is sized in cells
@example(names=["a  b", "a b", "c"])  # one name to the score sheet: refused
@SIZES
async def test_vampir_mau_mau_shows_any_names_as_typed_in_full(names: list[str], size: tuple[int, int]) -> None:
    await vampir_mau_mau_shows_any_names_as_typed(names, size)


async def vampir_mau_mau_shows_any_names_as_typed(names: list[str], size: tuple[int, int]) -> None:
    try:
        game = maumau_rules.new_game(names, 3)
    except maumau_rules.RuleError:  # "a  b" and "a b" are one name to the score sheet: refused
        reject()
    game = maumau_rules.apply(game, maumau_rules.StartDiscard((maumau_rules.Card("mau", "red", "axe"),)))
    shown_as = [as_escapes(name) for name in game.players]  # as the rules keep them (single spaces)
    with own_home():
        app = GrimoireApp(mode="maumau")
        async with app.run_test(size=size) as pilot:
            await opened(pilot)
            screen = screen_of(app)
            screen.game = game
            await pilot.pause()
            deal = drawn(screen.query_one("#mm-deal-body", Static))
            turn = game.deal.turn if game.deal else 0
            assert f"Dealer {shown_as[0]} (" in deal and f"on turn: {shown_as[turn]}" in deal, deal
            # The table's name column is 14 cells wide: names that fit show whole.
            table = as_drawn(shown(screen.query_one("#mm-table-body")))
            for name in shown_as:
                if cell_len(name) <= 12 and name.strip() == name:
                    assert name in table, (name, table)
            check_screen(app, "the table")
            await pilot.press("o")  # whose turn: the seats by name
            await pilot.pause()
            rows = options(app.screen.query_one(OptionList))
            assert [row.startswith(f"{i + 1}  {name}") for i, (row, name) in enumerate(zip(rows, shown_as))] == [True] * 3
            check_screen(app, "a picker")
            await pilot.press("escape", "s")  # the score sheet
            await pilot.pause()
            check_screen(app, "the score sheet")
            await pilot.press("escape")
            await pilot.pause()
            assert app.is_running


# Voice of the Mummy's in the slow set, at both sizes: make test shows its odd names and commands
# as typed in test_odd_names.py (a command with brackets) and test_digits_in_text.py.
@pytest.mark.slow
@PROPERTY
@given(names=names_of(3), said=NAME)
@example(names=["[b]", "x", "[b]\x1b"], said="x")  # one name, once the control is out: refused
@SIZES
async def test_voice_of_the_mummy_shows_any_names_and_commands_as_typed(
    names: list[str], said: str, size: tuple[int, int]
) -> None:
    try:
        tomb = voice_rules.new_tomb(voice_rules.COLOURS[:3], names)
    except voice_rules.RuleError:  # "[b]" and "[b]\x1b" are one name once the control is out: refused
        reject()
    explorers = [e.name for e in tomb.explorers]  # the names as kept: no control character
    assume(len({e.casefold() for e in explorers}) == 3)
    with own_home():
        app = GrimoireApp(mode="voice")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            if isinstance(app.screen, SetupModal):
                await pilot.press("escape")
                await pilot.pause()
            screen = app.screen
            screen.commands = (MummyCommand(said, Effect.TAKE_FROM_OPPONENT),)
            screen.tomb = voice_rules.record_throw(tomb, 3)  # the first explorer has moved
            await pilot.pause()
            for n, name in enumerate(explorers):
                # What the border draws (its getter gives markup back, re-escaped its own way).
                title = as_drawn(screen.query_one(f"#explorer-{n}")._border_title.plain)
                assert title == name
            assert drawn(screen.query_one("#turn-hint", Static)).startswith(f"{explorers[0]}'s turn")
            check_screen(app, "the tomb")
            await pilot.press("x")  # landed on opponents: the others by name
            await pilot.pause()
            assert isinstance(app.screen, PickMany)
            assert drawn(app.screen.query(Static).first()) == f"{explorers[0]} landed on which opponent(s)?"
            picks = app.screen.query_one(SelectionList)
            rows = [as_drawn(Content.from_markup(str(o.prompt)).plain if not isinstance(o.prompt, Content)
                             else o.prompt.plain) for o in picks.options]
            assert [row.startswith(f"{name} (") for row, name in zip(rows, explorers[1:])] == [True, True]
            check_screen(app, "a picker")
            await pilot.press("escape", "tab", "3", "j", "tab", "tab", "3")  # the second explorer holds a jewel
            await pilot.press("v")  # the Mummy speaks the group's own words
            await pilot.pause()
            assert drawn(screen.query_one("#voice-text", Static)) == as_escapes(" ".join(said.split()).upper()) or \
                drawn(screen.query_one("#voice-text", Static)) == as_escapes(said.upper())
            assert drawn(screen.query_one("#voice-todo", Static)).startswith(f"{explorers[0]} must:")
            check_screen(app, "the Mummy's voice")
            assert app.is_running
