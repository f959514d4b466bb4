"""The storyteller's swap by hand (`! s`) asks, while the phones are dealt, whether the player is
told of their new character: the answer is the event's, and their phone's card follows it."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup
from grimoire.present import phone_cards as pc
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from tests.phantom_table import phantom_table

from .helpers import SIZE, settle, type_pick


async def test_a_swap_while_dealing_asks_whether_they_are_told_and_their_card_stays_if_not() -> None:
    cast = [("Ann", "christine_daae"), ("Ben", "ubaldo_piangi"), ("Cat", "meg"), ("Dan", "auctioneer"),
            ("Eve", "sorelli"), ("Fay", "doomed"), ("Gus", "cloak_bearer"), ("Hal", "phantom")]
    game = Game(phantom_table(seats=[SeatSetup(n, c) for n, c in cast]))
    game.apply(ev.PhonesChoice("00000000000000ff"))
    card = pc.seat_cards(game.state)[1]
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("exclamation_mark")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await type_pick(pilot, "Ben")
        becomes = "usher"
        await type_pick(pilot, "Usher")
        screen = pilot.app.screen
        assert isinstance(screen, Pick) and "told" in screen.title_text, screen
        await type_pick(pilot, "No")
        await settle(pilot)
    assert game.events[-1] == ev.SwapCharacter(1, becomes, learns=False)
    assert game.state.seats[1].character == becomes and pc.seat_cards(game.state)[1] == card
