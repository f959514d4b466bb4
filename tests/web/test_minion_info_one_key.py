"""Minion info sent with one key (the grimoire's ``S``: ``step_phones.send_events``) reaches
exactly the Minions' pages, in Chromium against the real server following the saved game, with
12 seats of hostile names: each Minion reads both cards (the Demon, the other Minions), and no
other seat's page, nor the table's, holds either."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from grimoire.core import events as ev
from grimoire.core.model import GameState
from grimoire.core.script import Team
from grimoire.game import Game
from grimoire.present.step_phones import deliveries, send_events
from grimoire.rules import status
from grimoire.simulate import random_answer
from grimoire.store import seat_links
from tests.web.shots import shot
from tests.web.test_phone_cards import hostile_game, table  # noqa: F401  (the fixture)

# Twelve pages a run: make test-slow's; make test checks where the cards go without a browser
# (tests/official/test_night_cards_for_whom.py).
SIZES = [pytest.param((390, 844), marks=pytest.mark.slow), pytest.param((1920, 1080), marks=pytest.mark.slow)]


def team(g: GameState, which: Team) -> list[int]:
    return [s.index for s in g.seats if not s.traveller and status.team(g, s.index) is which]


def at_minion_info(game: Game) -> list[ev.Event]:
    """The first night walked to Minion info, the night's cards let go to phones, and ``S``'s events."""
    game.apply(ev.StartNight())
    rng = random.Random(1)
    while game.prompt is not None and game.prompt.step != "minioninfo":
        game.answer(random_answer(game.prompt, game, rng))
    assert game.prompt is not None
    game.apply(ev.PhonesChoice(night=True))
    return list(send_events(game))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_minion_info_sent_with_one_key_reaches_exactly_the_minions(table: Any, tmp_path: Path,  # noqa: F811
                                                                   size: tuple[int, int]) -> None:
    sent: list[ev.Event] = []

    def phones(game: Game) -> list[ev.Event]:
        sent.extend(at_minion_info(game))
        return sent

    game, path, running, open_page = table(phones, 12)
    g = game.state
    minions, demons = team(g, Team.MINION), team(g, Team.DEMON)
    assert len(minions) >= 2 and [d.seats for d in deliveries(game)] == [tuple(minions), tuple(minions)]
    assert sorted({e.seat for e in sent if isinstance(e, ev.CardSent)}) == minions and len(sent) == 2 * len(minions)
    codes = seat_links.seat_codes(path, g.ring)
    tv = open_page(f"/{running.server.token}/", size)
    pages = {seat: open_page(f"/s/{codes[seat]}/", size) for seat in g.ring}
    for seat in minions:  # each Minion: two cards, closed until tapped
        pages[seat].wait_for_selector("#phone-cards .pc:nth-child(2) .pc-tap", state="visible")
        assert pages[seat].locator("#phone-cards .pc").count() == 2
    demon_words = f"{demons[0] + 1} {g.seats[demons[0]].name}"
    # Every other page has had the same state drawn (the Minions' cards came with it): none holds a card.
    for seat, page in pages.items():
        if seat not in minions:
            page.wait_for_selector("#seats", state="attached")
            assert page.locator("#phone-cards .pc").count() == 0, seat
            assert "This is the Demon" not in page.inner_text("#main")
    assert tv.locator(".pc").count() == 0 and "This is the Demon" not in tv.inner_text("#main")
    first = pages[minions[0]]
    for tap in range(2):
        first.locator("#phone-cards .pc-tap").first.click()
        first.wait_for_selector(f"#phone-cards .pc-body >> nth={tap}", state="visible")
    bodies = [first.locator("#phone-cards .pc-body").nth(i).inner_text() for i in range(2)]
    words = "\n".join(bodies)
    assert "This is the Demon" in words and "These are your Minions" in words
    assert demon_words.split()[0] in words and all(f"{m + 1} " in words for m in minions)
    assert first.evaluate("() => typeof window.__pwned") == "undefined"
    shot(first, f"minion-info-{size[0]}")
