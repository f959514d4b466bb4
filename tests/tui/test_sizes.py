"""The grimoire on terminals from 80x24 up: the seats, the walker's column, the pickers."""

from __future__ import annotations

import random

import attrs
import pytest
from pilot_keys import type_text
from textual.widgets import OptionList

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.rules.phantom.events import MoveArtifact
from grimoire.simulate import random_answer, random_table
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import KeysHelp, Pick
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.support.view import character_name
from grimoire.tui.widgets.seats import SeatCircle
from grimoire.tui.widgets.side import SidePanel
from night_order import AnswerKind

from .helpers import answer_by_keys, first_night, settle
from .test_repaint import assert_same, attach
from .test_seating import NAMED_SIZES, seats_area

SMALL = (80, 24)


def assert_fits_the_screen(app: GrimoireApp, selector: str) -> None:
    box = app.screen.query_one(selector)
    assert app.screen.region.contains_region(box.region), (selector, box.region)


def rows_shown(pick: Pick) -> int:
    """How many of the picker's items are in view (its list, inside the box, on the screen)."""
    listing, box = pick.query_one(OptionList), pick.query_one("#pick-box")
    # The whole list inside the box: none of it (the highlighted row, say) cut off below.
    assert box.region.contains_region(listing.region), (box.region, listing.region)
    return min(listing.scrollable_content_region.height, listing.option_count)


# At 80x24 (the seats as rows) and 140x45 (around the table) in make test; 100x30 and 200x60 in
# make test-deep.
@pytest.mark.parametrize("size", [size if size in (SMALL, (140, 45)) else pytest.param(size, marks=pytest.mark.slow)
                                  for size in NAMED_SIZES], ids=[f"{w}x{h}" for w, h in NAMED_SIZES])
@pytest.mark.parametrize("players", [5, 12, 15])
async def test_every_seat_is_readable_and_apart(size: tuple[int, int], players: int) -> None:
    game = first_night(players=players, seed=4)
    async with GrimoireApp(game=game).run_test(size=size) as pilot:
        await settle(pilot)
        circle = pilot.app.screen.query_one(SeatCircle)
        # The area the pure overlap test (test_seating.py) assumes for this terminal.
        assert (circle.size.width, circle.size.height) == seats_area(*size)
        boxes = circle.box_regions()
        assert len(boxes) == players
        for i, box in enumerate(boxes):
            assert circle.size.region.contains_region(box), (i, box)
            assert not any(box.overlaps(other) for other in boxes[i + 1:]), i
            words = circle.seat_words(i)
            name = game.state.seats[i].name
            assert words.split()[:2] == [str(i + 1), name], words
            assert game.state.seats[i].character.split("_")[0][:5].lower() in words.lower(), words


async def test_at_80x24_the_seats_become_rows_and_show_deaths_and_marks() -> None:
    game = first_night(players=15, seed=2)
    async with GrimoireApp(game=game).run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        circle = screen.query_one(SeatCircle)
        assert circle.seating().kind == "rows"
        screen.session.apply(ev.SetAlive(3, False))
        screen.session.apply(ev.PlaceToken("Used", "stage_designer", 7))
        await settle(pilot)
        assert "☠" in circle.seat_words(3)
        assert "Used" in circle.seat_words(7)
        # What the terminal shows: every seat's number and name on its own row.
        for i, box in enumerate(circle.box_regions()):
            line = circle.render_line(box.y).text.replace("▌", " ")
            assert line[box.x:box.right].split()[:2] == [str(i + 1), game.state.seats[i].name], line


async def test_at_80x24_the_walker_shows_the_phantoms_choices() -> None:
    game = first_night(players=12, seed=1)
    async with GrimoireApp(game=game).run_test(size=SMALL) as pilot:
        await settle(pilot)
        rng = random.Random(1)
        while game.prompt is not None and game.prompt.kind is not AnswerKind.OPTION_AND_PLAYER:
            await answer_by_keys(pilot, pilot.app.screen, rng)
            await settle(pilot)
        assert game.prompt is not None
        side = pilot.app.screen.query_one("#side", SidePanel)
        shown = "\n".join(side.render_line(y).text for y in range(side.size.height))
        rows = [line.strip() for line in shown.splitlines()]
        for number in range(1, 9):  # the Phantom's own seat is not on offer
            if number - 1 != game.state.seat_of("phantom").index:
                assert any(row.startswith(f"{number} ") for row in rows), shown


@pytest.mark.slow  # 140x45's grimoire: test_kept_rows.py, test_every_seat_is_readable_and_apart
async def test_a_big_screen_gives_the_walker_and_the_log_room() -> None:
    game = first_night(players=12, seed=1)
    sizes = {}
    for size in (SMALL, (140, 45), (200, 60)):
        async with GrimoireApp(game=game).run_test(size=size) as pilot:
            await settle(pilot)
            screen = pilot.app.screen
            sizes[size] = (screen.query_one("#side").size.width, screen.query_one("#log").size.height)
    (small_w, small_log), (_, mid_log), (big_w, big_log) = sizes[SMALL], sizes[(140, 45)], sizes[(200, 60)]
    assert small_w >= 36 and small_log <= 6  # the step keeps the rows on a small screen
    assert big_w >= 70 and big_log > mid_log > small_log


