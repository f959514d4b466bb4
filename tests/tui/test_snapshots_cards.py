"""The cards shown to a player at 80x24 and 140x45, from a seeded first night."""

from __future__ import annotations

import pytest

from grimoire.tui.app import GrimoireApp

from .helpers import settle
from .test_player_card import night_at

SIZES = [(80, 24), (140, 45)]

CARDS = {  # the walker's step, and the keys from there to the card
    "demon": ("minioninfo", ("p",)),
    "minions": ("minioninfo", ("p", "right")),
    "bluffs": ("demoninfo", ("p", "right")),
    "evil": ("managers", ("p",)),
    "auctioneer": ("auctioneer", ("p",)),
    "you_are": ("dusk", ("p", "3")),  # the list, then seat 3: Cat, the Mirror Keeper
}


# Every card at 80x24 in make test; at 140x45 in make test-deep.
CASES = [(card, size) for size in SIZES for card in CARDS]
PARAMS = [case if case[1] == SIZES[0] else pytest.param(*case, marks=pytest.mark.slow) for case in CASES]


@pytest.mark.parametrize(("card", "size"), PARAMS, ids=[f"{card}-{w}x{h}" for card, (w, h) in CASES])
def test_card(snap_compare, size, card) -> None:  # type: ignore[no-untyped-def]
    step, keys = CARDS[card]

    async def show(pilot):  # type: ignore[no-untyped-def]
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
        await settle(pilot)

    assert snap_compare(GrimoireApp(game=night_at(step)), terminal_size=size, run_before=show)
