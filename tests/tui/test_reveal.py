"""The reveal screen: offered when a team wins, turned page by page, shown on the town square at
the storyteller's word; never reachable before the game's end."""

from __future__ import annotations

import random

import pytest
from textual.screen import Screen

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.reveal import game_reveal, reveal_sections
from grimoire.simulate import play_random, random_table
from grimoire.store.saves import load_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.screens.reveal import RevealScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.support.reveal_pages import paginate
from grimoire.tui.widgets.side import SidePanel
from grimoire.tui.widgets.title import TitleBar

from .helpers import SIZE, notes, pick_seat, settle

SEED = 4  # eight players, the Punjab Lasso, the Claque: good wins by executing the Phantom on day 5


def finished_game(players: int = 8) -> Game:
    return play_random(Game(random_table(players, seed=SEED, script="phantom")), random.Random(SEED), max_nights=20)


def before_the_last_execution() -> tuple[Game, int]:
    """The game of SEED up to the day of its end, with the execution that ends it still to do."""
    game = finished_game()
    last = game.events[-1]
    assert isinstance(last, ev.Execute) and last.answer is None
    return Game(game.setup, game.events[:-1]), last.seat


def palette_entries(screen: Screen) -> list[str]:  # type: ignore[type-arg]
    return [text for text, _, _ in ScreenKeys(screen)._entries()]


def offered(screen: RevealScreen) -> list[str]:
    """The town square's key as the footer and the palette offer it now."""
    return [entry.split("  (")[0] for entry in palette_entries(screen) if "players" in entry]


def title(app: GrimoireApp) -> str:
    return str(app.screen.query_one(TitleBar).render())


async def test_a_game_played_to_its_end_offers_the_reveal_and_its_pages_turn() -> None:
    game, phantom = before_the_last_execution()
    app = GrimoireApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, GrimoireScreen)
        await pilot.press("r")  # not yet: nothing opens
        await pilot.pause()
        assert app.screen is table and not table.check_action("reveal", ())
        assert not any("Reveal" in entry for entry in palette_entries(table))

        await pilot.press("e")  # the storyteller executes the Phantom: good wins
        await pilot.pause()
        await pick_seat(pilot, phantom)
        await settle(pilot)
        assert table.game.state.winner is not None
        assert any("Press r for the reveal: every character, the artifact's path, who was drunk or poisoned" in n
                   for n in notes(app))
        assert "r: the reveal for the players" in table.query_one("#side", SidePanel).text("step")
        assert any("Reveal" in entry for entry in palette_entries(table))

        await pilot.press("r")
        await pilot.pause()
        reveal = app.screen
        assert isinstance(reveal, RevealScreen)
        await pilot.pause()
        pages = reveal.pages
        assert [p.heading for p in pages if p.part == 1] == [h for h, _ in reveal_sections(reveal.reveal)]
        head = str(reveal.query_one("#reveal-head").render())
        assert "GOOD WINS" in head and "THE PLAYERS" in head and f"page 1 of {len(pages)}" in head
        shown = str(reveal.query_one("#reveal-page").render())
        for seat in reveal.reveal.seats:
            assert f"{seat.seat + 1} {seat.name} — {seat.ended.name}" in shown
        for n in range(1, len(pages)):
            await pilot.press("right")
            assert reveal.page == n
        await pilot.press("right")  # the last page stays
        assert reveal.page == len(pages) - 1
        assert "DRUNK AND POISONED" in str(reveal.query_one("#reveal-head").render())
        await pilot.press("left")
        assert reveal.page == len(pages) - 2
        await pilot.press("home")
        assert reveal.page == 0
        await pilot.press("n", "n", "p")
        assert reveal.page == 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table


