"""The page follows the server: a new state redraws it, the timer counts down between messages,
and a lost connection shows until the next message."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.states import person, state

# make test-deep's: make test drives the page in a browser in test_layout.py, test_names.py and
# test_vote.py (a browser test costs a second or two of CPU).
pytestmark = pytest.mark.slow


def test_a_new_state_redraws_the_page(open_square: Any) -> None:
    before = state(12)
    square = open_square(before)
    page = square.page
    seat5 = page.locator("#seats > li[data-n='5']")
    assert "dead" not in seat5.get_attribute("class")
    after = copy.deepcopy(before)
    after["seats"][4]["alive"] = False
    after["alive"] -= 1
    after["executed"] = person(after["seats"], 5)
    square.push(after)
    assert "dead" in seat5.get_attribute("class")
    assert "dead" in seat5.text_content() and "vote" in seat5.text_content()  # words, not colour alone
    assert page.locator("#executed").text_content() == "Executed today: 5" + after["seats"][4]["name"]
    assert page.locator("#day-sec").text_content().startswith(f"{after['alive']} alive")
    square.push(state(12, phase="night", number=3))
    assert page.locator("#phase").text_content() == "Night 3"
    assert page.locator("#hub .hub-phase").text_content() == "Night 3"


def seconds(clock: str | None) -> int:
    minutes, secs = (clock or "").strip().split(":")
    return int(minutes) * 60 + int(secs)


def test_the_timer_counts_down_and_shows_a_pause(open_square: Any) -> None:
    square = open_square(state(8, timer={"label": "Discussion", "running": True, "left": 100.05}))
    page = square.page
    clock = page.locator("#timer-sec .clock")
    assert page.locator("#timer-sec h2").text_content() == "Discussion"
    # Counting down from 01:40 since it came (how long ago depends on the machine's load).
    first = seconds(clock.text_content())
    assert 60 <= first <= 101
    assert abs(seconds(page.locator("#hub .hub-timer [data-clock]").text_content()) - first) <= 1
    expect(clock).not_to_have_text(clock.text_content() or "", timeout=3000)
    assert seconds(clock.text_content()) < first
    assert page.locator("#timer-sec .paused").count() == 0
    square.push(state(8, timer={"label": "Discussion", "running": False, "left": 42.5}))
    assert clock.text_content() == "00:43"
    assert page.locator("#timer-sec .paused").text_content() == "paused"
    page.wait_for_timeout(400)  # a paused clock stands still (a running one ticks every 250 ms)
    assert clock.text_content() == "00:43"


def test_a_lost_connection_shows_until_the_next_message(open_square: Any, harness: Any) -> None:
    square = open_square(state(5))
    mark = square.page.locator("#reconnecting")
    assert mark.is_hidden()
    harness.drop()
    expect(mark).to_be_visible()
    assert mark.text_content() == "reconnecting…"
    harness.resume()  # the page's own EventSource comes back and gets the state again
    expect(mark).to_be_hidden()


def test_with_no_game_to_show_the_page_waits_and_keeps_nothing_of_the_last(open_square: Any, harness: Any) -> None:
    square = open_square(state(8))
    page = square.page
    assert page.locator("#seats li").count() == 8
    harness.push({"v": 1, "waiting": True}, square.key)
    expect(page.locator("#info")).to_have_text("Waiting for the storyteller…")
    assert page.locator("#seats li").count() == 0
    square.push(state(5))
    assert page.locator("#seats li").count() == 5


def test_a_rehearsal_is_marked_as_one(open_square: Any) -> None:
    square = open_square(state(5, rehearsal=True))
    assert square.page.locator("#phase").text_content() == "Day 2 · REHEARSAL"
    square.push(state(5))
    assert square.page.locator("#phase").text_content() == "Day 2"
