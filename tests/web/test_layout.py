"""The circle at every size the table uses: phones upright and sideways, a tablet, TVs; 5, 12
and 20 seats with 40-character hostile names. Every seat shows its number and full name,
nothing overlaps, nothing leaves the screen, and the text is big enough to read."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.states import history, state, voting

# What the page draws, as the browser laid it out (page coordinates).
GEOMETRY = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left + scrollX, r.top + scrollY, r.right + scrollX, r.bottom + scrollY];
  };
  const shown = (e) => e && getComputedStyle(e).visibility !== "hidden" && e.getClientRects().length > 0;
  const hub = document.getElementById("hub");
  const small = [];
  for (const e of document.querySelectorAll("body *")) {
    if (!shown(e) || e.closest(".sr, dialog:not([open]), [hidden]")) continue;
    const own = [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (own && size < 28) small.push([e.tagName + "." + e.className + "#" + e.id, e.textContent.slice(0, 30), size]);
  }
  return {
    seats: [...document.querySelectorAll("#seats > li")].map((li) => ({
      num: li.querySelector(".num").textContent,
      name: li.querySelector(".name").textContent,
      box: box(li),
      font: parseFloat(getComputedStyle(li.querySelector(".name")).fontSize),
    })),
    info: box(document.getElementById("info")),
    alerts: box(document.getElementById("alerts-bar")),
    strip: shown(document.getElementById("vote-strip")) ? document.getElementById("vote-strip").getBoundingClientRect().bottom : null,
    viewH: innerHeight,
    voteSec: document.getElementById("vote-sec") ? document.getElementById("vote-sec").getBoundingClientRect().top : null,
    hub: shown(hub) && hub.textContent ? box(hub) : null,
    width: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
    small,
  };
}"""

PHONE, SIDEWAYS, TABLET, TV, BIG_TV = (390, 844), (844, 390), (768, 1024), (1280, 720), (1920, 1080)


def secret_vote(count: int) -> dict[str, Any]:
    """A secret vote going round, the timer run out, every day's votes: everything the votes add."""
    drawn = voting(state(count), by=1, on=4, at=min(count, 7), up=())
    drawn["vote"].update(hidden=True, count=None)
    drawn["days"] = history(drawn["seats"])
    drawn["nominations"] = [drawn["days"][1]["nominations"][1], *drawn["nominations"]]  # a secret one counted
    drawn["timer"] = {"label": "Discussion", "running": False, "left": 0}
    return drawn


def overlap(a: list[float], b: list[float]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def check(geometry: dict[str, Any], drawn: dict[str, Any], size: tuple[int, int]) -> None:
    seats, where = geometry["seats"], f"{len(drawn['seats'])} seats at {size[0]}x{size[1]}"
    assert [(s["num"], s["name"]) for s in seats] == [(str(s["n"]), s["name"]) for s in drawn["seats"]], where
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            assert not overlap(a["box"], b["box"]), f"{where}: seats {a['num']} and {b['num']} overlap"
        for panel in ("info", "hub", "alerts"):
            if geometry[panel]:
                assert not overlap(a["box"], geometry[panel]), f"{where}: seat {a['num']} overlaps the {panel}"
        assert a["box"][0] >= 0 and a["box"][2] <= geometry["width"] + 0.5, f"{where}: seat {a['num']} is off the side"
    assert geometry["scrollWidth"] <= geometry["width"], f"{where}: the page scrolls sideways"
    assert not overlap(geometry["alerts"], geometry["info"]), f"{where}: the sound switch overlaps the info"
    smallest = min(s["font"] for s in seats)
    least = 28 if size == BIG_TV else 16  # a TV: 28 px everywhere, its side panel too
    small = [s for s in geometry["small"] if s[2] < least]
    assert smallest >= least, f"{where}: seat names {smallest}px"
    assert not small, f"{where}: text under {least} px: {small[:5]}"
    if drawn.get("vote") is not None and size[0] > size[1] >= 600:  # a TV does not scroll: the info beside, the vote in it
        assert geometry["info"][0] > geometry["width"] / 2, f"{where}: the info is not beside the circle"
        assert geometry["voteSec"] is not None and 0 <= geometry["voteSec"] < geometry["viewH"], where
    elif drawn.get("vote") is not None:  # the vote's count in view, however far the page scrolled
        assert geometry["strip"] is not None and 0 < geometry["strip"] <= geometry["viewH"], where


# On a phone in make test; the other screens are make test-deep's (a browser test costs a second or two).
OTHER_SCREENS = [pytest.param(size, marks=pytest.mark.slow) for size in (BIG_TV, SIDEWAYS, TV, TABLET)]


@pytest.mark.parametrize("size", [PHONE, *OTHER_SCREENS], ids=lambda s: f"{s[0]}x{s[1]}")
def test_seats_fit_without_overlapping(open_square: Any, size: tuple[int, int]) -> None:
    square = None
    for count in (5, 12, 20):
        for drawn in (state(count), voting(state(count, me=4), at=5, up=(2, 5)), secret_vote(count)):
            if square is None:
                square = open_square(drawn, size=size)
            else:
                square.push(drawn)
            check(square.page.evaluate(GEOMETRY), drawn, size)
            if size[0] < 900:  # scrolled to the bottom: the vote's count still in view
                square.page.evaluate("() => scrollTo(0, document.documentElement.scrollHeight)")
                check(square.page.evaluate(GEOMETRY), drawn, size)
                square.page.evaluate("() => scrollTo(0, 0)")


@pytest.mark.slow
def test_the_layout_follows_a_turned_phone(open_square: Any) -> None:
    drawn = state(20)
    square = open_square(drawn, size=PHONE)
    for size in (SIDEWAYS, PHONE, BIG_TV):
        square.resize(*size)
        check(square.page.evaluate(GEOMETRY), drawn, size)
