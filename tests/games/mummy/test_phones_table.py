"""Pilot: Night of the Mummy played with the players' phones. Chosen at the deal (f), the deal
passes no laptop round: each guest is on its player's phone, the server is pointed at the game,
and every player has a link. At the table an inquiry and a dance show no gate and no secret: the
whisper and the faces go to the phones concerned; the table shows who has read what."""

from __future__ import annotations

import random

import pytest
from pilot_keys import until
from textual.widgets import OptionList, Static

from grimoire.games import persist
from grimoire.games.mummy import phones as ph
from grimoire.games.mummy import rules, save
from grimoire.games.mummy.modals import AskScreen, GatedScreen, PickScreen, SecretScreen
from grimoire.games.mummy.phone_dance import PhoneDanceScreen
from grimoire.games.mummy.phone_links import MummyLinksScreen
from grimoire.games.mummy.screen import MummyScreen
from grimoire.games.mummy.table import TableScreen
from grimoire.store import open_game, phone_cards, seat_links
from grimoire.tui.app import GrimoireApp

from ..helpers import SIZE, settle
from .pilot import GUEST_NAMES, game_of, open_table

FIVE = ("Ann", "Ben", "Cy", "Di", "Ed")
DEALT = ("phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar")
MYSTERY = ("gargoyle", "sasquatch")


def shown(screen: object) -> str:
    return "\n".join(str(w.render()) for w in screen.query(Static))  # type: ignore[attr-defined]


async def test_phones_chosen_at_the_deal_put_each_guest_on_its_phone_and_no_laptop_goes_round() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MummyScreen)
        await pilot.press("p", *"Ann, Ben, Cy, Di", "enter", "r")
        await until(pilot, lambda: "Ready to deal" in shown(app.screen), "the guests chosen")
        assert "the laptop is passed round" in shown(app.screen)
        await pilot.press("f")
        await until(pilot, lambda: "on the players' phones" in shown(app.screen), "phones chosen")
        await pilot.press("d")
        # No gate: straight to whose turn it is.
        await until(pilot, lambda: isinstance(app.screen, PickScreen), "who goes first")
        assert not any(isinstance(s, (SecretScreen, GatedScreen)) for s in app.screen_stack)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert isinstance(table, TableScreen)
        phones = table.phones
        assert phones is not None
        assert [c.seat for c in phones.cards] == [0, 1, 2, 3]
        assert all(c.lines[0] == f"You are {table.game.guest(c.seat).name}." for c in phones.cards)
        # The laptop names no guest; it says each player's guest is not read yet.
        panel = str(table.query_one("#mummy-phones").render())
        assert not any(name in panel for name in GUEST_NAMES)
        assert "1. Ann — Your guest: not read yet" in panel
        # The server follows this game, and each player has a link.
        path = persist.autosave_path(save.KEY)
        await settle(app)
        opened = open_game.read_open()
        assert opened is not None and opened.path == path.resolve()
        assert sorted(seat_links.read_seat_codes(path)) == [0, 1, 2, 3]
        assert save.from_dict(persist.read(save.KEY, save.PHONES_FORMAT)).phones == phones
        # A phone says it read Ben's card: the table shows it, within a second or so.
        phone_cards.write_seen(path, {phones.of(1)[0].id: "seen"})
        await until(pilot, lambda: "2. Ben — Your guest: read" in shown(table), "Ben's card read")
        await pilot.press("L")
        await until(pilot, lambda: isinstance(app.screen, MummyLinksScreen)
                    and app.screen.query_one(OptionList).option_count == 4, "each player's link")
        assert "No server is running" in shown(app.screen)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table, "the table again")


async def test_with_phones_an_inquiry_and_a_dance_show_no_gate_and_send_the_secrets_to_the_phones() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(FIVE, DEALT, MYSTERY)
        table = await open_table(pilot, game, phones=ph.new_phones(game, "34" * 8))
        await pilot.press("i", "down", "enter")  # Ann inquires of Cy (the Sarcophagus) …
        await until(pilot, lambda: isinstance(app.screen, PickScreen) and "are you" in shown(app.screen), "the guess")
        await pilot.press("enter")  # … "are you the Phantom?"
        await until(pilot, lambda: table.game.turn == 1 and app.screen is table, "Ben's turn")
        assert table.phones is not None
        whisper = [c for c in table.phones.cards if c.kind in ("inquiry", "whisper")]
        assert [(c.seat, c.kind) for c in whisper] == [(2, "inquiry"), (0, "whisper")]
        assert "The whisper: YES." in whisper[1].lines
        assert "Cy whispers the answer to Ann (on their phones)." in table.party.log
        # Ben asks Di (the Archeologist) to dance: she is told on her phone she must accept.
        await pilot.press("d", "down", "down", "enter")
        await until(pilot, lambda: isinstance(app.screen, AskScreen), "the answer, out loud")
        assert table.phones.cards[-1].seat == 3 and "You must accept" in table.phones.cards[-1].lines[1]
        await pilot.press("n")  # she says "no": the laptop does not take it
        await until(pilot, lambda: any("may not refuse" in n.message for n in app._notifications), "the refusal refused")
        assert isinstance(app.screen, AskScreen)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PhoneDanceScreen), "the dance")
        dance = shown(app.screen)
        assert not any(name in dance for name in GUEST_NAMES)  # the faces are on the phones
        faces = [c for c in table.phones.cards if c.kind == "dance"]
        assert [c.seat for c in faces] == [1, 3]
        assert faces[0].lines == ("Di shows: The Archeologist.",)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table, "the table")
        # Undo takes the dance back, and its cards with it.
        await pilot.press("u")
        await until(pilot, lambda: not any(c.kind == "dance" for c in table.phones.cards), "the dance's cards undone")
        assert table.phones.cards[-1].kind == "whisper"


