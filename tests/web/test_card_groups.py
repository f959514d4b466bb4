"""A seat's own cards on its page (the server's ``cards``, as grimoire.web.phone_state makes
them), with hostile names: grouped (the character, the latest night's, the earlier ones folded
away), each group the newest first, so that a long game's cards do not pile up above the
circle; and the character card, once opened, closes again by itself after a short while or at
a tap (left open, a phone on the table showed it all day)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.shots import shot
from tests.web.states import mixed_names, state

PHONE, BIG_TV = (390, 844), (1920, 1080)


def card(n: int, when: str, words: str, dealt: bool = False, seen: str = "new") -> dict[str, Any]:
    return {"id": f"c{n:04d}", "dealt": dealt, "when": "" if dealt else when, "state": seen,
            "blocks": [{"role": "headline", "text": "You are" if dealt else "This character selected you"},
                       {"role": "big", "text": words}]}


def with_cards(count: int, phase: str = "night", number: int = 3) -> dict[str, Any]:
    """Seat 2's page on night 3: dealt, told before the first night, two cards each night since."""
    names = mixed_names(max(count, 8))  # the cards name players of a bigger table too
    s = state(count, seat_names=names[:count], me=2, phase=phase, number=number)
    s["cards"] = [card(0, "", "the Phantom", dealt=True, seen="opened"),
                  card(1, "Before the first night", names[0], seen="seen"),
                  card(2, "Night 1", names[3], seen="seen"), card(3, "Night 1", names[5], seen="seen"),
                  card(4, "Night 2", names[6], seen="seen"), card(5, "Night 2", names[1], seen="opened"),
                  card(6, "Night 3", names[4]), card(7, "Night 3", "[bold]Bob[/]")]
    return s


GROUPS = """() => [...document.querySelectorAll('#phone-cards-list > .pc-group')].map((g) => [
  (g.querySelector('.pc-group-head, .pc-what') || {}).textContent, g.tagName === 'DETAILS' ? g.open : null,
  [...g.querySelectorAll('.pc')].map((c) => c.dataset.card)])"""


@pytest.mark.parametrize("size", [PHONE, pytest.param(BIG_TV, marks=pytest.mark.slow)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_cards_are_grouped_the_newest_first_and_leave_the_circle_in_view(open_square: Any,
                                                                            size: tuple[int, int]) -> None:
    square = None
    for count in (5, 20):
        drawn = with_cards(count)
        if square is None:
            square = open_square(drawn, seat="abc", size=size)
        else:
            square.push(drawn)
        page = square.page
        shot(page, f"cards-{count}-{size[0]}")
        assert page.evaluate(GROUPS) == [
            ["Your character", None, ["c0000"]],
            ["Tonight", None, ["c0007", "c0006"]],
            ["Earlier nights (5)", False, ["c0005", "c0004", "c0003", "c0002", "c0001"]],
        ]
        assert page.locator(".pc-earlier .pc").first.is_hidden()  # folded away
        circle = page.locator("#circle").bounding_box()
        assert circle is not None and circle["y"] < size[1] / 2, f"{count} seats: the circle starts at {circle['y']}"
    assert square is not None
    page = square.page
    page.click(".pc-earlier > summary")  # unfolded: kept so as the next state comes
    square.push(with_cards(20, phase="day", number=3))
    assert page.evaluate(GROUPS)[1][:2] == ["Last night", None] and page.evaluate(GROUPS)[2][1] is True
    assert page.locator(".pc-earlier .pc").first.is_visible()
    shot(page, f"cards-open-{size[0]}")


@pytest.mark.slow  # make test keeps the grouping's browser test (above): each page a Chromium's CPU
@pytest.mark.parametrize(("count", "size"), [(20, PHONE), (5, BIG_TV)], ids=["20-390x844", "5-1920x1080"])
def test_the_character_card_closes_again_after_a_while_or_a_tap(open_square: Any, harness: Any, count: int,
                                                                 size: tuple[int, int]) -> None:
    square = open_square(with_cards(count), seat="abc", size=size)
    page = square.page
    page.clock.install()  # the page's own timers from here on: moved on by the test, not waited for
    character = page.locator(".pc[data-card='c0000']")
    character.locator(".pc-tap").click()
    expect(character.locator(".pc-body")).to_contain_text("You are")
    page.clock.run_for(5000)
    assert character.locator(".pc-body").is_visible()  # a glance's time: still open
    page.clock.run_for(5500)
    expect(character.locator(".pc-tap")).to_be_visible()  # closed by itself
    assert "the Phantom" not in page.inner_text("#main")
    character.locator(".pc-tap").click()
    expect(character.locator(".pc-body")).to_be_visible()
    character.locator(".pc-body").click()  # a tap on it closes it at once
    expect(character.locator(".pc-tap")).to_be_visible()
    assert "the Phantom" not in page.inner_text("#main")
    page.clock.run_for(11000)  # its timer gone with it: nothing happens later
    assert character.locator(".pc-tap").is_visible()
    # A night card stays open until the player says they have seen it.
    tonight = page.locator(".pc[data-card='c0007']")
    told = lambda r: r.url.endswith("/s/abc/card")  # noqa: E731  (what the page says reaches the server)
    with page.expect_response(told):
        tonight.locator(".pc-tap").click()
    page.clock.run_for(11000)
    assert tonight.locator(".pc-body").is_visible()
    with page.expect_response(told):
        tonight.locator(".pc-done").click()
    expect(tonight.locator(".pc-tap")).to_be_visible()
    assert [body["did"] for _, body in harness.cards] == ["opened", "seen"]
