"""What is one tap away, and how the page looks: the script, the light theme, the day's news."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.states import SCRIPT, person, state

# make test-deep's: make test drives the page in a browser in test_layout.py, test_names.py and
# test_vote.py (a browser test costs a second or two of CPU).
pytestmark = pytest.mark.slow


def test_the_script_opens_lists_the_characters_by_team_and_closes(open_square: Any) -> None:
    square = open_square(state(8))
    page = square.page
    dialog = page.locator("#script")
    assert dialog.is_hidden()
    page.click("#script-open")
    assert dialog.is_visible()
    assert page.locator("#script-name").text_content() == SCRIPT["name"]
    teams = page.locator("#characters h3").all_text_contents()
    assert teams == ["Townsfolk", "Outsider", "Minion", "Demon", "Traveller", "Jinxes"]
    names = page.locator("#characters li:not(.jinx) strong").all_text_contents()
    assert names == [c["name"] for c in SCRIPT["characters"]]
    assert SCRIPT["characters"][4]["ability"] in dialog.text_content()
    page.click("#script-close")
    assert dialog.is_hidden()


def test_the_light_theme_is_chosen_remembered_and_asked_for(open_square: Any) -> None:
    square = open_square(state(5))
    page = square.page
    background = "() => getComputedStyle(document.body).backgroundColor"
    dark = page.evaluate(background)
    assert page.get_attribute("html", "data-theme") == "dark"
    page.click("#theme")
    assert page.get_attribute("html", "data-theme") == "light"
    assert page.evaluate(background) != dark
    page.reload()
    page.wait_for_selector("html[data-renders]", state="attached")
    assert page.get_attribute("html", "data-theme") == "light"  # remembered
    asked = open_square(state(5), query="?theme=light")  # a new browser, nothing remembered
    assert asked.page.get_attribute("html", "data-theme") == "light"
    assert asked.page.locator("#theme").text_content() == "Dark"


def test_the_day_news_and_the_reveal(open_square: Any) -> None:
    drawn = state(9)
    seats = drawn["seats"]
    drawn["nominations"] = [{"by": person(seats, 3), "on": person(seats, 5), "votes": 4,
                             "voters": [person(seats, n) for n in (1, 4, 6, 7)]},
                            {"by": person(seats, 6), "on": person(seats, 1), "votes": 1, "voters": [person(seats, 6)]}]
    drawn["block"] = person(seats, 5)
    square = open_square(drawn)
    page = square.page
    assert page.locator("#died").text_content() == "Died last night: 2" + seats[1]["name"]
    assert page.locator("#block").text_content() == "On the block: 5" + seats[4]["name"]
    noms = page.locator("#noms-sec li").all_text_contents()
    assert noms[0].startswith("3" + seats[2]["name"] + " → 5" + seats[4]["name"] + ": 4 hands")
    assert noms[1].endswith(": 1 hand6" + seats[5]["name"])
    assert page.locator("#fabled-sec li").all_text_contents() == ["Djinn"]
    assert page.get_by_text("The active artifact: Punjab Lasso", exact=True).count() == 1  # the line sent, whole
    assert page.locator("#jinx-sec li").text_content().startswith("Spy & Magician: ")
    over = state(9, phase="over", result="Good wins", jinxes=[], fabled=[])
    over["reveal"] = {"result": "Good wins: the Phantom (Dan) is dead",
                      "sections": [{"heading": "Characters", "lines": ["1 Ann — Meg (good)", "4 Dan — Phantom (evil)"]}]}
    square.push(over)
    assert page.locator("#result-sec .result").text_content() == "Good wins: the Phantom (Dan) is dead"
    assert page.locator("#result-sec h3").text_content() == "Characters"
    assert page.locator("#result-sec li").all_text_contents() == ["1 Ann — Meg (good)", "4 Dan — Phantom (evil)"]
    assert page.locator("#hub .hub-result").text_content() == "Good wins"
    assert page.locator("#jinx-sec").count() == 0 and page.locator("#phase").text_content() == "Game over"
