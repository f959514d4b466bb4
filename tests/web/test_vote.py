"""A vote round the circle: the hand being counted and the raised ones are marked, and on a
seat's own page (only there, and only while it may vote) one button raises or lowers its hand."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.shots import shot
from tests.web.states import mixed_names, state, voting


@pytest.mark.slow
def test_the_vote_marks_the_hand_being_counted_and_the_raised_ones(open_square: Any) -> None:
    drawn = voting(state(12), by=1, on=4, at=7, up=(5, 6))
    square = open_square(drawn)
    page = square.page
    current = page.locator("#seats > li.current")
    assert current.count() == 1 and current.get_attribute("data-n") == "7"
    assert current.get_attribute("aria-current") == "true"
    assert page.locator("#seats > li.up").evaluate_all("ls => ls.map(l => l.dataset.n)") == ["5", "6"]
    assert "hand up" in page.locator("#seats > li[data-n='5']").text_content()
    assert page.locator("#seats > li.nominee").get_attribute("data-n") == "4"
    needed = drawn["needed"]
    assert page.locator("#hub .hub-count").text_content() == f"2 / {needed}"
    vote = page.locator("#vote-sec").text_content()
    assert f"2 / {needed} hands up · {needed} votes needed" in vote
    assert "Counting the hand of 7" + drawn["seats"][6]["name"] in vote
    assert "voting now" in page.locator("#noms-sec").text_content()
    # The round done: nobody is being counted.
    square.push(voting(state(12), at=None, up=(5, 6, 8)))
    assert page.locator("#seats > li.current").count() == 0
    assert "The count is done." in page.locator("#vote-sec").text_content()


@pytest.mark.slow
def test_the_hand_button_is_only_on_a_seat_page_during_its_vote(open_square: Any) -> None:
    table = open_square(voting(state(8)))  # the table's page: no seat, no button
    assert table.page.locator("#hand-bar").is_hidden()
    mine = open_square(state(8, me=3), seat="abc")  # a seat's page, no vote open
    assert mine.page.locator("#hand-bar").is_hidden()
    mine.push(voting(state(8, me=3), hand=False))
    assert mine.page.locator("#hand").text_content() == "Raise your hand"
    cannot = voting(state(8, me=3))
    cannot["me"]["can_vote"] = False  # dead, ghost vote spent
    mine.push(cannot)
    assert mine.page.locator("#hand-bar").is_hidden()


def test_the_hand_button_posts_the_hand_and_shows_a_refusal(open_square: Any, harness: Any) -> None:
    square = open_square(voting(state(8, me=3), hand=False), seat="abc")
    page = square.page
    sent: list[tuple[str, str]] = []
    page.on("request", lambda r: sent.append((r.method, r.url)))
    with page.expect_response(lambda r: r.url.endswith("/s/abc/hand")) as reply:
        page.click("#hand")
    assert reply.value.status == 204
    assert harness.hands == [("abc", {"up": True}, "application/json")]
    square.push(voting(state(8, me=3), hand=True))  # the server's word: the hand is up
    assert page.locator("#hand").text_content() == "Lower your hand"
    harness.hand_reply = (409, "The vote has passed you.")
    with page.expect_response(lambda r: r.url.endswith("/s/abc/hand")):
        page.click("#hand")
    expect(page.locator("#hand-msg")).to_have_text("The vote has passed you.")
    assert harness.hands[-1] == ("abc", {"up": False}, "application/json")
    assert [m for m, _ in sent if m != "GET"] == ["POST", "POST"], sent  # the hand, and nothing else


@pytest.mark.parametrize("size", [(390, 844), pytest.param((1920, 1080), marks=pytest.mark.slow)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phones_hand_shows_as_raised_and_counts_when_the_clock_reaches_it(open_square: Any, harness: Any,
                                                                          size: tuple[int, int]) -> None:
    mine = None
    for count in (20, 5):
        names = mixed_names(count)
        # The clock at seat 5; seat 3's phone (this page) and seat 1's raised further round.
        drawn = voting(state(count, seat_names=names, me=3), by=2, on=4, at=5, up=(5,), raised=(1, 3), hand=True)
        if mine is None:
            mine = open_square(drawn, seat="abc", size=size)
            table = open_square(voting(state(count, seat_names=names), by=2, on=4, at=5, up=(5,), raised=(1, 3)),
                                size=size)
        else:
            mine.push(drawn)
            table.push(voting(state(count, seat_names=names), by=2, on=4, at=5, up=(5,), raised=(1, 3)))
        for page in (mine.page, table.page):
            assert page.locator("#seats > li.raised").evaluate_all("ls => ls.map(l => l.dataset.n)") == ["1", "3"]
            assert page.locator("#seats > li.up").evaluate_all("ls => ls.map(l => l.dataset.n)") == ["5"]
            assert "hand raised, counted when the clock reaches it" in page.locator("#seats > li[data-n='1']").text_content()
            assert page.locator("#hub .hub-count").text_content() == f"1 / {drawn['needed']}"  # the count: seat 5 alone
        shot(table.page, f"raised-{count}-{size[0]}")
        assert mine.page.locator("#hand-vote").text_content().endswith("your hand is up. It counts when the clock reaches you.")
        # The clock comes round to seat 1 (the round: 5 to the last seat, 1, 2, 3, the nominee 4): counted now.
        later = voting(state(count, seat_names=names, me=3), by=2, on=4, at=1, up=(5, 1), raised=(3,), hand=True)
        mine.push(later)
        assert mine.page.locator("#seats > li.up").evaluate_all("ls => ls.map(l => l.dataset.n)") == ["1", "5"]
        assert mine.page.locator("#seats > li.raised").evaluate_all("ls => ls.map(l => l.dataset.n)") == ["3"]
        assert mine.page.locator("#hub .hub-count").text_content() == f"2 / {drawn['needed']}"
