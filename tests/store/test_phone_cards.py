"""The cards sent to the phones (grimoire.store.phone_cards, grimoire.present.phone_cards): kept
beside the game and read back; a damaged file deals nothing; each seat's dealt card is the
"You are" card of the game as it is now (the character a Drunk thinks they are, a Traveller's
character and alignment), new after a swap; night cards reach a seat only while the choice is on."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.present import phone_cards as pc
from grimoire.present.show_cards import text_card, you_are
from grimoire.simulate import random_table
from grimoire.store import phone_cards as store
from grimoire.store.phone_cards import OPENED, SEEN, Phones
from tests.official.conftest import TB, official_with_visitors, stand_in  # noqa: F401


def phantom() -> Game:
    return Game(random_table(7, seed=4, script="phantom"))


def test_the_choices_and_the_cards_sent_are_kept_and_read_back(tmp_path: Path) -> None:
    game, path = phantom(), tmp_path / "game.toml"
    assert store.read_phones(path) == Phones() and store.read_seen(path) == {}
    card = text_card("Your number is 2")
    assert card is not None
    sent = pc.as_phone_card(card, 3, "Night 1")
    phones = Phones(store.new_card_id(), True).with_card(sent)
    store.write_phones(path, phones)
    assert store.read_phones(path) == phones
    store.write_seen(path, {sent.id: SEEN, pc.dealt_card(game.state, 0, phones.deal).id: OPENED})
    assert store.read_seen(path)[sent.id] == SEEN
    store.forget_phones(path)
    assert store.read_phones(path) == Phones() and store.read_seen(path) == {}


@pytest.mark.parametrize("text", ["", "[]", "{", '{"deal": 1, "night": true, "cards": []}',
                                  '{"deal": "", "night": "yes", "cards": []}', '{"deal": "xyz", "night": true, "cards": []}',
                                  "\x00" * 10])
def test_a_damaged_file_deals_nothing_and_sends_nothing(tmp_path: Path, text: str) -> None:
    path = tmp_path / "game.toml"
    store.phones_path(path).write_text(text)
    store.seen_path(path).write_text(text)
    assert store.read_phones(path) == Phones() and store.read_seen(path) == {}


def test_a_card_of_a_wrong_shape_is_left_out_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    good = {"id": "0123456789abcdef", "seat": 1, "kind": "text", "label": "x", "moment": "Night 1",
            "blocks": [["big", "Two"]]}
    bad = [{**good, "id": "../../x"}, {**good, "seat": -1}, {**good, "blocks": [["script", "x"]]},
           {**good, "seat": True}, {**good, "blocks": "Two"}]
    import json

    store.phones_path(path).write_text(json.dumps({"deal": "", "night": True, "cards": [*bad, good]}))
    assert [c.id for c in store.read_phones(path).cards] == [good["id"]]


def test_dealt_cards_are_each_seats_own_and_new_after_a_swap() -> None:
    game = phantom()
    g = game.state
    assert pc.seat_cards(g, Phones()) == {}
    phones = Phones("00000000000000ff")
    cards = pc.seat_cards(g, phones)
    assert set(cards) == {s.index for s in g.seats}
    for seat, (card,) in cards.items():
        assert card.seat == seat and card.blocks == you_are(g, seat).blocks and card.moment == pc.DEALT
    assert len({c[0].id for c in cards.values()}) == len(cards)
    before = cards[2][0]
    other = next(s.character for s in g.seats if s.character != g.seats[2].character)
    game.apply(ev.SwapCharacter(2, other))
    after = pc.seat_cards(game.state, phones)[2][0]
    assert after.id != before.id and after.blocks == you_are(game.state, 2).blocks
    assert pc.seat_cards(game.state, phones)[3] == cards[3]  # the others keep theirs, opened or not
    # A new deal (dealt again after taking them back) makes every card new.
    assert pc.seat_cards(g, Phones("00000000000000aa"))[3][0].id != cards[3][0].id


def test_night_cards_reach_their_seat_only_while_the_choice_is_on() -> None:
    g = phantom().state
    card = text_card("Yes")
    assert card is not None
    sent = pc.as_phone_card(card, 4, "Night 1")
    assert pc.seat_cards(g, Phones(night=False, cards=(sent,))) == {}
    assert pc.seat_cards(g, Phones(night=True, cards=(sent,))) == {4: (sent,)}
    # The record says what went, when, and what the player did with it.
    phones = Phones(night=True, cards=(sent,))
    assert pc.sent_lines(g, phones, {}, 4) == ["Night 1: Yes (not opened yet)"]
    assert pc.sent_lines(g, phones, {sent.id: SEEN}, 4) == ["Night 1: Yes (opened and seen)"]
    assert pc.sent_lines(g, phones, {sent.id: SEEN}, 3) == []


def test_the_drunk_is_dealt_the_townsfolk_they_think_they_are(stand_in) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    seats = [SeatSetup(n, c, thinks="chef" if c == "drunk" else None)
             for n, c in (("Ann", "drunk"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk"),
                          ("Fay", "slayer"), ("Gus", "mayor"), ("Hal", "washerwoman"))]
    game = Game(TableSetup(seats=seats, script=str(TB)))
    card = pc.dealt_card(game.state, 0, "00000000000000ff")
    assert card.text().startswith("You are\nChef\nTownsfolk") and "Drunk" not in card.text()


def test_a_traveller_is_dealt_their_character_and_alignment(official_with_visitors) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    game = phantom()
    game.apply(ev.AddTraveller("Tia", "pilgrim", "evil", after=1))
    seat = len(game.state.seats) - 1
    card = pc.seat_cards(game.state, Phones("00000000000000ff"))[seat][0]
    assert "Pilgrim" in card.text() and "You are evil" in card.text()
    assert attrs.asdict(card)["seat"] == seat


def test_every_kind_of_card_made_on_the_spot_goes_to_a_phone_whole() -> None:
    """Any character, several, free text and each official info token: the seat's page gets
    the card's words as the laptop shows them (an ability's markup as plain words)."""
    from grimoire.present.show_cards import INFO_TOKENS, character_card, characters_card, token_card
    from grimoire.web.phone_state import cards_part

    g = phantom().state
    some = [s.character for s in g.seats[:3]]
    made = [character_card(g, some[0]), characters_card(g, some), text_card("<b>Two</b> [bold]x[/]")]
    for token in INFO_TOKENS:
        made.append(token_card(g, token, seats=[1] if token.takes == "players" else [],
                               characters=some[:1] if token.takes in ("character", "characters", "you_are") else []))
    phones = Phones(night=True)
    for card in made:
        assert card is not None
        phones = phones.with_card(pc.as_phone_card(card, 2, pc.moment(g)))
    sent = cards_part(pc.seat_cards(g, phones)[2], {})
    assert len(sent) == len(made) == 3 + len(INFO_TOKENS)
    for card, part in zip(made, sent):
        assert card is not None and [b["role"] for b in part["blocks"]] == [b.role for b in card.blocks]
        assert [b["text"] for b in part["blocks"] if b["role"] != "text"] == [b.text for b in card.blocks
                                                                             if b.role != "text"]
    assert sent[2]["blocks"][0]["text"] == "<b>Two</b> [bold]x[/]"  # as typed; the page puts it in as text
    assert [p["blocks"][0]["text"] for p in sent[3:]] == [t.words for t in INFO_TOKENS]
