"""The storyteller's side of the phones: on the seat links screen (L), ``d`` deals each seat's
character to its phone and ``n`` lets the night's cards go to a phone, per game, events of its
log; the screen shows whose phone opened its character, and the grimoire logs it. On a card (p),
``f`` sends it to the phones of everyone it is for (the hint says whose first; a card for
nobody in particular, to the one chosen) instead; the hint and the
seat's card say whether the player opened it and said they have seen it; a card left on the
laptop is logged as shown."""

from __future__ import annotations

from typing import Any

import pytest
from pilot_keys import until

from grimoire.core import events as ev
from grimoire.present.phone_cards import dealt
from grimoire.present.show_cards import text_card
from grimoire.store import phone_cards
from grimoire.store.phone_cards import OPENED, SEEN
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens import player_card as card_screen
from grimoire.tui.screens import seat_links as links_screen
from grimoire.tui.screens import table as table_screen
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.player_card import PlayerCardScreen
from grimoire.tui.screens.seat_card import SeatCardScreen
from grimoire.tui.screens.table import GrimoireScreen

from .helpers import SIZE, notes, settle
from .test_player_card import night_at
from .test_seat_links import open_links, words

NAMES = ["[bold]Bob[/] " + "x" * 27, "Ann & <b>Ben</b>", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]


def hint(app: Any) -> str:
    return str(app.screen.query_one("#show-hint").render())


@pytest.mark.parametrize("size", [pytest.param(SIZE, marks=pytest.mark.slow), (80, 24)], ids=["140x45", "80x24"])  # 80x24: the tighter
async def test_d_deals_to_the_phones_and_the_screen_shows_whose_phone_opened_it(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(links_screen, "LOOK_EVERY", 0.05)
    monkeypatch.setattr(table_screen, "PHONES_EVERY", 0.05)
    game = night_at("minioninfo", NAMES)
    async with GrimoireApp(game=game).run_test(size=size) as pilot:
        await settle(pilot)
        path = pilot.app.autosave_path()
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        game = table.game
        links = await open_links(pilot)
        assert "characters not dealt (d deals them)" in words(links) and "Night cards: laptop only" in words(links)
        await pilot.press("d")
        await pilot.pause()
        phones = game.state.phones
        assert phones.deal and not phones.night and game.events[-1] == ev.PhonesChoice(phones.deal)
        assert "characters dealt, 0 of 10 opened" in words(links)
        assert "card not opened yet" in words(links)
        assert "[bold]Bob[/] " in words(links)  # the name as typed
        # Seat 2's phone opens its card (the server writes it): the screen shows it at its next
        # look, and the grimoire logs it, once.
        card = dealt(game.state)[1]
        phone_cards.write_seen(path, {card.id: OPENED})
        await until(pilot, lambda: "1 of 10 opened" in words(links), "the opened card")
        await until(pilot, lambda: game.events[-1] == ev.CardOpened(card.id), "the opening logged")
        assert "card opened" in words(links)
        assert sum(1 for e in game.events if isinstance(e, ev.CardOpened)) == 1
        await pilot.press("n")
        await pilot.pause()
        assert game.state.phones.night and "Night cards: may go to a phone" in words(links)
        await pilot.press("d")  # taken back: no page holds a character any more
        await pilot.pause()
        assert game.events[-1] == ev.PhonesChoice("", True)
        assert "characters not dealt" in words(links) and "card opened" not in words(links)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GrimoireScreen)


