"""The day's timer running out on a TV and a phone: "Time's up" never moves the circle (a line
more under the bar pushed a 1080-pixel TV's bottom seat off the screen) and gives way when a
vote opens, not said again through the day's votes until the timer starts again."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.shots import shot
from tests.web.states import mixed_names, state, voting
from tests.web.test_layout import BIG_TV, PHONE

SEATS = """() => [...document.querySelectorAll('#seats > li')].map((li) => {
  const r = li.getBoundingClientRect();
  return [li.dataset.n, Math.round(r.left), Math.round(r.top + scrollY), Math.round(r.bottom + scrollY)];
})"""


def day(count: int, **timer: Any) -> dict[str, Any]:
    return state(count, seat_names=mixed_names(count), timer={"label": "Discussion", "running": True, **timer})


def in_view(page: Any, selector: str, size: tuple[int, int]) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size[1] + 0.5


@pytest.mark.parametrize("size", [BIG_TV, pytest.param(PHONE, marks=pytest.mark.slow)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("count", [20, pytest.param(5, marks=pytest.mark.slow)])
def test_times_up_never_moves_the_circle_and_gives_way_to_a_vote(open_square: Any, size: tuple[int, int],
                                                                  count: int) -> None:
    square = open_square(day(count, left=300), size=size)
    page = square.page
    before = page.evaluate(SEATS)
    if size == BIG_TV:  # a TV does not scroll: every seat on the screen
        assert max(bottom for *_, bottom in before) <= size[1]
    square.push(day(count, left=0.3))  # it runs out between two states
    expect(page.locator("#times-up")).to_have_text("Time's up: Discussion")
    assert in_view(page, "#times-up", size)
    assert page.evaluate(SEATS) == before, "the circle moved when time was up"
    shot(page, f"times-up-{count}-{size[0]}")
    # The storyteller opens a vote, the timer still at nothing: the vote is what is shown.
    square.push(voting(day(count, left=0, running=False), by=1, on=4, at=5, up=()))
    expect(page.locator("#times-up")).to_be_hidden()
    shot(page, f"times-up-vote-{count}-{size[0]}")
    # The vote recorded: the day's other votes follow, still no "time's up".
    square.push(day(count, left=0, running=False))
    assert page.locator("#times-up").is_hidden()
    square.push(voting(day(count, left=0, running=False), by=2, on=5, at=6, up=(6,)))
    assert page.locator("#times-up").is_hidden()
    # The timer started again and run out: said again, and still the circle does not move.
    square.push(day(count, left=0.3))
    expect(page.locator("#times-up")).to_have_text("Time's up: Discussion")
    assert page.evaluate(SEATS) == before
