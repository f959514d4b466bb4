"""Night information in one key: while the game lets the night's cards go to phones, ``S`` on
the grimoire sends a step's cards to everyone they are for (each Minion their Minion info, the
Demon its Minions and bluffs, the woken player their answer), and the step's line says whose
phones before the key, and how far each player got after. A whole Phantom first night, walked
and sent by keys, costs one key a step with a card (fewer than its cards)."""

from __future__ import annotations

import pytest
from pilot_keys import until

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.side import SidePanel
from night_order import AnswerKind
from tests.official.conftest import stand_in  # noqa: F401 (the stand-in official data, a fixture)
from tests.official.tb_table import tb_game
from tests.phantom_table import phantom_table

from .helpers import SIZE, settle
from .test_player_card import CAST, NAMES


def first_night() -> Game:
    """The ten players of ``test_player_card.night_at`` at dusk of the first night, the night's cards on phones."""
    from grimoire.game import SeatSetup

    game = Game(phantom_table(seats=[SeatSetup(n, c) for n, c in zip(NAMES, CAST)], artifacts=("monkey_music_box",),
                              mirror_target=7, evil_townsfolk=8,
                              bluffs=("madame_giry", "monsieur_reyer", "christine_daae")))
    game.apply(ev.PhonesChoice(night=True))
    game.apply(ev.StartNight())
    return game


def line(table: GrimoireScreen) -> str:
    return table.query_one("#side", SidePanel).text("phones")


def sent(game: Game) -> list[tuple[int | None, str]]:
    return [(c.seat, c.what) for c in game.state.cards if c.phone]


@pytest.mark.slow  # a whole night by keys; S's quicker test below stays in make test
async def test_a_phantom_first_night_sent_to_phones_costs_one_key_a_step_with_a_card() -> None:
    game = first_night()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        walk: list[str] = []  # the keys that walk the night, as without phones
        extra: list[str] = []  # the keys that send its cards

        async def press(into: list[str], *keys: str) -> None:
            into.extend(keys)
            await pilot.press(*keys)
            await settle(pilot)

        lines: dict[str, str] = {}
        while table.game.prompt is not None:
            prompt = table.game.prompt
            step = prompt.step
            if line(table).startswith("[S]"):
                lines.setdefault(step, line(table))
                before = len(table.game.events)
                if "choose what they are told" in line(table):
                    walk.append("S")  # it asks what they were told, as n would: no extra key
                    await pilot.press("S")
                    await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "what they were told")
                    await press(walk, "enter")  # the truth, listed first
                    assert table.game.prompt is not prompt
                    continue
                await press(extra, "S")
                assert len(table.game.events) > before and line(table).startswith("Sent to phones:"), line(table)
            if prompt.kind is AnswerKind.OPTION_AND_PLAYER:
                await press(walk, "2")  # the Music Box to Ben
            elif prompt.kind is AnswerKind.PLAYER:
                await press(walk, "5")  # the Persian chooses Eve
            else:
                await press(walk, "n")
        # What S said before it sent: whose phones, each card.
        assert lines["minioninfo"] == ("[S] send to phones: This is the Demon, These are your Minions to "
                                       "3 Cat's, 6 Fay's and 10 Jon's phones")
        assert lines["demoninfo"] == "[S] send to phones: These are your Minions, These characters are not in play to 4 Dan's phone"
        assert lines["sorelli"] == "[S] send to phones: Sorelli: No to 5 Eve's phone"
        assert lines["auctioneer"].startswith("[S] choose what they are told and send it to 2 Ben's phone")
        # Every card reached exactly the phones it is for.
        assert sent(table.game) == [
            (1, "auctioneer"), (2, "mirror_target"), (8, "evil"),
            (2, "demon"), (5, "demon"), (9, "demon"), (2, "minions"), (5, "minions"), (9, "minions"),
            (3, "minions"), (3, "bluffs"), (3, "holder"), (8, "told"), (4, "told")]
        cards = {(c.what, c.words()) for c in table.game.state.cards if c.phone}
        assert len(cards) == 9  # nine cards (the Minions' list went to the Minions and the Demon)
        # The walk is what it is without phones (13 keys); one key more a step with a card,
        # none where the answer was asked anyway: fewer keys than cards.
        assert len(walk) == 13
        assert extra == ["S"] * 7 and len(extra) < len(cards)