@pytest.mark.slow  # a picker's rows at 80x24: test_pick_filter.py's test_the_kept_height_gives_way_to_a_smaller_terminal
async def test_pickers_show_8_rows_or_more_at_80x24() -> None:
    game = first_night(players=15, seed=2)
    async with GrimoireApp(game=game).run_test(size=SMALL) as pilot:
        await settle(pilot)
        # A seat, then a character: the longest list of the grimoire.
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)
        assert rows_shown(pilot.app.screen) >= 8
        assert_fits_the_screen(pilot.app, "#pick-box")
        await pilot.press("enter")
        await pilot.pause()
        pick = pilot.app.screen
        assert isinstance(pick, Pick) and "becomes" in pick.title_text
        assert rows_shown(pick) >= 8 and pick.query_one(OptionList).option_count > 20
        assert_fits_the_screen(pilot.app, "#pick-box")
        await pilot.press("escape")
        await pilot.pause()
        # A vote: a long question and the chosen so far above the list.
        seats = [(f"{s.index + 1} {s.name}", s.index) for s in game.state.seats]
        pilot.app.push_screen(Pick("Who votes for Ben? (7 needed; dead players spend their ghost vote) " * 2,
                                   seats, multi=True, count=None, chosen=[v for _, v in seats[:9]]))
        await pilot.pause()
        assert rows_shown(pilot.app.screen) >= 8
        assert_fits_the_screen(pilot.app, "#pick-box")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, KeysHelp)
        assert_fits_the_screen(pilot.app, "#help-box")


async def test_the_setup_pickers_and_list_fit_80x24() -> None:
    app = GrimoireApp()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(seed=7))
        await pilot.pause()
        names = "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon, Kim, Lou, Max, Ned, Oli"
        await type_text(pilot, names)
        await pilot.press("enter", "escape", "r")
        await pilot.pause()
        players = app.screen.query_one("#setup-players", OptionList)
        assert players.scrollable_content_region.height >= 12
        # One line a player, but for a long character with a mark (its row wraps, whole).
        assert players.option_count == 15 and players.virtual_size.height <= 15 + 2
        assert app.screen.query_one("#setup-right").size.width >= 26  # the counts and problems
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, Pick)
        assert rows_shown(app.screen) >= 8
        assert_fits_the_screen(app, "#pick-box")


async def test_seat_rows_repaint_exactly_at_80x24() -> None:
    game = first_night(players=15, seed=2)
    rng = random.Random(8)
    while game.prompt is not None:  # to the day: an artifact to move
        game.answer(random_answer(game.prompt, game, rng))
    async with GrimoireApp(game=game).run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        assert screen.query_one(SeatCircle).seating().kind == "rows"
        screen.refresh()
        terminal = attach(pilot.app)
        await settle(pilot)
        for event in (ev.SetAlive(3, False), ev.PlaceToken("Used", "stage_designer", 7), MoveArtifact(11),
                      ev.SetAlignment(5, "evil"), ev.SetAlive(3, True)):
            screen.session.apply(event)
            await settle(pilot)
            assert_same(terminal, pilot.app, f"the override {event}")


LONG_NAMES = ("Alexandra Ferdinanda Konstantinopoulos", "Christopher Leopoldine Wilhelmsen", "Bartholomew of the Long Table",
              "Maximiliane von Hohenberg-Sternfeld", "Konstantin Evangelos Papadimitriou", "Gwendolyn Theodora Fairweather",
              "Frederika Sebastiana Oyelaran-Smith", "Sebastiano Frederiko Bellandini", "Evangeline Konstanze Mbeki-Larsen",
              "Theodora Gwendolyn Wilhelmina", "Jacqueline Nathaniel Ostrowski", "Nathaniel Jacqueline Vandermeer",
              "Wilhelmina Christophine Abernathy", "Leopoldine Alexandra Szczepańska", "Ferdinanda Bartholomea Quintero")


def phantom_kill_step(names: tuple[str, ...] = ()) -> Game:
    """A 15-seat game at night 2's Phantom kill: fifteen seats on offer."""
    for seed in range(50):
        table = random_table(15, seed=seed, script="phantom")
        if names:
            table = attrs.evolve(table, seats=tuple(attrs.evolve(s, name=n) for s, n in zip(table.seats, names)))
        game = Game(table)
        game.apply(ev.StartNight())
        rng = random.Random(seed)
        while game.prompt is not None:
            game.answer(random_answer(game.prompt, game, rng))
        if game.state.winner is not None:
            continue
        game.apply(ev.StartNight())
        while game.prompt is not None and game.prompt.step != "phantom":
            game.answer(random_answer(game.prompt, game, rng))
        if game.prompt is not None and len(game.prompt.choices) == 15:
            return game
    raise AssertionError("no seed reached the Phantom's kill with every seat on offer")


@pytest.mark.parametrize("names", [LONG_NAMES, ()], ids=["long names", "short names"])
async def test_at_80x24_the_first_choices_of_a_step_are_in_sight_on_a_row_each(names: tuple[str, ...]) -> None:
    game = phantom_kill_step(names)
    g = game.state
    async with GrimoireApp(game=game).run_test(size=SMALL) as pilot:
        await settle(pilot)
        side = pilot.app.screen.query_one("#side", SidePanel)
        rows = [side.render_line(y).text[SidePanel.GUTTER:].rstrip() for y in range(side.size.height)]
        first = next(i for i, row in enumerate(rows) if row.strip().startswith("1 "))
        assert rows[0].startswith("NIGHT 2") and any(row.startswith("▶ Phantom") for row in rows[:first])
        shown = rows[first:first + 5]  # the first five choices, each on its own row, in sight
        assert len(shown) == 5 and "more below" not in "".join(shown), rows
        for seat, row in enumerate(shown):
            name, character = g.seats[seat].name, character_name(g, seat)
            assert row.split()[0] == str(seat + 1) and row.endswith(f"({character})"), row
            if names:  # shortened, only as much as the row needs
                assert name not in row and name[:6] in row and "…" in row and len(row) >= side.size.width - 3, row
            else:
                assert f"{seat + 1} {name} ({character})" in row, row
