"""Joining by one code, in Chromium against the real server, as at the table: the TV shows the
join link and its QR code; each phone (a browser of its own, with its own cookies) opens that one
link, taps its seat and sits down; a second phone cannot take a seat taken; nothing private is
on a phone before it holds a seat; a phone keeps its seat across a reload and a restart of the
server; and a phone of the game before holds nothing of the new one. Hostile names throughout."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from grimoire.core import events as ev
from grimoire.core.script import load_script
from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store import join_desk, phone_cards, seat_links
from grimoire.store.open_game import record_open
from grimoire.store.saves import save_game
from tests.web.browser import CheckedPages
from tests.web.shots import shot
from tests.web.states import XSS
from tests.web.test_game_changes import RECORD
from tests.web.test_restart import Running

PHONE, TV = (390, 844), (1920, 1080)
# The names a phone must show as typed, never as markup or a script.
NAMES = ["[bold]Bob[/]", "x[/]y", "<script>", XSS, "Ann", "Bartholomew Longname-Whitaker", "Cy", "Dee",
         "Eve [i]", "Flo", "Gus", "Hal"]


def dealt_game(path: Path, players: int, seed: int = 4, names: list[str] = NAMES) -> Game:
    """A game with hostile names, each seat's character dealt to its phone."""
    setup = random_table(players, seed=seed, script="phantom")
    setup = attrs.evolve(setup, seats=tuple(attrs.evolve(s, name=n) for s, n in zip(setup.seats, names)))
    game = Game(setup)
    game.apply(ev.PhonesChoice(phone_cards.new_card_id()))
    save_game(game, path)
    return game




@pytest.fixture
def phones(browser: Any) -> Iterator[Callable[..., Any]]:
    """``open_page(url, size)``: a page in a browser context of its own (a phone of its own),
    checked for script errors and anything the page's policy refused."""
    pages = CheckedPages(browser)

    def open_page(url: str, size: tuple[int, int], record: bool = False) -> Any:
        return pages.open(url, size, init_script=RECORD if record else "")

    yield open_page
    pages.close()


def join_link_on_the_tv(tv: Any) -> str:
    """The link the TV's Join shows, as a phone's camera reads it off the QR code."""
    tv.click("#join-open")
    tv.wait_for_selector("#join-qr", state="visible")
    tv.wait_for_selector("#join-link:not(:empty)")
    return "http://" + tv.inner_text("#join-link")


def sit_down(phone: Any, n: int) -> None:
    phone.click(f"#seats li[data-n='{n}'] .seat-box")
    phone.click("#join-sit")
    phone.wait_for_selector(f"#seats li.me[data-n='{n}']")  # the page again, as that seat's


def name_on(page: Any, n: int) -> str:
    return str(page.inner_text(f"#seats li[data-n='{n}'] .name"))


# Five to twelve pages a run: make test-slow's; make test checks the claims over HTTP without a
# browser (tests/townsquare/test_join_by_code.py).
CASES = [pytest.param(PHONE, 5, id="390x844-5", marks=pytest.mark.slow),
         pytest.param(PHONE, 12, id="390x844-12", marks=pytest.mark.slow),
         pytest.param(TV, 5, id="1920x1080-5", marks=pytest.mark.slow),
         pytest.param(TV, 12, id="1920x1080-12", marks=pytest.mark.slow)]


