"""The player's own notes on their seat's page: a claim, a guess and a few words on any seat,
kept in that browser only (across a reload, gone with a new game), and never in any request."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.web.states import state
from tests.web.test_players_script import shot

WORDS = '<b>said</b> [Meg] & lied 🦉'


def note_seat(page: Any, n: int, claim: str, guess: str, words: str) -> None:
    page.click(f"#seats li[data-n='{n}'] .seat-box")
    page.select_option("#note-claim", label=claim)
    page.click(f"#seat-notes button[data-guess='{guess}']")
    page.fill("#note-words", words)


@pytest.mark.parametrize("size", [(390, 844), pytest.param((1920, 1080), marks=pytest.mark.slow)])
def test_notes_are_kept_across_a_reload_and_never_sent(open_square: Any, size: tuple[int, int]) -> None:
    mine = state(12, me=4)
    square = open_square(mine, seat="code4", size=size)
    page = square.page
    sent: list[tuple[str, str, str]] = []
    page.on("request", lambda r: sent.append((r.method, r.url, r.post_data or "")))
    note_seat(page, 6, "Meg", "evil", WORDS)
    seat = page.locator("#seats li[data-n='6']")
    assert "guess-evil" in (seat.get_attribute("class") or "")
    assert seat.locator(".row.note").text_content() == "evilMeg (your note)"
    assert page.locator("#seat-notes b").count() == 0  # the words are text, never markup
    # A state arriving while the player types leaves what they type alone.
    page.focus("#note-words")
    square.push(state(12, me=4, number=3))
    assert page.input_value("#note-words") == WORDS
    assert page.evaluate("document.activeElement.id") == "note-words"
    shot(page, f"notes-card-{size[0]}")
    page.click("#seat-card-close")
    note_seat(page, 9, "Auctioneer", "good", "")
    page.click("#seat-card-close")
    shot(page, f"notes-circle-{size[0]}")

    page.reload()
    page.wait_for_selector("html[data-renders]", state="attached")
    assert page.locator("#seats li[data-n='6'] .row.note").text_content() == "evilMeg (your note)"
    assert "guess-good" in (page.locator("#seats li[data-n='9']").get_attribute("class") or "")
    page.click("#seats li[data-n='6'] .seat-box")
    assert page.input_value("#note-claim") == "Meg" and page.input_value("#note-words") == WORDS
    assert page.get_attribute("#seat-notes button[data-guess='evil']", "aria-pressed") == "true"
    # Cleared: nothing stays.
    page.select_option("#note-claim", value="")
    page.click("#seat-notes button[data-guess='']")
    page.fill("#note-words", "")
    assert page.locator("#seats li[data-n='6'] .row.note").count() == 0

    # Not one request carried a note: only the page's own files and its stream, all GETs.
    assert sent and {m for m, _, _ in sent} == {"GET"}
    for _, url, body in sent:
        for word in ("Meg", "Auctioneer", "evil", "lied", "said"):
            assert word not in url and word not in body


@pytest.mark.slow  # make test keeps a quicker browser test of this page (each page a Chromium's CPU)
def test_a_new_game_starts_with_no_notes_and_the_tables_page_has_none(open_square: Any) -> None:
    mine = state(8, me=2)
    square = open_square(mine, seat="code2")
    page = square.page
    note_seat(page, 5, "Phantom", "evil", "wolf")
    page.click("#seat-card-close")
    assert page.locator("#seats li.noted").count() == 1
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('grimoire-notes:'))")
    assert kept == ["grimoire-notes:game-1/seat-2"]
    # The same game after a restart of the server: the same key, the notes still there.
    square.push(copy.deepcopy(mine))
    assert page.locator("#seats li.noted").count() == 1
    # A new game: a new key; the last game's notes are gone from the phone.
    fresh = state(8, me=2)
    fresh["me"]["notes"] = "game-2/seat-2"
    square.push(fresh)
    assert page.locator("#seats li.noted").count() == 0
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('grimoire-notes:'))") == []
    page.click("#seats li[data-n='5'] .seat-box")
    assert page.input_value("#note-words") == ""
    # A hostile key or stored value breaks nothing.
    page.evaluate("localStorage.setItem('grimoire-notes:game-2/seat-2', "
                  + json.dumps(json.dumps({"5": {"claim": 7, "guess": "<b>", "words": ["x"]}, "__proto__": 1})) + ")")
    page.reload()
    page.wait_for_selector("html[data-renders]", state="attached")
    assert page.locator("#seats li.noted").count() == 0
    # The table's page (a TV) has no notes at all.
    table = open_square(state(8)).page
    table.click("#seats li[data-n='5'] .seat-box")
    assert table.locator("#seat-card").is_visible() and table.locator("#seat-notes").count() == 0