async def test_with_phones_a_won_game_stays_saved_for_the_phones_until_the_table_is_left() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(FIVE, DEALT, MYSTERY, turn=1)
        table = await open_table(pilot, game, phones=ph.new_phones(game, "78" * 8))
        table._begin_action()
        won, result = rules.accuse(game, 1, {0: "phantom", 2: "sarcophagus", 3: "archeologist", 4: "cat_burglar"},
                                   random.Random(0))
        table._send(ph.accused_cards(game, result))
        table.game = won
        await settle(app)
        kept = save.from_dict(persist.read(save.KEY, save.PHONES_FORMAT))
        assert kept.game.winner == 1
        assert kept.phones is not None and [c.kind for c in kept.phones.of(3)][-1] == "accused"
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not table, "the table left")
        await settle(app)
        assert not persist.has_autosave(save.KEY)


async def test_with_phones_a_card_that_may_not_ask_for_a_dance_says_why_on_its_phone_alone() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(FIVE, ("dorian_gray", "mummy", "sarcophagus", "anubis", "sasquatch"), ("gargoyle", "phantom"))
        table = await open_table(pilot, game, phones=ph.new_phones(game, "9a" * 8))
        await pilot.press("d", "enter")  # Ann, the Picture of Dorian Gray, asks Ben
        await until(pilot, lambda: "Ann did not ask Ben after all." in table.party.log, "the request withdrawn")
        assert app.screen is table and table.game == game
        assert not any("has not answered" in line for line in table.party.log)
        assert table.phones is not None
        refusal = table.phones.cards[-1]
        assert refusal.seat == 0 and refusal.kind == "may" and "may not request dances" in refusal.lines[0]


@pytest.mark.parametrize("size", [(80, 24), pytest.param((140, 45), marks=pytest.mark.slow)], ids=["80x24", "140x45"])
async def test_the_links_show_each_players_qr_code_or_say_the_window_is_too_small(size: tuple[int, int]) -> None:
    import os

    from grimoire.games.mummy import phone_links

    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=size) as pilot:
        game = game_of(FIVE, DEALT, MYSTERY)
        table = await open_table(pilot, game, phones=ph.new_phones(game, "bc" * 8))
        phone_links.new_links(5)
        seat_links.record_served(seat_links.Served("http://192.168.1.20:8000", "t" * 24, os.getpid()))
        await pilot.press("L")
        await until(pilot, lambda: isinstance(app.screen, MummyLinksScreen)
                    and "192.168.1.20:8000/s/" in str(app.screen.query_one(OptionList).get_option_at_index(0).prompt),
                    "Ann's link")
        qr = str(app.screen.query_one("#mummy-links-qr").render())
        if size == (80, 24):
            assert "too small for the QR code" in qr
        else:
            lines = qr.splitlines()
            assert lines[0] == "Ann" and len(lines) > 15 and "▀" in qr  # the code itself, whole
        assert table.phones is not None


async def test_with_phones_a_withdrawn_dance_request_leaves_no_card_on_the_partners_phone() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(FIVE, DEALT, MYSTERY, turn=1)
        table = await open_table(pilot, game, phones=ph.new_phones(game, "5c" * 8))
        assert table.phones is not None
        before = table.phones.cards
        await pilot.press("d", "down", "down", "enter")  # Ben asks Di to dance …
        await until(pilot, lambda: isinstance(app.screen, AskScreen), "the answer, out loud")
        assert table.phones.cards[-1].kind == "request" and table.phones.cards[-1].seat == 3
        await pilot.press("escape")  # … and the request is withdrawn before she answers
        await until(pilot, lambda: app.screen is table, "the table")
        assert table.phones.cards == before
        await settle(app)
        kept = save.from_dict(persist.read(save.KEY, save.PHONES_FORMAT))
        assert kept.phones is not None and not any(c.kind == "request" for c in kept.phones.cards)
