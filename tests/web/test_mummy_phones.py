"""Night of the Mummy on the players' phones, in Chromium against the real server following the
game's autosave, on a phone held upright (and a TV, in make test-slow), with hostile names: an
inquiry's whisper reaches only the phones concerned (the asker's and the target's), closed until
tapped; read and marked seen, the laptop's record of it says so; the asker's grid is filled in
with what the whisper made certain; the TV shows no card."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from grimoire.games import persist
from grimoire.games.mummy import phones as ph
from grimoire.games.mummy import rules, save
from grimoire.games.mummy.phone_page import MummyReader
from grimoire.store import phone_cards, seat_links
from grimoire.store.phone_cards import SEEN
from grimoire.web.server import SquareServer
from tests.web.browser import CheckedPages
from tests.web.shots import shot
from tests.web.test_restart import Running

# A page for each player a run: make test-slow's; make test checks each seat's page state
# without a browser (tests/townsquare/test_mummy_page_state.py, the secrecy property).
SIZES = [pytest.param((390, 844), marks=pytest.mark.slow), pytest.param((1920, 1080), marks=pytest.mark.slow)]
DEADLINE = 30.0  # only stops a test that would hang
# Names as typed, markup and all: each goes in as text.
NAMES = ("<img src=x onerror=window.__pwned=1>", "Ben & \"Co\"", "Cy</td>", "Dì Ñandú", "Ed")
DEALT = ("phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar")
MYSTERY = ("gargoyle", "sasquatch")


class MummyRunning(Running):
    """The real server, handed Night of the Mummy's reader as ``grimoire serve`` is."""

    def __init__(self, save: Path) -> None:
        self.server = SquareServer(save, look=0.01, others=(MummyReader(),))
        self.loop = asyncio.new_event_loop()
        started = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(0, started), daemon=True)
        self.thread.start()
        assert started.wait(10), "the server did not start"


def until(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not check():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.02)


def party() -> save.Party:
    setup = rules.MasqueradeSetup(NAMES, DEALT + MYSTERY, MYSTERY, DEALT)
    game = rules.MasqueradeGame(setup, turn=3)
    phones = ph.new_phones(game, "56" * 8)
    # Di asks Ed (the Cat Burglar, honest): are you the Cat Burglar? Yes.
    after = rules.inquire(game, 3, 4, "cat_burglar")
    return save.Party(after, ("Di asks Ed: are you The Cat Burglar?",), (), phones.add(*ph.inquiry_cards(game, after)))


@pytest.fixture
def served(browser: Any, tmp_path: Path) -> Iterator[tuple[MummyRunning, dict[int, str], Callable[..., Any]]]:
    path = persist.write(save.KEY, save.to_dict(party()))
    codes = seat_links.seat_codes(path, range(5))
    running = MummyRunning(path)
    pages = CheckedPages(browser, only_from=running.base + "/")

    def open_page(address: str, size: tuple[int, int]) -> Any:
        return pages.open(running.base + address, size)

    yield running, codes, open_page
    try:
        pages.close()
    finally:
        running.stop()




@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_whisper_reaches_only_the_phones_concerned(served: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    running, codes, open_page = served
    path = persist.autosave_path(save.KEY)
    tv = open_page(f"/{running.server.token}/", size)
    pages = {seat: open_page(f"/s/{codes[seat]}/", size) for seat in range(5)}
    for page in pages.values():
        page.wait_for_selector("#cards .card", state="visible")
    # The TV: the table and no card; nobody's guest.
    assert tv.locator("#mine").is_hidden() and tv.locator(".card").count() == 0
    assert "Cat Burglar" not in tv.inner_text("#players")
    # Only Di (who asked) and Ed (who whispered) got a card besides their guest.
    kinds = {seat: page.eval_on_selector_all("#cards .card", "cards => cards.map(c => c.dataset.kind)")
             for seat, page in pages.items()}
    assert kinds == {0: ["guest"], 1: ["guest"], 2: ["guest"], 3: ["guest", "whisper"], 4: ["guest", "inquiry"]}
    for page in pages.values():
        text = page.inner_text("#main")
        assert "The whisper" not in text and "You whisper" not in text  # closed: nothing to glance at
        assert page.evaluate("() => typeof window.__pwned") == "undefined"
    assert NAMES[0] in pages[1].inner_text("#players")  # the name as typed, as text
    di = pages[3]
    di.click("#cards .card[data-kind='whisper'] button.tap")
    di.wait_for_selector("#cards .card[data-kind='whisper'] p.line")
    assert "The whisper: YES." in di.inner_text("#cards .card[data-kind='whisper']")
    shot(di, f"mummy-whisper-open-{size[0]}", full_page=True)
    di.click("#cards .card[data-kind='whisper'] button.done")
    whisper = next(c for c in party().phones.of(3) if c.kind == "whisper")  # type: ignore[union-attr]
    until(lambda: phone_cards.read_seen(path).get(whisper.id) == SEEN, "Di's phone telling it was read")
    di.wait_for_selector("#cards .card[data-kind='whisper'] .card-state:text('read')")
    # Di's grid: Ed is the Cat Burglar or the Sarcophagus (who whispers Yes to all), nobody else.
    di.click("#grid-toggle")
    di.wait_for_selector("#grid td.x")
    rows = di.eval_on_selector_all("#grid tbody tr", "rows => rows.map(r => [r.querySelector('th').textContent,"
                                   " [...r.querySelectorAll('td')].map(c => c.textContent)])")
    ed = dict(rows)["Ed"]
    columns = di.eval_on_selector_all("#grid thead th[title]", "cells => cells.map(c => c.title)")
    assert [c for c, mark in zip(columns, ed, strict=True) if mark != "✗"] == ["Sarcophagus", "Cat Burglar"]
    shot(di, f"mummy-grid-{size[0]}", full_page=True)
    ed_page = pages[4]
    ed_page.click("#cards .card[data-kind='inquiry'] button.tap")
    ed_page.wait_for_selector("#cards .card[data-kind='inquiry'] p.line")
    assert "You whisper YES." in ed_page.inner_text("#cards .card[data-kind='inquiry']")
    for seat in (0, 1, 2):
        assert "whisper" not in pages[seat].inner_text("#cards").lower()
    shot(tv, f"mummy-tv-{size[0]}", full_page=True)
    # A phone cannot mark another's card.
    bens = pages[1].evaluate(
        "id => fetch('card', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({card: id, did: 'seen'})}).then(r => r.status)",
        next(c.id for c in party().phones.of(4) if c.kind == "inquiry"))  # type: ignore[union-attr]
    assert bens == 404
