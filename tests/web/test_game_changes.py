"""The storyteller starts another game while ``grimoire serve`` follows the grimoire, with the
last game's seat pages still open on the players' phones (in Chromium against the real server):
no old page is sent anything of the new game (not its seats, not the "You are" card dealt to
the seat of the same number), each says its game has ended and how to get the new link, and the
table's page, which is public, goes on to the new game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store import phone_cards, seat_links
from grimoire.store.open_game import record_open
from grimoire.store.saves import save_game
from tests.web.shots import shot
from tests.web.states import state
from tests.web.test_restart import Running

PHONE = (390, 844)
PLAYERS = 5
# Every message an EventSource of the page gets, kept where the test can read it (Playwright
# adds this before the page's own script, out of reach of the page's policy).
RECORD = """
(() => {
  window.__got = [];
  const Real = window.EventSource;
  window.EventSource = function (url, options) {
    const source = new Real(url, options);
    source.addEventListener("message", (e) => window.__got.push(e.data));
    return source;
  };
  window.EventSource.prototype = Real.prototype;
  Object.assign(window.EventSource, { CONNECTING: 0, OPEN: 1, CLOSED: 2 });
})();
"""


def dealt_game(path: Path, names: list[str], seed: int) -> Game:
    """A game of five at ``path``, each seat's character dealt to its phone, its links handed out."""
    setup = random_table(PLAYERS, seed=seed, script="phantom")
    setup = attrs.evolve(setup, seats=tuple(attrs.evolve(s, name=n) for s, n in zip(setup.seats, names)))
    game = Game(setup)
    game.apply(ev.PhonesChoice(phone_cards.new_card_id()))
    save_game(game, path)
    return game


@pytest.mark.slow  # seven pages on the real server; make test has the server's part (tests/townsquare/
# test_serve.py: a switch ends the last game's seat streams) and the page's, below
def test_a_seat_page_of_the_game_before_gets_nothing_of_the_new_game_and_says_it_ended(
        browser: Any, tmp_path: Path) -> None:
    first, second = tmp_path / "first.toml", tmp_path / "second.toml"
    a_names = [f"Ada{i}" for i in range(PLAYERS)]
    b_names = [f"Bea{i}" for i in range(PLAYERS)]
    a = dealt_game(first, a_names, seed=4)
    a_codes = seat_links.seat_codes(first, a.state.ring)  # as L hands them out
    record_open(first)  # the grimoire has the first game open
    running = Running(None)  # grimoire serve with no save: it follows the grimoire
    problems: list[str] = []
    contexts: list[Any] = []

    def open_page(address: str, size: tuple[int, int]) -> Any:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        contexts.append(context)
        context.add_init_script(RECORD)
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
        page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
        page.goto(running.base + address)
        return page

    try:
        phones = [open_page(f"/s/{a_codes[seat]}/", PHONE) for seat in a.state.ring]
        tv = open_page(f"/{running.server.token}/", (1280, 720))
        for phone in phones:
            phone.wait_for_selector("#phone-cards .pc-tap", state="visible")  # its own "You are", closed
        tv.wait_for_selector(f"#seats li .name:text('{a_names[0]}')")
        phones[0].click("#phone-cards .pc-tap")
        phones[0].wait_for_selector("#phone-cards .pc-body", state="visible")
        phones[0].wait_for_selector("#phone-cards .pc-state:text('opened')")  # the server has it: all is sent
        before = [len(phone.evaluate("window.__got")) for phone in phones]

        # The storyteller starts another game (a new file): L hands out its links, the grimoire
        # deals to the phones, and says which game is open.
        b = dealt_game(second, b_names, seed=5)
        b_codes = seat_links.seat_codes(second, b.state.ring)
        record_open(second)

        tv.wait_for_selector(f"#seats li .name:text('{b_names[0]}')")  # the table's page follows
        for n, phone in enumerate(phones):
            # Whichever comes first: the page told its game ended, or the new game on it.
            phone.wait_for_selector(f"#refused:visible, #seats li .name:text('{b_names[0]}')")
            said = phone.inner_text("#refused") if phone.locator("#refused").is_visible() else ""
            after = phone.evaluate("window.__got")[before[n]:]
            assert [json.loads(m) for m in after] == [{"v": 1, "ended": True}], after
            assert "The game this link was for has ended" in said and "new link" in said and "key L" in said
            shown = phone.inner_text("body")
            assert not any(name in shown for name in b_names)
            assert phone.locator(".pc").count() == 0 and phone.locator("#seats li").count() == 0
            assert phone.locator("#phone-cards").is_hidden() and phone.locator("#hand-bar").is_hidden()
            assert "You are" not in shown
        shot(phones[0], "old-seat-after-a-new-game")

        # The old pages stay ended (no reconnecting): a new stream of theirs is refused.
        for phone in phones:
            status = phone.evaluate("fetch('events', {method: 'HEAD'}).then(r => r.status)")
            assert status == 403
            assert phone.locator("#reconnecting").is_hidden()
        # Opened again, the old link says the same in plain words.
        phones[1].reload()
        assert "key L" in phones[1].inner_text("body") and not any(n in phones[1].content() for n in b_names)
        # The new game's phones have their own cards; the table's page has none.
        new = open_page(f"/s/{b_codes[0]}/", PHONE)
        new.wait_for_selector("#phone-cards .pc-tap", state="visible")
        new.wait_for_selector(f"#seats li .name:text('{b_names[0]}')")
        assert tv.locator(".pc").count() == 0 and tv.locator("#refused").is_hidden()
    finally:
        for context in contexts:
            context.close()
        running.stop()
    assert not problems, problems




def test_a_seat_page_told_its_game_ended_shows_nothing_of_it_and_says_how_to_get_the_new_link(
        open_square: Any, harness: Any) -> None:
    mine = state(8, me=3, timer={"label": "Discussion", "running": True, "left": 90})
    mine["cards"] = [{"id": "c1", "dealt": True, "when": "", "state": "opened",
                      "blocks": [{"role": "headline", "text": "You are"}, {"role": "big", "text": "Meg"}]}]
    square = open_square(mine, seat="abcdefghjkmn")
    page = square.page
    page.wait_for_selector("#phone-cards .pc-tap", state="visible")
    page.click("#seats li[data-n='2'] .seat-box")  # a seat's card open
    page.wait_for_selector("#seat-card", state="visible")
    harness.push({"v": 1, "ended": True}, square.key)
    page.wait_for_selector("#refused", state="visible")
    said = page.inner_text("#refused")
    assert "The game this link was for has ended" in said and "seat's new link" in said and "key L" in said
    assert page.locator("#seats li").count() == 0 and page.locator(".pc").count() == 0
    for gone in ("#phone-cards", "#hand-bar", "#seat-card", "#reconnecting"):
        assert page.locator(gone).is_hidden(), gone
    assert "Discussion" not in page.inner_text("body") and page.inner_text("#phase") == "Town square"
