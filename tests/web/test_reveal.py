"""The reveal, the end of the game on the TV: all of it on a 1920x1080 screen that does not
scroll, for 5 and 20 seats of hostile names (it ran off the bottom); on a phone it stays under
the circle, the page scrolling as before."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.shots import shot
from tests.web.states import mixed_names, state
from tests.web.test_layout import BIG_TV, PHONE, TV

CHARACTERS = ("Meg (Townsfolk), good", "Phantom (Demon), evil", "Inspector Mifroid (Townsfolk), good; died (day 2)",
              "Chandelier Rigger (Minion), evil; died (night 3)", "Monsieur Reyer (Townsfolk), good")


def over(count: int, nights: int = 7) -> dict[str, Any]:
    """A game over with its reveal shown, as the server words it: every player, where the
    artifact went each night and who was drunk or poisoned when (each line naming players)."""
    s = state(count, seat_names=mixed_names(count), phase="over", result="Good wins", jinxes=[], fabled=[])
    seat = lambda k: f"{s['seats'][k % count]['n']} {s['seats'][k % count]['name']}"  # noqa: E731
    s["reveal"] = {"result": f"Good wins: the Phantom ({s['seats'][1]['name']}) is dead", "sections": [
        {"heading": "The players", "lines": [f"{seat(i)} — {CHARACTERS[i % 5]}" for i in range(count)]},
        {"heading": "The artifact, night by night", "lines": ["The active artifact: the Punjab Lasso."] + [
            f"Night {k}: {seat(k)} passed the Punjab Lasso to {seat(k + 3)}." for k in range(1, nights + 1)]},
        {"heading": "Drunk and poisoned", "lines": [
            f"Night {k} to night {k + 1}: {seat(k + 3)} poisoned (holds the Punjab Lasso)" for k in range(1, nights + 1)]},
    ]}
    return s


WHERE = """() => {
  const inside = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const texts = [...document.querySelectorAll('#result-sec .result, #result-sec h3, #result-sec li')];
  return {
    lines: texts.map((e) => [e.textContent, inside(e), parseFloat(getComputedStyle(e).fontSize)]),
    bar: document.getElementById('bar').getBoundingClientRect().bottom,
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  };
}"""


@pytest.mark.slow  # a TV page a run: make test-slow's (make test checks what the reveal sends, on the page state)
@pytest.mark.parametrize("size", [BIG_TV, TV], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_reveal_fits_a_tv(open_square: Any, size: tuple[int, int]) -> None:
    square = None
    for count in (20, 5):
        drawn = over(count)
        if square is None:
            square = open_square(drawn, size=size)
        else:
            square.push(drawn)
        shot(square.page, f"reveal-{count}-{size[0]}")
        where = square.page.evaluate(WHERE)
        said = [drawn["reveal"]["result"]] + [x for part in drawn["reveal"]["sections"]
                                               for x in (part["heading"], *part["lines"])]
        assert [text for text, _, _ in where["lines"]] == said
        assert where["scroll"] == list(size), f"{count} seats: the page scrolls ({where['scroll']})"
        for text, (left, top, right, bottom), font in where["lines"]:
            assert 0 <= left and right <= size[0] and where["bar"] <= top and bottom <= size[1], \
                f"{count} seats: off the screen: {text!r} at {(left, top, right, bottom)}"
            assert font >= 16, f"{count} seats: {font}px: {text!r}"
        if count == 5 and size == BIG_TV:  # room to spare: as big as a TV's text is
            assert min(font for *_, font in where["lines"]) >= 24
    assert square is not None
    square.push(state(20, seat_names=mixed_names(20)))  # a new game: the circle is back
    assert square.page.locator("#circle").is_visible() and square.page.locator("#seats > li").count() == 20


@pytest.mark.slow  # as before this change: test_panels.py's reveal is drawn on a phone too
def test_on_a_phone_the_reveal_is_under_the_circle(open_square: Any) -> None:
    page = open_square(over(20), size=PHONE).page
    assert page.locator("#circle").is_visible()
    circle, reveal = page.locator("#circle").bounding_box(), page.locator("#result-sec").bounding_box()
    assert circle is not None and reveal is not None and reveal["y"] >= circle["y"] + circle["height"]
