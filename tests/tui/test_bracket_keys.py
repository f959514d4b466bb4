"""A key shown in brackets in a picker does what it says at once, as on the night panel
(issue 51, item 8): [s] in the overrides, [f] in the cards, the vote's cancel question; while
the filter is empty. A letter no row shows starts the filter, and then every letter is text."""

from __future__ import annotations

from typing import Any

from pilot_keys import type_text, until
from textual.widgets import Input

from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import AskText, Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.screens.vote import VoteScreen

from .helpers import SIZE, first_night, open_vote, settle
from .test_stray_keys import at_day_one


async def picker(pilot: Any, title: str) -> Pick:
    await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted
                and pilot.app.screen.title_text.startswith(title), title)
    screen = pilot.app.screen
    assert isinstance(screen, Pick)
    return screen


async def test_an_overrides_key_in_brackets_opens_that_override_at_once() -> None:
    game = at_day_one(8)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("exclamation_mark")
        menu = await picker(pilot, "Which override?")
        assert any(menu._label(i).startswith("[s] Swap") for i in range(len(menu.rows)))
        await pilot.press("s")  # no Enter
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen is not menu
                    and pilot.app.screen.is_mounted, "the swap's question")
        assert "Swap" in pilot.app.screen.title_text or "character" in pilot.app.screen.title_text


async def test_the_cards_free_text_in_brackets_asks_for_the_words_at_once() -> None:
    game = first_night(8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        cards = await picker(pilot, "Which card to show?")
        key = next(i.key for i in cards.rows if i.value == "text")
        await pilot.press(key)
        await until(pilot, lambda: isinstance(pilot.app.screen, AskText), "the card's words")


async def test_the_votes_cancel_question_answers_by_its_letters() -> None:
    game = at_day_one(8)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("m", "1", "enter")  # 1 nominates; the Enter ends the number
        await pilot.press("2")
        await settle(pilot)
        vote = await open_vote(pilot)
        await pilot.press("y", "escape")
        question = await picker(pilot, "Cancel the vote")
        await pilot.press("k")  # [k] Keep counting
        await until(pilot, lambda: pilot.app.screen is vote, "the vote again")
        await pilot.press("escape")
        await picker(pilot, "Cancel the vote")
        await pilot.press("t")  # [t] Throw the hands away
        await until(pilot, lambda: isinstance(pilot.app.screen, GrimoireScreen), "the grimoire")
        assert not isinstance(pilot.app.screen, VoteScreen) and question is not pilot.app.screen
        assert game.state.today.nominations[-1].votes is None


async def test_a_letter_no_row_shows_starts_the_filter_and_then_keys_are_text() -> None:
    game = at_day_one(8)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("exclamation_mark")
        menu = await picker(pilot, "Which override?")
        await type_text(pilot, "w")  # no row's key: the filter
        await type_text(pilot, "s")  # then text, though [s] is a row's key
        await pilot.pause()
        assert pilot.app.screen is menu and menu.query_one(Input).value == "ws"
        assert "[x]: that option" in menu.hint() and "other letters: filter" in menu.hint()


async def test_a_quick_burst_that_starts_the_filter_stays_filter_text() -> None:
    """Typed in one burst, the letters after the first reach the picker before the first has
    reached the filter: "not in play" is text, its "o" no row's key."""
    game = first_night(8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        cards = await picker(pilot, "Which card to show?")
        assert any(i.key == "o" for i in cards.rows) and not any(i.key == "n" for i in cards.rows)
        await type_text(pilot, "not in play")
        assert pilot.app.screen is cards and cards.query_one(Input).value == "not in play"


async def test_words_pasted_after_a_key_in_brackets_are_taken_by_the_enter_after_them() -> None:
    from textual import events

    game = first_night(8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        cards = await picker(pilot, "Which card to show?")
        await pilot.press(next(i.key for i in cards.rows if i.value == "text"))
        await until(pilot, lambda: isinstance(pilot.app.screen, AskText) and pilot.app.screen.is_mounted,
                    "the card's words")
        asked = pilot.app.screen
        pilot.app.post_message(events.Paste("Red alert"))  # pasted, not typed: no key comes between
        await until(pilot, lambda: asked.query_one(Input).value == "Red alert", "the words pasted")
        await pilot.press("enter")
        await until(pilot, lambda: pilot.app.screen is not asked, "the card, after one Enter")
