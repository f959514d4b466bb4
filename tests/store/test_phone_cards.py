"""The cards on the phones (grimoire.store.phone_cards, grimoire.present.phone_cards), events of
the game's log: each seat's dealt card is the "You are" card of the game as it is (the
character a Drunk thinks they are, a Traveller's character and alignment), dealt anew after a
swap; night cards reach a seat only while the choice is on. What the phones said reaches the
log once, also after a restart or an undo; an older game's side file is read into the log once,
nothing lost; a damaged file says nothing."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from grimoire.core import events as ev
from grimoire.core.model import OPENED, SEEN
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.present import phone_cards as pc
from grimoire.present.show_cards import text_card, you_are
from grimoire.simulate import random_table
from grimoire.store import phone_cards as store
from grimoire.store.saves import load_game, save_game
from grimoire.tui.session import Session
from grimoire.tui.support.phones_said import PhonesSaid
from tests.official.conftest import TB, official_with_visitors, stand_in  # noqa: F401

DEAL = "00000000000000ff"


def phantom() -> Game:
    return Game(random_table(7, seed=4, script="phantom"))


def sent_to(game: Game, seat: int, words: str = "Your number is 2") -> str:
    card = text_card(words)
    assert card is not None
    card_id = store.new_card_id()
    game.apply(pc.card_event(card, card_id, seat, phone=True))
    return card_id


def test_what_the_phones_said_is_kept_and_read_back_and_forgotten(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    assert store.read_seen(path) == {}
    store.write_seen(path, {"0123456789abcdef": SEEN, "00000000000000aa": OPENED})
    assert store.read_seen(path) == {"0123456789abcdef": SEEN, "00000000000000aa": OPENED}
    store.forget_phones(path)
    assert store.read_seen(path) == {}


@pytest.mark.parametrize("text", ["", "[]", "{", '{"deal": 1, "night": true, "cards": []}',
                                  '{"deal": "", "night": "yes", "cards": []}', '{"deal": "xyz", "night": true, "cards": []}',
                                  '{"seen": {"../x": "seen", "0123456789abcdef": "eaten"}}', "\x00" * 10])
def test_a_damaged_file_deals_nothing_and_says_nothing(tmp_path: Path, text: str) -> None:
    path = tmp_path / "game.toml"
    store.phones_path(path).write_text(text)
    store.seen_path(path).write_text(text)
    assert store.read_phones(path) == store.OldPhones() and store.read_seen(path) == {}


def test_an_old_card_of_a_wrong_shape_is_left_out_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    good = {"id": "0123456789abcdef", "seat": 1, "kind": "text", "label": "x", "moment": "Night 1",
            "blocks": [["big", "Two"]]}
    bad = [{**good, "id": "../../x"}, {**good, "seat": -1}, {**good, "blocks": [["script", "x"]]},
           {**good, "seat": True}, {**good, "blocks": "Two"}]
    store.phones_path(path).write_text(json.dumps({"deal": "", "night": True, "cards": [*bad, good]}))
    assert [c.id for c in store.read_phones(path).cards] == [good["id"]]


def test_dealt_cards_are_each_seats_own_and_dealt_anew_after_a_swap_and_undone_with_it() -> None:
    game = phantom()
    g = game.state
    assert pc.seat_cards(g) == {}
    game.apply(ev.PhonesChoice(DEAL))
    cards = pc.seat_cards(game.state)
    assert set(cards) == {s.index for s in g.seats}
    for seat, (card,) in cards.items():
        assert card.seat == seat and card.blocks == tuple((b.role, b.text) for b in you_are(game.state, seat).blocks)
        assert card.dealt and card.phone and card.when == "Setup"
    assert len({c[0].id for c in cards.values()}) == len(cards)
    before = cards[2][0]
    other = next(s.character for s in g.seats if s.character != game.state.seats[2].character)
    game.apply(ev.SwapCharacter(2, other))
    after = pc.seat_cards(game.state)[2][0]
    assert after.id != before.id and after.blocks[1] == ("big", you_are(game.state, 2).blocks[1].text)
    assert pc.seat_cards(game.state)[3] == cards[3]  # the others keep theirs, opened or not
    game.undo()  # the swap undone: its card too
    assert pc.seat_cards(game.state)[2] == (before,) and len(game.state.cards) == len(g.seats)
    # Taken back, then dealt again: every card is new.
    game.apply(ev.PhonesChoice(""))
    assert pc.seat_cards(game.state) == {}
    game.apply(ev.PhonesChoice("00000000000000aa"))
    assert pc.seat_cards(game.state)[3][0].id != cards[3][0].id


def test_a_dealt_card_keeps_the_id_an_older_game_gave_it() -> None:
    """The first card of a deal has the id the server made before the cards were the log's, so
    an older game's phones, which named it, still count."""
    import hashlib

    game = phantom()
    game.apply(ev.PhonesChoice(DEAL))
    card = you_are(game.state, 4)
    assert pc.dealt(game.state)[4].id == hashlib.sha256(f"{DEAL}/4/{card.text()}".encode()).hexdigest()[:16]