async def test_f_sends_a_card_to_everyone_it_is_for_and_the_record_says_when_it_was_seen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_screen, "LOOK_EVERY", 0.05)
    game = night_at("minioninfo", NAMES)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        path = pilot.app.autosave_path()
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        # The choice is off: the card stays on the laptop, and nothing is written.
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(pilot.app.screen, PlayerCardScreen) and "f: to" not in hint(pilot.app)
        await pilot.press("f")
        await settle(pilot)
        assert any("keeps the night's cards on the laptop" in n for n in notes(pilot.app))
        assert not any(isinstance(e, ev.CardSent) for e in table.game.events)
        await pilot.press("escape")  # the card stays on the laptop: logged as shown
        await settle(pilot)
        shown = table.game.events[-1]
        assert isinstance(shown, ev.CardShown) and shown.words == ("This is the Demon", "4 Dan")
        assert table.game.state.cards[-1].when == "Night 1" and not table.game.state.cards[-1].phone

        table.session.apply(ev.PhonesChoice(night=True))
        await pilot.press("p")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PlayerCardScreen) and screen.card.kind == "demon"
        # The hint says whose phones before f: the Demon's card is for each Minion, and f asks nothing.
        assert "f: to 3 Cat's, 6 Fay's and 10 Jon's phones" in hint(pilot.app)
        await pilot.press("f")
        await settle(pilot)
        assert pilot.app.screen is screen
        sent = [c for c in table.game.state.cards if c.phone]
        assert [c.seat for c in sent] == [2, 5, 9]
        assert {c.words() for c in sent} == {"This is the Demon · 4 Dan"} and {c.when for c in sent} == {"Night 1"}
        # Each phone by name where that fits; here, how many got how far.
        assert hint(pilot.app).endswith("sent to 3 phones: 3 not opened yet")
        phone_cards.write_seen(path, {sent[0].id: SEEN})  # Cat read it, and said so
        await until(pilot, lambda: hint(pilot.app).endswith("1 opened and seen, 2 not opened yet"), "the seen card")
        await pilot.press("f")  # once is enough: nothing is sent twice
        await settle(pilot)
        assert len([c for c in table.game.state.cards if c.phone]) == 3
        await pilot.press("right")  # the step's other card: sent to no phone yet
        await settle(pilot)
        assert "sent to" not in hint(pilot.app) and "f: to 3 Cat's, 6 Fay's and 10 Jon's phones" in hint(pilot.app)
        await pilot.press("c")  # the Demon's card chosen again from the list: it went to the phones already
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "the card list")
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen and screen.card.kind == "demon"
        assert hint(pilot.app).endswith("sent to 3 Cat's, 6 Fay's and 10 Jon's phones: 3 Cat opened and seen, "
                                        "6 Fay not opened yet, 10 Jon not opened yet")  # by name, where they fit
        await pilot.press("escape")
        await settle(pilot)
        # A card for nobody in particular: the hint says f asks whose phone, and it does.
        words = text_card("Bob [b]x[/b]")
        assert words is not None
        nobody = PlayerCardScreen(table.session, [words], path)
        pilot.app.push_screen(nobody)
        await settle(pilot)
        assert "f: to a phone (you choose whose)" in hint(pilot.app)
        await pilot.press("f")
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "whose phone")
        await pilot.press("5")
        await settle(pilot)
        assert pilot.app.screen is nobody and table.game.state.cards[-1].seat == 4
        assert "sent to 5 Eve's phone: not opened yet" in hint(pilot.app)
        await pilot.press("escape")
        await settle(pilot)
        # The record: Cat's card in the grimoire says what went to the phone.
        table.open_card(2)
        await settle(pilot)
        assert isinstance(pilot.app.screen, SeatCardScreen)
        assert pilot.app.screen.card.section("Cards they were shown").lines == (
            "Night 1: This is the Demon · 4 Dan (on their phone, opened and seen)",)


async def test_a_read_only_window_deals_nothing() -> None:
    app = GrimoireApp(game=night_at("minioninfo", NAMES))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        path = app.autosave_path()
        watched = GrimoireScreen(night_at("minioninfo", NAMES), read_only="this game is open in another window",
                                 path=path)
        app.push_screen(watched)
        await pilot.pause()
        await open_links(pilot)
        await pilot.press("d", "n")
        await pilot.pause()
        assert not any(isinstance(e, ev.PhonesChoice) for e in watched.game.events)
        assert not phone_cards.phones_path(path).exists()
        assert any("another window" in n for n in notes(app))


async def test_a_card_logged_or_a_phones_word_keeps_what_was_picked_at_the_step() -> None:
    """A card shown, or a phone's word arriving, is no new night step: the seats picked stay."""
    game = night_at("minioninfo", NAMES)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        table.picked = [2]
        table.session.apply(ev.PhonesChoice(night=True))
        table.session.apply(ev.CardSent("00000000000000a1", 2, "text", "x", ["big"], ["x"]))
        table.session.apply(ev.CardOpened("00000000000000a1"))
        await settle(pilot)
        assert table.picked == [2]
        table.session.apply(ev.WriteNote(2, "claims the Meg"))  # any other change is a new step, as before
        await settle(pilot)
        assert table.picked == []