async def test_s_says_whose_phones_sends_once_and_u_takes_a_card_back() -> None:
    game = first_night()
    while game.prompt is not None and game.prompt.step != "minioninfo":
        p = game.prompt
        game.answer(["monkey_music_box", 1] if p.kind is AnswerKind.OPTION_AND_PLAYER else
                    None if p.kind is AnswerKind.ACK else p.choices[0])
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        assert line(table).startswith("[S] send to phones: This is the Demon, These are your Minions")
        await pilot.press("S")
        await settle(pilot)
        assert sent(table.game) == [(2, "demon"), (5, "demon"), (9, "demon"), (2, "minions"), (5, "minions"),
                                    (9, "minions")]
        assert line(table) == ("Sent to phones: 3 Cat not opened yet (2 cards), 6 Fay not opened yet (2 cards), "
                               "10 Jon not opened yet (2 cards)")
        assert any("Sent to phones: This is the Demon, These are your Minions to 3 Cat's, 6 Fay's and 10 Jon's phones"
                   in n.message for n in pilot.app._notifications)
        await pilot.press("S")  # sent already: nothing twice
        await settle(pilot)
        assert len(sent(table.game)) == 6
        await pilot.press("p")  # the laptop's card says where it went; f sends it no more
        await settle(pilot)
        assert str(pilot.app.screen.query_one("#show-hint").render()).endswith("sent to 3 phones: 3 not opened yet")
        await pilot.press("f")
        await settle(pilot)
        assert len(sent(table.game)) == 6
        await pilot.press("escape")  # (shown on the laptop too: logged so)
        await settle(pilot)
        assert pilot.app.screen is table and isinstance(table.game.events[-1], ev.CardShown)
        await pilot.press("u", "u")  # that, then every card S sent: one key, as one action
        await settle(pilot)
        assert sent(table.game) == [] and table.game.prompt is not None and table.game.prompt.step == "minioninfo"
        assert "Undone: 6 cards sent to phones" in [n.message for n in pilot.app._notifications]
        assert line(table).startswith("[S] send to phones: This is the Demon, These are your Minions")
        await pilot.press("U")  # sent again, together
        await settle(pilot)
        assert len(sent(table.game)) == 6 and line(table).startswith("Sent to phones:")
        await pilot.press("n")
        await until(pilot, lambda: table.game.prompt is not None and table.game.prompt.step == "demoninfo", "demon info")
        assert line(table).startswith("[S] send to phones: These are your Minions, These characters are not in play")


async def test_s_sends_only_what_f_did_not_send_already() -> None:
    game = first_night()
    while game.prompt is not None and game.prompt.step != "minioninfo":
        p = game.prompt
        game.answer(["monkey_music_box", 1] if p.kind is AnswerKind.OPTION_AND_PLAYER else
                    None if p.kind is AnswerKind.ACK else p.choices[0])
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        await pilot.press("p")
        await settle(pilot)  # 80 columns: the phones by their seats' numbers
        assert str(pilot.app.screen.query_one("#show-hint").render()).endswith("f: to 3 phones (seats 3, 6, 10)")
        await pilot.press("f", "escape")  # the Demon's card, to the three Minions from the laptop's card
        await settle(pilot)
        assert sent(table.game) == [(2, "demon"), (5, "demon"), (9, "demon")]
        assert line(table) == "[S] send to phones: These are your Minions to 3 Cat's, 6 Fay's and 10 Jon's phones"
        await pilot.press("S")
        await settle(pilot)
        assert sent(table.game)[3:] == [(2, "minions"), (5, "minions"), (9, "minions")]
        await pilot.press("u")  # the three S sent, not the three f sent
        await settle(pilot)
        assert len(sent(table.game)) == 3


async def test_s_is_not_offered_while_the_cards_stay_on_the_laptop() -> None:
    game = first_night()
    game.apply(ev.PhonesChoice(night=False))
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        await pilot.press("n", "2")
        await settle(pilot)
        assert line(table) == "" and table.check_action("send_cards", ()) is False
        await pilot.press("S")
        await settle(pilot)
        assert sent(table.game) == []