def test_night_cards_reach_their_seat_only_while_the_choice_is_on() -> None:
    game = phantom()
    card = text_card("Yes")
    assert card is not None
    with pytest.raises(Exception, match="keeps the night's cards on the laptop"):
        game.apply(pc.card_event(card, store.new_card_id(), 4, phone=True))
    game.apply(ev.PhonesChoice(night=True))
    card_id = sent_to(game, 4, "Yes")
    (sent,) = pc.seat_cards(game.state)[4]
    assert sent.id == card_id and pc.seat_cards(game.state).keys() == {4}
    # The record says what went, when, and what the player did with it.
    assert pc.told_lines(game.state, 4) == ["Before the first night: Yes (on their phone, not opened yet)"]
    assert pc.told_lines(game.state, 4, {card_id: SEEN}) == ["Before the first night: Yes (on their phone, opened and seen)"]
    assert pc.told_lines(game.state, 3) == []
    game.apply(ev.PhonesChoice(night=False))
    assert pc.seat_cards(game.state) == {}


def test_the_drunk_is_dealt_the_townsfolk_they_think_they_are(stand_in) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    seats = [SeatSetup(n, c, thinks="chef" if c == "drunk" else None)
             for n, c in (("Ann", "drunk"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk"),
                          ("Fay", "slayer"), ("Gus", "mayor"), ("Hal", "washerwoman"))]
    game = Game(TableSetup(seats=seats, script=str(TB)))
    game.apply(ev.PhonesChoice(DEAL))
    card = pc.dealt(game.state)[0]
    assert card.words().startswith("You are · Chef · Townsfolk") and "Drunk" not in card.words()


def test_a_traveller_is_dealt_their_character_and_alignment(official_with_visitors) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    game = phantom()
    game.apply(ev.PhonesChoice(DEAL))
    game.apply(ev.AddTraveller("Tia", "pilgrim", "evil", after=1))
    seat = len(game.state.seats) - 1
    card = pc.seat_cards(game.state)[seat][0]
    assert "Pilgrim" in card.words() and "You are evil" in card.words()
    assert attrs.asdict(card)["seat"] == seat


def test_every_kind_of_card_made_on_the_spot_goes_to_a_phone_whole() -> None:
    """Any character, several, free text and each official info token: the seat's page gets
    the card's words as the laptop shows them (an ability's markup as plain words)."""
    from grimoire.present.show_cards import INFO_TOKENS, character_card, characters_card, token_card
    from grimoire.web.phone_state import cards_part

    game = phantom()
    g = game.state
    some = [s.character for s in g.seats[:3]]
    made = [character_card(g, some[0]), characters_card(g, some), text_card("<b>Two</b> [bold]x[/]")]
    for token in INFO_TOKENS:
        made.append(token_card(g, token, seats=[1] if token.takes == "players" else [],
                               characters=some[:1] if token.takes in ("character", "characters", "you_are") else []))
    game.apply(ev.PhonesChoice(night=True))
    for card in made:
        assert card is not None
        game.apply(pc.card_event(card, store.new_card_id(), 2, phone=True))
    sent = cards_part(pc.seat_cards(game.state)[2], {})
    assert len(sent) == len(made) == 3 + len(INFO_TOKENS)
    for card, part in zip(made, sent):
        assert card is not None and [b["role"] for b in part["blocks"]] == [b.role for b in card.blocks]
        assert [b["text"] for b in part["blocks"] if b["role"] != "text"] == [b.text for b in card.blocks
                                                                             if b.role != "text"]
    assert sent[2]["blocks"][0]["text"] == "<b>Two</b> [bold]x[/]"  # as typed; the page puts it in as text
    assert [p["blocks"][0]["text"] for p in sent[3:]] == [t.words for t in INFO_TOKENS]


# --- what the phones said, into the log ------------------------------------------------------------
def test_what_a_phone_said_reaches_the_log_once_and_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    game = phantom()
    game.apply(ev.PhonesChoice(DEAL, night=True))
    night = sent_to(game, 5)
    dealt = pc.dealt(game.state)[1].id
    save_game(game, path)
    store.write_seen(path, {dealt: OPENED, night: SEEN, "0123456789abcdef": SEEN})  # the last: no card of this game
    session = Session(game)
    said = PhonesSaid(path)
    assert said.look(session) == 3 and said.look(session) == 0
    assert game.events[-3:] == [ev.CardOpened(dealt), ev.CardOpened(night), ev.CardSeen(night)]
    assert pc.dealt(game.state)[1].state == OPENED and game.state.cards[-1].state == SEEN
    # The phone says more: only the news is logged.
    store.write_seen(path, {dealt: SEEN, night: SEEN})
    assert said.look(session) == 1 and game.events[-1] == ev.CardSeen(dealt)
    # The grimoire restarts: what is in the log is not logged again.
    save_game(game, path)
    again = load_game(path)
    assert PhonesSaid(path).look(Session(again)) == 0 and again.events == game.events


def test_a_phones_word_undone_stays_undone_in_that_window_and_keeps_the_redo(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    game = phantom()
    game.apply(ev.PhonesChoice(night=True))
    card = sent_to(game, 2)
    game.apply(ev.WriteNote(0, "claims the Meg"))
    game.undo()  # the note, to redo
    store.write_seen(path, {card: OPENED})
    session = Session(game)
    said = PhonesSaid(path)
    assert said.look(session) == 1
    assert game.redo_stack == [ev.WriteNote(0, "claims the Meg")]  # a phone's word keeps the storyteller's redo
    session.undo()
    assert isinstance(game.events[-1], ev.CardSent) and game.state.cards[-1].state == ""
    assert said.look(session) == 0  # undone by the storyteller: not logged again by this window
    # Another window (after a restart) logs it again: the phone did say it.
    assert store.news(game.state, {card: OPENED}) == [ev.CardOpened(card)]
    assert store.news(game.state, {card: OPENED}, said.taken) == []


def test_a_phones_word_for_a_card_the_log_has_not_is_left_out() -> None:
    game = phantom()
    assert store.news(game.state, {"0123456789abcdef": SEEN}) == []
    game.apply(ev.CardShown("0123456789abcdef", "text", "x", ["big"], ["x"]))  # on the laptop: no phone said it
    assert store.news(game.state, {"0123456789abcdef": SEEN}) == []


# --- an older game's side file ---------------------------------------------------------------------
def test_an_older_games_side_file_is_read_into_the_log_once_and_nothing_is_lost(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    game = phantom()
    save_game(game, path)
    old_dealt = pc.dealt(Game(game.setup, [ev.PhonesChoice(DEAL)]).state)[3].id  # the id the old server made
    night = {"id": "0123456789abcdef", "seat": 2, "kind": "text", "label": "Your number", "moment": "Night 1",
             "blocks": [["headline", "Your number"], ["big", "2"]]}
    store.phones_path(path).write_text(json.dumps({"deal": DEAL, "night": False, "cards": [night]}))
    store.write_seen(path, {old_dealt: OPENED, night["id"]: SEEN})
    session = Session(game)
    said = PhonesSaid(path)
    assert said.migrate(session) == 3  # the choices with the night card on, the card, the night choice off
    assert not store.phones_path(path).exists() and store.retired_path(path).exists()
    g = game.state
    assert g.phones.deal == DEAL and not g.phones.night
    (card,) = [c for c in g.cards if not c.dealt]
    assert (card.id, card.seat, card.when, card.blocks) == (night["id"], 2, "Night 1", (("headline", "Your number"),
                                                                                        ("big", "2")))
    assert said.look(session) == 3  # what the old phones said still counts: the dealt card and the night's
    assert pc.dealt(game.state)[3].state == OPENED and game.state.cards[-1].state == SEEN
    assert said.migrate(session) == 0  # once
    # Saved and read back: the cards are the save's now.
    save_game(game, path)
    assert load_game(path).state.cards == game.state.cards


def test_an_older_side_file_with_choices_only_or_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    game = phantom()
    assert PhonesSaid(path).migrate(Session(game)) == 0 and game.events == []
    store.phones_path(path).write_text(json.dumps({"deal": "", "night": True, "cards": []}))
    assert PhonesSaid(path).migrate(Session(game)) == 1 and game.events == [ev.PhonesChoice("", True)]


def test_a_dealt_card_follows_a_change_only_when_the_player_is_told() -> None:
    """The storyteller's change they do not tell the player of leaves the phone's card as it
    was (and a later one they do tell deals the new character); the log says which."""
    game = phantom()
    game.apply(ev.PhonesChoice(DEAL))
    before = pc.seat_cards(game.state)[2][0]
    shown = you_are(game.state, 2).blocks[1].text
    others = [s.character for s in game.state.seats if s.character != game.state.seats[2].character]
    game.apply(ev.SwapCharacter(2, others[0], learns=False))
    assert game.state.seats[2].character == others[0]
    assert pc.seat_cards(game.state)[2] == (before,) and you_are(game.state, 2).blocks[1].text == shown
    game.apply(ev.SwapCharacter(2, others[1], learns=False))  # still not told: still the first card
    assert pc.seat_cards(game.state)[2] == (before,)
    game.apply(ev.SwapCharacter(2, others[0]))  # told now
    after = pc.seat_cards(game.state)[2][0]
    assert after.id != before.id and after.blocks[1] == ("big", you_are(game.state, 2).blocks[1].text)
    assert after.blocks[1][1] != shown