@pytest.mark.parametrize(("size", "players"), CASES)
def test_phones_join_by_one_link_sit_down_and_a_second_phone_cannot_take_a_taken_seat(
        phones: Any, tmp_path: Path, size: tuple[int, int], players: int) -> None:
    path = tmp_path / "game.toml"
    game = dealt_game(path, players)
    script = load_script(game.state.script_id)
    running = Running(path)
    try:
        tv = phones(f"{running.base}/{running.server.token}/", TV)
        tv.wait_for_selector("#join-sec .join-at")  # before the first night, without a tap
        shot(tv, f"tv-setup-{players}")
        link = join_link_on_the_tv(tv)
        assert tv.inner_text("#join-sec .join-at") in link
        assert tv.evaluate("document.getElementById('join-qr').naturalWidth") > 0  # the QR code drew
        assert link.endswith(f"/j/{join_desk.read_desk(path).code}/")
        shot(tv, f"tv-join-{players}")
        tv.click("#join-close")

        # A phone still choosing, seat 1's card open: once another phone sits there, the card says so.
        late = phones(link, size)
        late.click("#seats li[data-n='1'] .seat-box")
        late.wait_for_selector("#join-sit")
        seated = min(10, players)
        taken: list[Any] = []
        for n in range(1, seated + 1):
            phone = phones(link, size, record=True)
            phone.wait_for_selector("#join-strip:text('Tap your seat')")
            # Before it sits down, nothing private: no card, no hand, no "you", on the page or in what it was sent.
            assert phone.locator(".pc").count() == 0 and phone.locator("#seats li.me").count() == 0
            assert "You are" not in phone.inner_text("body")
            for got in map(json.loads, phone.evaluate("window.__got")):
                assert got["me"] is None and "cards" not in got and got["join"] == {"taken": list(range(1, n))}
            if n == 1:
                phone.click("#seats li[data-n='1'] .seat-box")
                phone.wait_for_selector("#join-sit")
                shot(phone, f"phone-choosing-{size[0]}-{players}")
                phone.click("#seat-card-close")
            sit_down(phone, n)
            if n == 1:
                late.wait_for_selector(".join-taken")
                assert late.locator("#join-sit").count() == 0
                late.click("#seat-card-close")
            assert name_on(phone, n) == NAMES[n - 1]  # as typed: no markup, no script
            phone.wait_for_selector("#phone-cards .pc-tap", state="visible")  # its own character, closed
            taken.append(phone)
        assert tv.evaluate("() => typeof window.__pwned") == "undefined"
        shot(taken[0], f"phone-seated-{size[0]}-{players}")
        claims = join_desk.read_desk(path).claims
        assert sorted(c.seat for c in claims) == list(range(seated))

        # Seat 1's own character, on seat 1's phone, once tapped; nobody else's.
        first = taken[0]
        first.click("#phone-cards .pc-tap")
        first.wait_for_selector("#phone-cards .pc-body", state="visible")
        mine = script.character(game.state.seats[0].character).name
        assert mine in first.inner_text("#phone-cards")

        # A second phone cannot take a seat taken: it is marked, the card says so, the server refuses.
        late.wait_for_selector("#seats li.taken[data-n='1']")
        late.click("#seats li[data-n='1'] .seat-box")
        late.wait_for_selector(".join-taken")
        assert late.locator("#join-sit").count() == 0
        shot(late, f"phone-taken-{size[0]}-{players}")
        status = late.evaluate("fetch('claim', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                               " body: JSON.stringify({seat: 1})}).then(r => r.status)")
        assert status == 409
        assert late.locator("#seats li.me").count() == 0 and late.locator(".pc").count() == 0

        # A reload keeps the seat; so does a restart of the server (in make test-slow: make test has
        # it over HTTP, tests/townsquare/test_join_by_code.py).
        first.reload()
        first.wait_for_selector("#seats li.me[data-n='1']")
        if players == 5 and size == PHONE:
            return
        port = running.port
        running.stop()
        running = Running(path, port)
        first.wait_for_selector("#seats li.me[data-n='1']")
        first.reload()
        first.wait_for_selector("#seats li.me[data-n='1']")
        first.wait_for_selector("#phone-cards .pc-tap", state="visible")
    finally:
        running.stop()