@pytest.mark.usefixtures("stand_in")
async def test_on_trouble_brewing_s_sends_the_answer_and_asks_it_first_of_the_drunk() -> None:
    """Cat the Empath's number goes to her phone with one key; Ann the Drunk, who thinks she is
    the Chef, is told what the storyteller picks (the same list as f, a number by its digit),
    and that answer is both sent and recorded."""
    game = tb_game()
    game.apply(ev.PhonesChoice(night=True))
    game.apply(ev.StartNight())
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        while table.game.prompt is not None and table.game.prompt.step != "chef":
            prompt = table.game.prompt
            if prompt.kind is AnswerKind.ACK and "choose what they are told" in line(table):
                await pilot.press("S")  # the Washerwoman: several truths, asked first
                await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "what she is told")
                await pilot.press("enter")
            else:
                table.session.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[0])
            await settle(pilot)
        assert line(table) == "[S] choose what they are told and send it to 1 Ann's phone"
        await pilot.press("S")
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "what Ann is told")
        picker = pilot.app.screen
        assert isinstance(picker, Pick) and "on their phone" in picker.title_text
        two = next(i for i in picker.rows if i.value == 2)  # a lie, by its own digit: a number is typed as said
        assert two.key == "2"
        await pilot.press("2")
        await settle(pilot)
        chef = [c for c in table.game.state.cards if c.phone and c.seat == 0]
        assert [c.words() for c in chef] == ["Chef · 2"]
        record = next(r for r in table.game.state.nights[-1].info if r.character == "chef")
        assert record.told == 2  # recorded as the answer given
        while table.game.prompt is not None and table.game.prompt.step != "empath":
            prompt = table.game.prompt
            table.session.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[0])
            await settle(pilot)
        assert line(table).startswith("[S] send to phones: Empath: ") and line(table).endswith("to 3 Cat's phone")
        await pilot.press("S")
        await settle(pilot)
        (empath,) = [c for c in table.game.state.cards if c.phone and c.seat == 2]
        assert empath.blocks[0] == ("headline", "Empath") and empath.when == "Night 1"
        assert table.game.prompt is not None and table.game.prompt.step == "empath"  # the step waits for n


@pytest.mark.usefixtures("stand_in")
async def test_a_number_told_is_answered_by_its_digit_on_the_grimoire_too() -> None:
    """Without phones, the Drunk Chef's step lists the numbers by their own digits: 3 records 3."""
    game = tb_game()
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "chef":
        p = game.prompt
        game.answer(None if p.kind is AnswerKind.ACK or p.informs is not None else p.choices[0],
                    [2, 0, "empath"] if p.step == "washerwoman" else None)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        assert "[3] 3" in table.query_one("#side", SidePanel).text("step")
        await pilot.press("3")
        await settle(pilot)
        record = next(r for r in table.game.state.nights[-1].info if r.character == "chef")
        assert record.told == 3 and table.game.state.cards == []


@pytest.mark.usefixtures("stand_in")
async def test_the_laptop_shows_the_answer_chosen_as_the_card_a_phone_would_get() -> None:
    """The Drunk Chef's step on the laptop: p lists "What Ann is told…", its answers (2 by its
    digit), and shows the card S would send, the answer recorded as given."""
    from grimoire.tui.screens.player_card import PlayerCardScreen

    game = tb_game()
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "chef":
        p = game.prompt
        game.answer(None if p.kind is AnswerKind.ACK or p.informs is not None else p.choices[0],
                    [2, 0, "empath"] if p.step == "washerwoman" else None)
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        await pilot.press("p")  # no card of its own until the answer is chosen: the list
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "the card list")
        row = next(r for r in pilot.app.screen.rows if r.label.startswith("What Ann is told"))
        await pilot.press(row.key)
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and "Ann told" in pilot.app.screen.title_text,
                    "what Ann is told")
        await pilot.press("2")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PlayerCardScreen) and screen.card.text() == "Chef\n2"
        record = next(r for r in table.game.state.nights[-1].info if r.character == "chef")
        assert record.told == 2
        await pilot.press("escape")
        await settle(pilot)
        shown = table.game.events[-1]
        assert isinstance(shown, ev.CardShown) and shown.seat == 0 and shown.words == ("Chef", "2")