async def test_the_storyteller_shows_the_reveal_on_the_town_square_and_hides_it() -> None:
    app = GrimoireApp(game=finished_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("r")
        await pilot.pause()
        reveal = app.screen
        assert isinstance(reveal, RevealScreen)
        assert "ON THE TOWN SQUARE" not in title(app) and offered(reveal) == ["Show players"]
        await pilot.press("s")
        await settle(pilot)
        assert table.game.state.reveal_shown
        assert "ON THE TOWN SQUARE" in title(app) and offered(reveal) == ["Hide from players"]
        assert load_game(app.autosave_path()).state.reveal_shown  # the square follows the file
        await pilot.press("s")
        await settle(pilot)
        assert not table.game.state.reveal_shown and not load_game(app.autosave_path()).state.reveal_shown
        assert "ON THE TOWN SQUARE" not in title(app)
        await pilot.press("escape", "u")  # undo on the table takes back the last choice
        await settle(pilot)
        assert table.game.state.reveal_shown


async def test_a_read_only_window_shows_the_reveal_but_never_shows_it_to_the_players() -> None:
    app = GrimoireApp(game=finished_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        watched = GrimoireScreen(finished_game(), read_only="this game is open in another window")
        app.push_screen(watched)
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        await pilot.press("s")
        await pilot.pause()
        assert not watched.game.state.reveal_shown and not watched.game.events[-1].kind == "show_reveal"
        assert any("Read-only" in n for n in notes(app))


@pytest.mark.parametrize("size", [(80, 24), pytest.param((140, 45), marks=pytest.mark.slow)], ids=["80x24", "140x45"])
async def test_every_page_fits_the_screen(size: tuple[int, int]) -> None:
    app = GrimoireApp(game=finished_game(players=15))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        reveal = app.screen
        assert isinstance(reveal, RevealScreen)
        await pilot.pause()
        page = reveal.query_one("#reveal-page")
        room = page.content_size
        assert room.height >= (15 if size[1] == 24 else 35) and room.width >= size[0] - 6
        assert reveal.pages == paginate(reveal_sections(reveal.reveal), room.width, room.height)
        for p in reveal.pages:
            assert len(p.rows) <= room.height
        assert page.region.bottom <= app.screen.query_one("KeysFooter").region.y  # nothing under the keys


def test_pages_wrap_to_the_width_and_cut_to_the_height_never_inside_a_line() -> None:
    r = game_reveal(finished_game(players=15))
    sections = reveal_sections(r)
    for width, height in ((76, 18), (40, 6), (136, 39)):
        pages = paginate(sections, width, height)
        assert [p.heading for p in pages if p.part == 1] == [h for h, _ in sections]
        for page in pages:
            assert 0 < len(page.rows) <= height
            assert all(len(row) <= width for row in _plain(page.rows))
        # Every line is there, whole, on one page, in order.
        for heading, lines in sections:
            told = [" ".join(_plain(p.rows)) for p in pages if p.heading == heading]
            at = 0
            for line in lines:
                page = next(i for i in range(at, len(told)) if " ".join(line.text.split()) in " ".join(told[i].split()))
                at = page
    assert len(paginate(sections, 40, 6)) > len(paginate(sections, 136, 39))


def _plain(rows: tuple[str, ...]) -> list[str]:
    from textual.content import Content

    return [Content.from_markup(row).plain for row in rows]


async def test_names_on_the_reveal_are_shown_as_written() -> None:
    import attrs

    names = ["[bold red]x[/]", "Hal [/]", "Gus [guest]", "[@click=app.quit]q[/]", "Bob\\", "Fay", "Ivy", "Jon"]
    setup = random_table(8, seed=SEED, script="phantom")
    setup = attrs.evolve(setup, seats=tuple(attrs.evolve(s, name=n) for s, n in zip(setup.seats, names)))
    game = play_random(Game(setup), random.Random(SEED), max_nights=20)
    assert game.state.winner is not None
    app = GrimoireApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        await pilot.pause()
        reveal = app.screen
        assert isinstance(reveal, RevealScreen)
        shown = reveal.query_one("#reveal-page").render()
        for seat, name in enumerate(names):
            assert f"{seat + 1} {name} — " in str(shown)
        assert app.is_running  # no click ran
