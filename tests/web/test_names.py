"""Names are the players' own: markup in one is shown as typed, never run, wherever it appears."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.shots import shot
from tests.web.states import HOSTILE, XSS, mixed_names, person, state, voting


def everywhere() -> dict[str, Any]:
    """Hostile names on the circle and in every part of the info: died, block, nominations, the
    vote, the reveal; markup in the script's abilities and the Fabled too."""
    names = list(HOSTILE) + ["Ivy", "Jon", "Kim", "Lou"]
    s = voting(state(len(names), seat_names=names), by=1, on=2, at=3, up=(1,))
    s["nominations"].insert(0, {"by": person(s["seats"], 7), "on": person(s["seats"], 1), "votes": 3,
                                "voters": [person(s["seats"], n) for n in (1, 2, 4)]})
    s["block"] = person(s["seats"], 1)
    s["fabled"] = ["<b>Djinn</b>"]
    s["reveal"] = {"result": f"Good wins: the Phantom ({XSS}) is dead",
                   "sections": [{"heading": "[bold]Characters[/]", "lines": [f"1 {XSS} — Meg (good)"]}]}
    s["result"] = "Good wins"
    return s


def test_markup_in_names_is_shown_as_typed_and_never_runs(open_square: Any) -> None:
    drawn = everywhere()
    # Without the page's Content-Security-Policy: only the page's own care stands in the way.
    square = open_square(drawn, bypass_csp=True)
    page = square.page
    assert page.locator("#seats .name").all_text_contents() == [s["name"] for s in drawn["seats"]]
    info = page.locator("#info").text_content()
    assert XSS in info and "[bold]Bob[/]" in info and "[bold]Characters[/]" in info and "<b>Djinn</b>" in info
    assert page.locator("#info #block").text_content() == "On the block: 1" + XSS
    page.click("#script-open")
    assert "<b>player</b>" in page.locator("#characters").text_content()
    made = page.evaluate("() => document.querySelectorAll('body img, body b, body script').length")
    assert made == 0, "markup from the state became elements"
    assert page.evaluate("() => typeof window.__pwned") == "undefined"


@pytest.mark.slow
def test_a_right_to_left_name_keeps_to_its_own_box(open_square: Any) -> None:
    square = open_square(state(6, seat_names=["Ann", "مريم", "x\u202eevil", "Dan", "Eve", "Fay"]))
    names = square.page.locator("#seats .name")
    assert names.nth(2).text_content() == "x\u202eevil"
    # Each name is isolated: a direction override inside it does not reach the seat's number.
    assert names.nth(1).evaluate("e => getComputedStyle(e).unicodeBidi") == "isolate"
    assert names.nth(1).get_attribute("dir") == "auto"


@pytest.mark.slow
def test_tapping_a_seat_shows_its_full_name(open_square: Any) -> None:
    drawn = state(12)
    square = open_square(drawn)
    page = square.page
    seat = drawn["seats"][3]
    page.click("#seats > li[data-n='4'] .seat-box")
    card = page.locator("#seat-card")
    assert card.is_visible()
    assert card.locator(".full-name").text_content() == seat["name"]
    assert "Seat 4" in card.text_content()
    page.click("#seats > li[data-n='2'] .seat-box")  # another seat: its card instead
    assert "ghost vote not yet used" in card.text_content()
    page.click("#title")  # anywhere else closes it
    assert card.is_hidden()


# Where each name's lines break, as the browser laid it out: for each seat, its name's words
# and, for each word, the lines its letters are on (a word on two lines was broken inside).
LINES = """() => [...document.querySelectorAll('#seats > li .name')].map((name) => {
  const text = name.firstChild;
  const words = [];
  const re = /\\S+/g;
  let m;
  while ((m = re.exec(text.data)) !== null) {
    const tops = new Set();
    for (let i = m.index; i < m.index + m[0].length; i++) {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    words.push([m[0], tops.size]);
  }
  return words;
})"""


@pytest.mark.parametrize("size", [pytest.param((390, 844), marks=pytest.mark.slow), pytest.param((1920, 1080), marks=pytest.mark.slow)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_name_wraps_between_words_never_inside_one(open_square: Any, size: tuple[int, int]) -> None:
    square = None
    for count in (5, 20):
        drawn = state(count, seat_names=mixed_names(count))
        if square is None:
            square = open_square(drawn, size=size)
        else:
            square.push(drawn)
        shot(square.page, f"names-{count}-{size[0]}")
        names = square.page.evaluate(LINES)
        assert len(names) == count
        broken = [(seat + 1, word) for seat, words in enumerate(names) for word, lines in words if lines > 1]
        assert not broken, f"{count} seats at {size[0]}x{size[1]}: a word broken across lines: {broken}"
        # A word too long for its box ends in "…" (its line is cut), its box's text not wider than the box.
        wide = square.page.evaluate("""() => [...document.querySelectorAll('#seats > li .seat-box')]
            .filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.parentElement.dataset.n)""")
        assert not wide, wide
