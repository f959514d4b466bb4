"""The seat cursor and the seat card: arrows, Enter, Escape, a click, and the card's actions."""

from __future__ import annotations

from pilot_keys import type_text
from textual.widgets import Static

from grimoire.store.saves import load_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import AskText, Pick
from grimoire.tui.screens.seat_card import SeatCardScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.seats import SeatCircle

from .helpers import SIZE, first_night, notes, settle, type_pick


def table(app: GrimoireApp) -> GrimoireScreen:
    screen = app.screen
    assert isinstance(screen, GrimoireScreen)
    return screen


def footer_keys(screen) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {item.shown: item.description for item in screen.query_one(KeysFooter).items}


async def test_arrows_move_a_visible_cursor_and_escape_hides_it() -> None:
    game = first_night(players=8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(pilot.app)
        circle = screen.query_one(SeatCircle)
        assert screen.selected is None and circle._cursor is None
        assert "⏎" not in footer_keys(screen)
        await pilot.press("right")  # the first arrow shows the cursor on seat 1
        assert screen.selected == 0 and circle._cursor == 0
        assert footer_keys(screen)["⏎"] == "Card"
        await pilot.press("right", "right")
        assert screen.selected == 2
        await pilot.press("left", "left", "left")
        assert screen.selected == 7  # round the table
        regions = circle.box_regions()
        await pilot.press("down")
        below = screen.selected
        assert regions[below].center[1] > regions[7].center[1]
        await pilot.press("up")
        assert regions[screen.selected].center[1] < regions[below].center[1]
        # The cursor's box is drawn with a reversed border; the others are not.
        row = circle.render_line(regions[screen.selected].y)
        cut = row.crop(regions[screen.selected].x, regions[screen.selected].x + 1)
        assert any(seg.style and seg.style.reverse for seg in cut)
        await pilot.press("escape")
        assert screen.selected is None and circle._cursor is None
        await pilot.press("enter")  # the cursor hidden: Enter is Next again
        await settle(pilot)
        assert game.prompt is not None and game.prompt.step != "dusk"
        assert isinstance(pilot.app.screen, GrimoireScreen)


async def test_enter_opens_the_card_of_the_seat_under_the_cursor() -> None:
    game = first_night(players=8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("right", "right", "right", "enter")
        await pilot.pause()
        card = pilot.app.screen
        assert isinstance(card, SeatCardScreen) and card.seat == 2
        name = game.state.seats[2].name
        assert str(card.query_one("#card-title").render()) == f"Seat 3 · {name}"
        ability = game.script.character(game.state.seats[2].character).ability
        assert ability.split()[0] in str(card.query_one("#card-text").render())
        await pilot.press("right")  # the next seat's card
        assert card.seat == 3
        await pilot.press("escape")
        await pilot.pause()
        screen = table(pilot.app)
        assert screen.selected == 3  # the cursor follows the card
        assert game.prompt.step == "dusk"  # nothing was answered


async def test_each_action_on_the_card_applies_autosaves_and_undoes() -> None:
    game = first_night(players=8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("right", "right", "enter")  # seat 2's card
        await pilot.pause()
        card = pilot.app.screen
        assert isinstance(card, SeatCardScreen) and card.seat == 1
        g = lambda: game.state  # noqa: E731 - the state is refolded on undo
        start = len(game.events)

        await pilot.press("k")
        assert not g().seats[1].alive and "Dead" in card.card.section("State").lines[0]
        await pilot.press("u")
        assert g().seats[1].alive and len(game.events) == start

        await pilot.press("t")
        await pilot.pause()
        await type_pick(pilot, "Protected (Raoul")
        await settle(pilot)
        assert [t.shown for t in g().tokens_on(1)] == ["Protected"]
        assert card.card.section("Reminders").lines[0].startswith("Protected: Raoul de Chagny's token; placed night 1, by the storyteller")
        await pilot.press("u")
        assert g().tokens_on(1) == []

        await pilot.press("r")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskText)
        await type_text(pilot, "claims Meg")
        await pilot.press("enter")
        await settle(pilot)
        assert [r.text for r in g().reminders_on(1)] == ["claims Meg"]
        assert "claims Meg" in table_screen(pilot).query_one(SeatCircle).seat_words(1)
        await pilot.press("T")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)
        await type_pick(pilot, "claims")
        assert g().reminders_on(1) == []
        await pilot.press("u")
        assert [r.text for r in g().reminders_on(1)] == ["claims Meg"]

        await pilot.press("w")
        await pilot.pause()
        await type_text(pilot, "nervous")
        await pilot.press("enter")
        await settle(pilot)
        assert g().note(1).text == "nervous"
        assert card.card.section("Note").lines == ("nervous", "(written night 1)")
        saved = load_game(pilot.app.autosave_path())  # every action is autosaved
        assert saved.events == game.events and saved.state.note(1).text == "nervous"
        await pilot.press("u")
        assert g().note(1) is None and card.card.section("Note").lines == ("None",)
        await pilot.press("U")
        assert g().note(1).text == "nervous"

        # A reminder longer than the limit is kept open on Enter with the reason; nothing is logged.
        n = len(game.events)
        await pilot.press("r")
        await pilot.pause()
        ask = pilot.app.screen
        assert isinstance(ask, AskText)
        await type_text(pilot, "x" * 41)
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is ask and len(game.events) == n
        assert "at most 40" in str(ask.query_one("#text-count", Static).content)
        await pilot.press("escape")
        await settle(pilot)
        assert len(game.events) == n and pilot.app.screen is card


def table_screen(pilot):  # type: ignore[no-untyped-def]
    return next(s for s in pilot.app.screen_stack if isinstance(s, GrimoireScreen))


async def test_a_click_selects_a_seat_and_a_second_click_opens_its_card() -> None:
    game = first_night(players=8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(pilot.app)
        circle = screen.query_one(SeatCircle)
        box = circle.box_regions()[5]
        await pilot.click(SeatCircle, offset=(box.x + 2, box.y + 2))
        await pilot.pause()
        assert screen.selected == 5 and circle._cursor == 5
        assert isinstance(pilot.app.screen, GrimoireScreen)
        await pilot.click(SeatCircle, offset=(box.x + 2, box.y + 2))
        await pilot.pause()
        assert isinstance(pilot.app.screen, SeatCardScreen) and pilot.app.screen.seat == 5


async def test_the_keys_help_tells_the_enter_rule() -> None:
    from grimoire.tui.screens.modals import binding_rows

    game = first_night(players=8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = binding_rows(table(pilot.app))
        tips = {desc: tip for _key, desc, tip in rows}
        assert "arrows show the cursor" in tips["Card"]
        assert "Enter is Next again" in tips["Hide cursor"]
        seat_tips = " ".join(tip for _key, desc, tip in rows if desc == "Seat")
        assert "Enter opens that seat's card" in seat_tips and "next seat clockwise" in seat_tips


def test_seat_card_snapshot(snap_compare) -> None:  # type: ignore[no-untyped-def]
    from grimoire.core import events as ev

    from .test_table_keys import day_game

    game = day_game()
    game.apply(ev.WriteNote(1, "claims Sorelli; watch the vote"))
    game.apply(ev.PlaceReminder(1, "nervous"))

    async def before(pilot):  # type: ignore[no-untyped-def]
        await pilot.pause()
        await pilot.press("right", "right", "enter")
        await pilot.pause()

    assert snap_compare(GrimoireApp(game=game), terminal_size=(80, 24), run_before=before)


async def test_a_note_past_its_limit_is_counted_as_typed_and_kept_on_enter() -> None:
    """Issue 51, item 9: a note typed past 500 characters was thrown away on Enter."""
    from textual.widgets import Input

    from grimoire.core.freetext import NOTE_LIMIT

    game = first_night(players=8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("right", "right", "enter")  # seat 2's card
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        ask = pilot.app.screen
        assert isinstance(ask, AskText)
        count = ask.query_one("#text-count", Static)
        await type_text(pilot, "x" * (NOTE_LIMIT - 1))
        assert str(count.content) == f"{NOTE_LIMIT - 1}/{NOTE_LIMIT}"
        await type_text(pilot, "yz")
        assert str(count.content) == f"{NOTE_LIMIT + 1}/{NOTE_LIMIT} — too long by 1"
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is ask  # still open, every character still there
        assert ask.query_one(Input).value == "x" * (NOTE_LIMIT - 1) + "yz"
        assert "at most 500" in str(count.content) and "Shorten it by 1" in str(count.content)
        assert game.state.note(1) is None and not any("note" in n for n in notes(pilot.app))
        await pilot.press("backspace", "enter")  # one shorter: kept
        await settle(pilot)
        assert game.state.note(1).text == "x" * (NOTE_LIMIT - 1) + "y"
