"""Cards on the players' phones, in Chromium against the real server following a saved game,
with 40-character hostile names, on a phone held upright and on a wide screen: a dealt
character shows only on its own seat's page, and only once the player taps; a night card
sent to a seat is read there, acknowledged, and the storyteller's record says so: the grimoire
logs what the phone said to the real server's route."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from grimoire.core import events as ev
from grimoire.core.script import load_script
from grimoire.game import Game
from grimoire.present.card import seat_card
from grimoire.present.phone_cards import card_event, told_lines
from grimoire.present.show_cards import INFO_TOKENS, token_card
from grimoire.simulate import random_table
from grimoire.store import phone_cards, seat_links
from grimoire.store.phone_cards import OPENED, SEEN
from grimoire.store.saves import save_game
from grimoire.tui.session import Session
from grimoire.tui.support.phones_said import PhonesSaid
from tests.web.browser import CheckedPages
from tests.web.shots import shot
from tests.web.states import HOSTILE, XSS, forty
from tests.web.test_restart import Running

# Each size with a table of its own size (5, 8 or 12 seats); the phone's in make test, the
# other three in make test-slow (a real server and pages each: the dearest browser tests).
SIZES = [(390, 844), pytest.param((1920, 1080), marks=pytest.mark.slow), pytest.param((844, 390), marks=pytest.mark.slow),
         pytest.param((768, 1024), marks=pytest.mark.slow)]
# The night card at every size in make test-slow only: make test delivers the dealt one.
SLOW_SIZES = [pytest.param((390, 844), marks=pytest.mark.slow), *SIZES[1:]]
PLAYERS = {(390, 844): 8, (1920, 1080): 12, (844, 390): 5, (768, 1024): 12}
DEADLINE = 30.0  # only stops a test that would hang


# The hostile names a save keeps (a direction override is refused as a game's name is typed).
NAMES = [forty(n) for n in HOSTILE if "\u202e" not in n] + [forty(n) for n in ("Lou", "Max", "Ned", "Oli", "Pam")]


def hostile_game(path: Path, players: int = 8) -> Game:
    setup = random_table(players, seed=4, script="phantom")
    setup = attrs.evolve(setup, seats=tuple(attrs.evolve(s, name=n) for s, n in zip(setup.seats, NAMES)))
    game = Game(setup)
    save_game(game, path)
    return game


def until(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not check():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.02)


@pytest.fixture
def table(browser: Any, tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """``table(size)``: the real server on a saved game with hostile names; ``open(address)``
    opens a page on it, checked for script errors and anything the policy refused."""
    running: list[Running] = []
    pages = CheckedPages(browser)

    def open_page(address: str, size: tuple[int, int]) -> Any:
        return pages.open(running[0].base + address, size)

    def start(phones: Callable[[Game], list[ev.Event]], players: int = 8
              ) -> tuple[Game, Path, Running, Callable[[str, tuple[int, int]], Any]]:
        path = tmp_path / "game.toml"
        game = hostile_game(path, players)
        for event in phones(game):  # the phones' choices and cards: events of the save, as the grimoire writes them
            game.apply(event)
        save_game(game, path)
        running.append(Running(path))
        return game, path, running[0], open_page

    yield start
    try:
        pages.close()
    finally:
        for server in running:
            server.stop()




@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_dealt_character_shows_only_on_its_own_seats_page_and_only_after_a_tap(
        table: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    game, path, running, open_page = table(lambda game: [ev.PhonesChoice(phone_cards.new_card_id())], PLAYERS[size])
    g = game.state
    script = load_script(g.script_id)
    codes = seat_links.seat_codes(path, g.ring)
    mine, other = 0, 3  # the seat named as markup, and another
    character, theirs = script.character(g.seats[mine].character).name, script.character(g.seats[other].character).name
    tv = open_page(f"/{running.server.token}/", size)
    phone = open_page(f"/s/{codes[mine]}/", size)
    neighbour = open_page(f"/s/{codes[other]}/", size)
    for page in (phone, neighbour):
        page.wait_for_selector("#phone-cards .pc-tap", state="visible")
    # Closed: the character is on no page until its player taps.
    for page in (tv, phone, neighbour):
        assert character not in page.inner_text("#main")
    assert phone.inner_text("#phone-cards .pc-tap") == "Tap to see your character"
    shot(phone, f"dealt-closed-{size[0]}")
    phone.click("#phone-cards .pc-tap")
    phone.wait_for_selector("#phone-cards .pc-body", state="visible")
    body = phone.inner_text("#phone-cards .pc-body")
    assert "You are" in body and character in body and theirs not in body
    assert phone.evaluate("() => typeof window.__pwned") == "undefined"
    assert phone.locator(f"text={XSS[:20]}").count() >= 1  # the name is shown as typed, on the circle
    until(lambda: list(phone_cards.read_seen(path).values()) == [OPENED], "the phone telling it opened the card")
    # The grimoire, following what the phones said, logs it: once.
    session = Session(game)
    said = PhonesSaid(path)
    assert said.look(session) == 1 and said.look(session) == 0
    assert game.events[-1] == ev.CardOpened(phone_cards.read_seen(path).popitem()[0])
    assert game.state.cards[mine].state == OPENED
    shot(phone, f"dealt-open-{size[0]}")
    # The storyteller sees it opened (the page too, once the server has it); the others stay closed.
    phone.wait_for_selector("#phone-cards .pc-state:text('opened')")
    assert character not in neighbour.inner_text("#main") and character not in tv.inner_text("#main")
    assert tv.locator("#phone-cards").is_hidden() and tv.locator(".pc").count() == 0
    shot(tv, f"dealt-table-{size[0]}")
    # Hide again: a glance at the phone later shows nothing.
    phone.click("#phone-cards .pc-done")
    phone.wait_for_selector("#phone-cards .pc-tap", state="visible")
    assert character not in phone.inner_text("#main")


@pytest.mark.parametrize("size", SLOW_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_night_card_is_delivered_acknowledged_and_in_the_record(table: Any, tmp_path: Path,
                                                                   size: tuple[int, int]) -> None:
    selected = next(t for t in INFO_TOKENS if t.kind == "selected")
    sent: list[Any] = []

    def phones(game: Game) -> list[ev.Event]:
        g = game.state
        phantom = next(s.character for s in g.seats if s.character == "phantom")
        card = card_event(token_card(g, selected, characters=[phantom]), phone_cards.new_card_id(), 1, phone=True)
        sent.append(card)
        return [ev.PhonesChoice(night=True), card]

    game, path, running, open_page = table(phones, PLAYERS[size])
    g = game.state
    codes = seat_links.seat_codes(path, g.ring)
    phone = open_page(f"/s/{codes[1]}/", size)
    others = open_page(f"/s/{codes[2]}/", size)
    phone.wait_for_selector("#phone-cards .pc-tap", state="visible")
    assert phone.inner_text("#phone-cards .pc-group-head") == "Before the first night"  # its night's group
    assert phone.inner_text("#phone-cards .pc-what") == "From the storyteller"
    assert "selected you" not in phone.inner_text("#main")
    assert others.locator("#phone-cards").is_hidden()  # sent to seat 2, not 3
    phone.click("#phone-cards .pc-tap")
    phone.wait_for_selector("#phone-cards .pc-body", state="visible")
    assert [w for w in phone.inner_text("#phone-cards .pc-body").split("\n") if w] == ["This character selected you", "Phantom"]
    shot(phone, f"night-open-{size[0]}")
    phone.click("#phone-cards .pc-done")
    until(lambda: phone_cards.read_seen(path) == {sent[0].card: SEEN}, "the phone telling it was seen")
    phone.wait_for_selector("#phone-cards .pc-state:text('seen')")
    shot(phone, f"night-seen-{size[0]}")
    # The record: the grimoire logs what the phone said (opened, then seen), and the seat's card
    # says what went to the phone and that it was seen.
    said = PhonesSaid(path)
    assert said.look(Session(game)) == 2
    assert game.events[-2:] == [ev.CardOpened(sent[0].card), ev.CardSeen(sent[0].card)]
    lines = told_lines(game.state, 1)
    assert lines == ["Before the first night: This character selected you · Phantom (on their phone, opened and seen)"]
    assert "Cards they were shown" in seat_card(game, 1).text()
    assert "selected you" not in others.inner_text("#main")
