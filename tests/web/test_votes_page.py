"""The votes on the page: a secret vote shows no hand and no count anywhere; the Days view has
every day's nominations, hands and executions; the vote as a clock marks the nominator and the
nominee and points its hand at the seat being counted, counting 3-2-1 as a vote opens; the
timer's end says "time's up", with a sound and a buzz only once this browser turned them on."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.states import history, state, voting
from tests.web.test_layout import BIG_TV, PHONE, SIDEWAYS, TABLET, secret_vote

# The phone's in make test, the other sizes (the TV's too) in make test-slow.
SIZES = [PHONE, pytest.param(SIDEWAYS, marks=pytest.mark.slow), pytest.param(TABLET, marks=pytest.mark.slow),
         pytest.param(BIG_TV, marks=pytest.mark.slow)]
ids = lambda s: f"{s[0]}x{s[1]}"  # noqa: E731

# Counts the page's beeps and buzzes (the page makes its sound itself: nothing to listen to).
SOUND = """
window.__beeps = 0; window.__buzzes = 0;
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  resume() {}
  createOscillator() { return { frequency: {}, connect: (g) => g, start: () => { window.__beeps++; }, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; }
};
navigator.vibrate = () => { window.__buzzes++; return true; };
"""


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_a_secret_vote_shows_no_hands_and_no_count(open_square: Any, size: tuple[int, int]) -> None:
    square = None
    for count in (5, 12, 20):
        drawn = secret_vote(count)
        if square is None:
            square = open_square(drawn, size=size)
        else:
            square.push(drawn)
        page = square.page
        assert page.locator("#seats > li.up").count() == 0 and page.locator(".hand-mark").count() == 0
        assert page.locator("#seats > li.current").get_attribute("data-n") == str(min(count, 7))
        strip = page.locator("#vote-strip").text_content() or ""  # (drawn on a phone, a tablet; a TV has the middle)
        assert strip.startswith("Secret vote on 4") and strip.endswith("eyes closed")
        hub = page.locator("#hub").text_content() or ""
        assert "eyes closed" in hub and f"/ {drawn['needed']}" not in hub
        vote = page.locator("#vote-sec").text_content() or ""
        assert "secret vote" in vote and "Hands up" not in vote and f"/ {drawn['needed']}" not in vote
        assert "a secret vote" in (page.locator("#noms-sec").text_content() or "")


@pytest.mark.parametrize("size", [pytest.param(PHONE, marks=pytest.mark.slow), pytest.param(BIG_TV, marks=pytest.mark.slow)], ids=ids)
def test_the_days_view_has_every_days_votes(open_square: Any, size: tuple[int, int]) -> None:
    drawn = state(12, number=3)
    drawn["days"] = history(drawn["seats"])
    seats = drawn["seats"]
    square = open_square(drawn, size=size)
    page = square.page
    page.click("#days-open")
    days = page.locator("#days .day")
    assert days.evaluate_all("ds => ds.map(d => d.dataset.day)") == ["3", "2", "1"]  # the latest first
    day1, day2, day3 = days.nth(2), days.nth(1), days.nth(0)
    first = day1.locator("li").nth(0).text_content() or ""
    assert first.startswith("2" + seats[1]["name"] + " nominated 5" + seats[4]["name"] + ": 3 hands")
    assert "Hands: 1" + seats[0]["name"] + ", 2" in first
    assert (day1.locator(".day-end").text_content() or "") == "Executed: 5" + seats[4]["name"] + " (did not die)"
    secret = day2.locator("li").nth(1)
    assert (secret.locator(".outcome").text_content() or "") == "a secret vote" and secret.locator(".voters").count() == 0
    assert (day2.locator(".day-end").text_content() or "") == "Executed: 6" + seats[5]["name"]
    assert (day3.locator("li").nth(2).locator(".outcome").text_content() or "") == "not counted"
    assert (day3.locator(".day-end").text_content() or "") == "No execution yet."  # day 3: today
    # Readable and whole: nothing off the side, every text big enough for the screen.
    sizes = page.locator("#days").evaluate("""d => [...d.querySelectorAll('*')]
        .filter(e => [...e.childNodes].some(c => c.nodeType === 3 && c.textContent.trim()))
        .map(e => parseFloat(getComputedStyle(e).fontSize))""")
    assert min(sizes) >= (28 if size == BIG_TV else 16)
    box = page.locator("#days").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]
    # A new state redraws the open view.
    later = copy.deepcopy(drawn)
    later["days"][-1]["executed"] = {**later["days"][-1]["nominations"][0]["on"], "died": True}
    square.push(later)
    assert (days.nth(0).locator(".day-end").text_content() or "").startswith("Executed: ")
    page.click("#days-close")
    assert page.locator("#days").is_hidden()


@pytest.mark.slow  # make test keeps a quicker browser test of this page (each page a Chromium's CPU)
def test_the_vote_clock_marks_who_nominated_whom_and_points_at_the_hand_counted(open_square: Any) -> None:
    drawn = state(12)
    square = open_square(drawn, size=BIG_TV)
    page = square.page
    assert page.locator("#clock-hand").is_hidden() and page.locator("#countdown").is_hidden()
    square.push(voting(drawn, by=1, on=4, at=5, up=()))  # a vote opens: 3, 2, 1
    expect(page.locator("#countdown")).to_have_text("3")
    assert page.locator("#seats > li.nominator").get_attribute("data-n") == "1"
    assert page.locator("#seats > li[data-n='1'] .by-mark").text_content() == "nominator"
    assert page.locator("#seats > li[data-n='4'] .on-mark").text_content() == "nominee"
    for at in (5, 6, 9, 12):
        square.push(voting(drawn, by=1, on=4, at=at, up=(5,)))
        hand = page.locator("#clock-hand")
        assert hand.is_visible() and hand.get_attribute("data-at") == str(at)
        # Its far end touches the seat's box, and it starts outside the middle's words.
        end = hand.evaluate("""h => {
          const t = getComputedStyle(h).transform.match(/-?[\\d.e-]+/g).map(Number);
          const x0 = parseFloat(h.style.left), y0 = parseFloat(h.style.top), w = h.offsetWidth;
          return [x0, y0, x0 + w * t[0], y0 + w * t[1]];
        }""")
        seat = page.locator(f"#seats > li[data-n='{at}']").evaluate("s => [s.offsetLeft, s.offsetTop, s.offsetWidth, s.offsetHeight]")
        hub = page.locator("#hub").evaluate("h => [h.offsetLeft, h.offsetTop, h.offsetWidth, h.offsetHeight]")
        x, y = end[2], end[3]
        assert seat[0] - 2 <= x <= seat[0] + seat[2] + 2 and seat[1] - 2 <= y <= seat[1] + seat[3] + 2, (at, end, seat)
        x0, y0 = end[0], end[1]
        assert not (hub[0] + 1 < x0 < hub[0] + hub[2] - 1 and hub[1] + 1 < y0 < hub[1] + hub[3] - 1), (end, hub)
    square.push(drawn)  # the vote recorded: no hand, no marks
    assert page.locator("#clock-hand").is_hidden() and page.locator("#seats > li.nominator").count() == 0


@pytest.mark.slow  # make test keeps a quicker browser test of this page (each page a Chromium's CPU)
def test_a_page_opened_during_a_vote_does_not_count_down(open_square: Any) -> None:
    square = open_square(voting(state(8), at=6, up=(5,)))
    assert square.page.locator("#countdown").is_hidden()


@pytest.mark.slow  # make test keeps a quicker browser test of this page (each page a Chromium's CPU)
def test_times_up_sounds_only_once_turned_on(open_square: Any, browser: Any) -> None:
    square = open_square(state(8))
    page = square.page
    page.add_init_script(SOUND)
    page.reload()
    page.wait_for_selector("html[data-renders]", state="attached")
    button = page.locator("#alerts")
    assert button.text_content() == "Sound and vibration: off" and button.get_attribute("aria-pressed") == "false"
    square.push(state(8, timer={"label": "Discussion", "running": True, "left": 0.2}))
    expect(page.locator("#times-up")).to_have_text("Time's up: Discussion")
    assert page.evaluate("() => [window.__beeps, window.__buzzes]") == [0, 0]  # off: words only
    page.evaluate("() => scrollTo(0, document.documentElement.scrollHeight)")
    box = page.locator("#times-up").bounding_box()  # under the bar: in view, scrolled or not
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 844
    button.click()
    assert button.text_content() == "Sound and vibration: on" and button.get_attribute("aria-pressed") == "true"
    beeps = page.evaluate("() => window.__beeps")
    assert beeps == 1  # the switch says it works
    square.push(state(8, timer={"label": "Nominations", "running": True, "left": 0.2}))
    expect(page.locator("#times-up")).to_have_text("Time's up: Nominations")
    # The words, the beeps and the buzz come together (one function): sounded now.
    assert page.evaluate("() => window.__beeps") > beeps and page.evaluate("() => window.__buzzes") == 1
    # Kept in this browser: on after a reload; a timer still running shows no "time's up".
    page.reload()
    page.wait_for_selector("html[data-renders]", state="attached")
    assert page.locator("#alerts").get_attribute("aria-pressed") == "true"
    square.push(state(8, timer={"label": "Discussion", "running": True, "left": 300}))
    assert page.locator("#times-up").is_hidden()
