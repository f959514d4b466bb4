"""The script as the players read it: its characters and jinxes, its night order in a tab of
its own, and the table's counts beside the alive and votes figures."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.shots import shot
from tests.web.states import SCRIPT, state


@pytest.mark.slow  # make test keeps the players' page's own browser tests; the script view here
@pytest.mark.parametrize("size", [(390, 844), (1920, 1080)])
def test_the_night_order_and_the_jinxes_on_the_script_view(open_square: Any, size: tuple[int, int]) -> None:
    square = open_square(state(12, fabled=[], jinxes=[]), size=size)  # no Djinn: the jinxes still show
    page = square.page
    page.click("#script-open")
    # The characters first, then the script's jinxes.
    assert page.locator("#characters").is_visible() and page.locator("#night").is_hidden()
    assert page.locator("#characters h3.jinxes").text_content() == "Jinxes"
    jinx = page.locator("#characters .jinx")
    assert jinx.locator("strong").text_content() == "Phantom & Doomed"
    assert jinx.locator(".ability").text_content() == SCRIPT["jinxes"][0]["text"]  # as text, never markup
    assert page.locator("#characters b").count() == 0
    shot(page, f"script-characters-{size[0]}")
    page.click("#tab-night")
    assert page.locator("#characters").is_hidden() and page.locator("#night").is_visible()
    assert page.get_attribute("#tab-night", "aria-selected") == "true"
    lists = page.locator("#night section")
    assert lists.locator("h3").all_text_contents() == ["First night", "Other nights"]
    assert lists.nth(0).locator("li").all_text_contents() == [s["name"] for s in SCRIPT["first"]]
    assert lists.nth(1).locator("li").all_text_contents() == [s["name"] for s in SCRIPT["other"]]
    assert page.locator("#night li.step").first.text_content() == "Dusk"
    assert page.locator("#night li.team-other").all_text_contents() == ["Djinn", "Beggar"]
    # Nothing runs off the side of the dialog.
    wide = page.evaluate("() => [...document.querySelectorAll('#script *')].filter(e => e.scrollWidth > "
                         "e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible').length")
    assert wide == 0
    box = page.locator("#script").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
    shot(page, f"script-night-{size[0]}")
    page.click("#tab-characters")
    assert page.locator("#characters").is_visible() and page.locator("#night").is_hidden()
    # A new state keeps the tab the player chose, and an unchanged script is not redrawn.
    page.click("#tab-night")
    square.push(state(12, number=3))
    assert page.locator("#night").is_visible()


@pytest.mark.parametrize("size", [pytest.param((390, 844), marks=pytest.mark.slow), pytest.param((1920, 1080), marks=pytest.mark.slow)])
def test_the_counts_for_the_tables_size(open_square: Any, size: tuple[int, int]) -> None:
    square = open_square(state(12), size=size)  # 12 seats, two of them Travellers: 10 players
    page = square.page
    counts = page.locator("#counts")
    assert counts.text_content() == "10 players: 7 Townsfolk · 0 Outsiders · 2 Minions · 1 Demon"
    # Beside the alive and votes figures.
    assert counts.locator("xpath=preceding-sibling::p[1]").text_content().endswith("to execute")
    assert counts.is_visible()
    shot(page, f"counts-{size[0]}")
    square.push(state(16))  # 14 players
    assert counts.text_content() == "14 players: 9 Townsfolk · 1 Outsider · 3 Minions · 1 Demon"
    square.push(state(4))  # fewer than the rules' table: no counts
    assert page.locator("#counts").count() == 0