@pytest.mark.slow  # make test has the release and the move over HTTP (tests/townsquare/test_join_by_code.py)
def test_the_storyteller_releases_a_seat_and_another_phone_sits_there(phones: Any, tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    game = dealt_game(path, 5)
    running = Running(path)
    try:
        tv = phones(f"{running.base}/{running.server.token}/", TV)
        link = join_link_on_the_tv(tv)
        wrong = phones(link, PHONE)
        sit_down(wrong, 2)  # a slip of the finger: seat 2 is not theirs
        wrong.wait_for_selector("#phone-cards .pc-tap", state="visible")
        claim = join_desk.read_desk(path).claims[0]
        game.apply(ev.PhoneReleased(claim.id, 1))  # the grimoire's r on the links screen
        save_game(game, path)
        wrong.wait_for_selector("#join-strip:text('gave your seat back')")
        assert wrong.locator("#seats li.me").count() == 0 and wrong.locator(".pc").count() == 0
        assert wrong.locator("#seats li.taken").count() == 0
        shot(wrong, "phone-released")
        right = phones(link, PHONE)
        sit_down(right, 2)
        sit_down(wrong, 3)
        # Moved by the storyteller: the phone is that seat's now, and the seat it left is free.
        third = join_desk.read_desk(path).claims[2]
        game.apply(ev.PhoneMoved(third.id, 2, 4))
        save_game(game, path)
        wrong.wait_for_selector("#seats li.me[data-n='5']")
        right.wait_for_selector("#seats li.me[data-n='2']")
    finally:
        running.stop()


@pytest.mark.slow  # ten pages and two games on the real server; the server's own test of it is in make test
# (tests/townsquare/test_join_by_code.py)
@pytest.mark.parametrize(("size", "players"), [(PHONE, 12), (TV, 5)], ids=["390x844-12", "1920x1080-5"])
def test_a_phone_of_the_game_before_holds_nothing_of_the_new_one(phones: Any, tmp_path: Path,
                                                                 size: tuple[int, int], players: int) -> None:
    first, second = tmp_path / "first.toml", tmp_path / "second.toml"
    dealt_game(first, players, seed=4)
    new_names = [f"New{i}" for i in range(players)]
    b = dealt_game(second, players, seed=5, names=new_names)
    record_open(first)  # the grimoire has the first game open
    running = Running(None)  # grimoire serve with no save: it follows the grimoire
    try:
        tv = phones(f"{running.base}/{running.server.token}/", TV)
        link = join_link_on_the_tv(tv)
        tv.click("#join-close")
        old = [phones(link, size, record=True) for _ in range(min(players, 10))]
        for n, phone in enumerate(old, start=1):
            sit_down(phone, n)
            phone.wait_for_selector("#phone-cards .pc-tap", state="visible")
        before = [len(phone.evaluate("window.__got")) for phone in old]

        seat_links.seat_codes(second, b.state.ring)
        record_open(second)  # the storyteller starts another game
        tv.wait_for_selector(f"#seats li .name:text('{new_names[0]}')")  # the table's page follows
        for n, phone in enumerate(old):
            phone.wait_for_selector("#refused", state="visible")
            after = [json.loads(m) for m in phone.evaluate("window.__got")[before[n]:]]
            assert after == [{"v": 1, "ended": True}], after
            shown = phone.inner_text("body")
            assert "join code" in phone.inner_text("#refused") and not any(name in shown for name in new_names)
            assert phone.locator(".pc").count() == 0 and phone.locator("#seats li").count() == 0
        shot(old[0], f"old-phone-new-game-{size[0]}")
        # The old link is refused; opened again, it says so, and shows nothing of the new game.
        old[1].reload()
        assert "scan the code on the table's page" in old[1].inner_text("body")
        assert not any(name in old[1].content() for name in new_names)
        # The new game's join code is new, and every seat of it is free.
        new_link = join_link_on_the_tv(tv)
        tv.click("#join-close")
        assert new_link != link
        fresh = phones(new_link, size)
        fresh.wait_for_selector("#join-strip")
        assert fresh.locator("#seats li.taken").count() == 0
        # The old phone's key opens nothing of the new game either (a cookie of the old link's path).
        status = old[0].evaluate(f"fetch('{new_link}claim', {{method: 'POST', headers: {{'Content-Type': "
                                 "'application/json'}, body: JSON.stringify({seat: 1})}).then(r => r.status)")
        assert status == 200  # it sits down as any new phone would, holding nothing it held before
        assert join_desk.read_desk(second).claims[0].seat == 0 and len(join_desk.read_desk(second).claims) == 1
    finally:
        running.stop()
