"""Night of the Mummy with phones: each secret becomes a card for the phones concerned, and only
those; the facts a card teaches are what its player may be certain of; the cards are kept with
the game and undone with the action that sent them; the laptop says who read what and nothing
of a card that would tell whose card is whose."""

from __future__ import annotations

import random

import attrs

from grimoire.games.mummy import phones as ph
from grimoire.games.mummy import rules, save, view
from grimoire.games.mummy.phones import Fact, Phones
from grimoire.games.mummy.undo import Before, undo_phones

from .pilot import game_of

FIVE = ("Ann", "Ben", "Cy", "Di", "Ed")
DEALT = ("phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar")
MYSTERY = ("gargoyle", "sasquatch")


def table(dealt: tuple[str, ...] = DEALT, mystery: tuple[str, ...] = MYSTERY, turn: int = 0) -> rules.MasqueradeGame:
    return game_of(FIVE, dealt, mystery, turn)


def seats(cards: list[ph.Card]) -> list[int]:
    return [card[0] for card in cards]


def test_the_deal_puts_each_guest_on_its_own_players_phone_alone() -> None:
    game = table()
    phones = ph.new_phones(game, "0" * 16)
    for seat in range(game.seats):
        (card,) = phones.of(seat)
        guest = game.guest(seat)
        assert card.kind == "guest" and card.lines == (f"You are {guest.name}.", guest.tagline, guest.ability)
    assert len({c.id for c in phones.cards}) == game.seats


def test_an_inquiry_tells_the_target_what_to_whisper_and_the_asker_the_whisper_and_nobody_else() -> None:
    game = table()
    after = rules.inquire(game, 0, 1, "mummy")  # Ann asks Ben (the Mummy): are you the Mummy?
    cards = ph.inquiry_cards(game, after)
    assert seats(cards) == [1, 0]
    (_, kind, _, told, _), (_, kind2, _, answer, facts) = cards
    assert kind == "inquiry" and "You whisper NO." in told and any("The Mummy" in line for line in told[2:])
    assert kind2 == "whisper" and "The whisper: NO." in answer
    # A No to "the Mummy?" may be the Mummy's own: only the Sarcophagus (who says Yes) is ruled out.
    assert facts == [Fact(1, "sarcophagus", "x")]


def test_a_yes_is_certain_only_where_no_guest_says_yes_to_everything() -> None:
    game = table()
    after = rules.inquire(game, 0, 2, "gargoyle")  # Cy, the Sarcophagus, whispers Yes
    facts = ph.inquiry_cards(game, after)[1][4]
    assert {f.guest for f in facts} == set(game.setup.chosen) - {"gargoyle", "sarcophagus"}
    assert all(f.place == 2 and f.mark == "x" for f in facts)
    no_sarcophagus = table(("phantom", "mummy", "gargoyle", "archeologist", "cat_burglar"), ("sarcophagus", "sasquatch"))
    no_sarcophagus = attrs.evolve(no_sarcophagus, setup=attrs.evolve(
        no_sarcophagus.setup, chosen=tuple(g for g in no_sarcophagus.setup.chosen if g != "sarcophagus") + ("anubis",),
        mystery=("anubis", "sasquatch")))
    after = rules.inquire(no_sarcophagus, 0, 2, "gargoyle")
    assert ph.inquiry_cards(no_sarcophagus, after)[1][4] == [Fact(2, "gargoyle", "o")]


def test_the_phantom_whispering_no_is_told_she_may_accuse_the_asker() -> None:
    game = table(turn=3)
    after = rules.inquire(game, 3, 0, "mummy")  # Di asks Ann, the Phantom
    told = ph.inquiry_cards(game, after)[0][3]
    assert any("reveal to accuse only Di" in line for line in told)


def test_a_dance_shows_its_faces_to_the_dancers_alone_and_a_gargoyle_outside_is_told_he_may_join() -> None:
    game = table(("phantom", "mummy", "gargoyle", "archeologist", "cat_burglar"), ("sarcophagus", "sasquatch"), turn=4)
    danced = rules.dance(game, 4, 1, True)  # Ed (the Cat Burglar) dances with Ben (the Mummy)
    cards = ph.dance_cards(danced)
    assert seats(cards) == [4, 1]
    ed, ben = cards
    assert ed[3] == ["Ben shows the back of the card (hides their face)."]
    assert ben[3] == ["Ed shows: The Cat Burglar."] and ben[4] == [Fact(4, "cat_burglar", "o")]
    # Ben hides: he is no guest who shows their face (a Sasquatch may hide: no neighbour of his dances).
    assert {f.guest for f in ed[4]} == {"gargoyle", "archeologist", "cat_burglar"}
    beside = rules.dance(attrs.evolve(game, turn=0), 0, 1, True)  # Ann beside Ben: a Sasquatch would show
    assert "sasquatch" in {f.guest for f in ph.dance_cards(beside)[0][4]}
    assert seats(ph.nearby_cards(danced)) == [2]  # Cy, the Gargoyle: nobody else is told anything
    # The Cat Burglar danced with a hider: she alone is told she may accuse him.
    (cat,) = ph.cat_cards(danced)
    assert cat[0] == 4 and "accuse only Ben" in cat[3][0]


def test_the_gargoyle_joining_is_told_to_every_dancer_and_the_sasquatchs_look_to_him_alone() -> None:
    game = table(("phantom", "sasquatch", "gargoyle", "archeologist", "cat_burglar"), ("sarcophagus", "mummy"), turn=0)
    danced = rules.dance(game, 0, 3, True)  # Ann and Di
    joined = rules.gargoyle_join(danced, 2)
    cards = ph.joined_cards(joined, 2)
    assert seats(cards) == [0, 3, 2]
    assert Fact(2, "gargoyle", "o") in cards[0][4] and Fact(2, "gargoyle", "o") in cards[1][4]
    looked = rules.dance(table(("phantom", "sasquatch", "gargoyle", "archeologist", "cat_burglar"),
                               ("sarcophagus", "mummy"), turn=0), 0, 1, True)  # Ben, Ann's neighbour
    ann, ben = ph.dance_cards(looked)
    assert ben[3][-1] == "You show your face: you may look at a Mystery Guest (s on the laptop)."
    assert not any("Mystery Guest" in line for line in ann[3])  # his word is on his phone alone
    after, guest = rules.sasquatch_look(looked, 1, 0)
    card = ph.look_card(after, 1, 0, guest)
    assert card[0] == 1 and card[4] == [Fact(5, "sarcophagus", "o")]


def test_each_accused_player_reads_their_own_whisper_and_the_table_learns_what_is_certain() -> None:
    game = table()
    cards = {1: "sarcophagus", 2: "mummy", 3: "archeologist", 4: "gargoyle"}
    _, result = rules.accuse(game, 0, cards, random.Random(1))
    told = ph.accused_cards(game, result)
    assert seats(told) == [1, 2, 3, 4]
    assert [line[3][1] for line in told] == ["You pass the Whisper NO.", "You pass the Whisper NO.",
                                              "You pass the Whisper YES.", "You pass the Whisper NO."]
    assert ph.accusation_facts(result) == []  # a Yes among them: no card is certain
    _, wrong = rules.accuse(game, 0, {1: "gargoyle", 2: "mummy", 3: "sasquatch", 4: "sarcophagus"}, random.Random(1))
    assert not any(wrong.whispers)
    assert ph.accusation_facts(wrong) == [Fact(s, g, "x") for s, g in wrong.placed]


def test_the_phones_are_kept_with_the_game_and_undone_with_the_action() -> None:
    game = table()
    phones = ph.new_phones(game, "ab" * 8)
    before = Before(game, 0, len(phones.cards), len(phones.public))
    after = rules.inquire(game, 0, 1, "mummy")
    sent = phones.add(*ph.inquiry_cards(game, after)).learn([Fact(1, "phantom", "x")])
    party = save.Party(after, ("a line",), (), sent)
    data = save.to_dict(party)
    assert data["format"] == save.PHONES_FORMAT
    assert save.from_dict(data) == party
    assert save.to_dict(save.Party(after))["format"] == save.FORMAT  # no phones: as before
    assert undo_phones(sent, before) == phones


def test_the_laptop_says_who_read_what_and_nothing_that_tells_whose_card_is_whose() -> None:
    game = table(("phantom", "mummy", "gargoyle", "archeologist", "cat_burglar"), ("sarcophagus", "sasquatch"), turn=4)
    phones = ph.new_phones(game, "cd" * 8)
    danced = rules.dance(game, 4, 1, True)
    phones = phones.add(*ph.dance_cards(danced), *ph.nearby_cards(danced), *ph.cat_cards(danced))
    seen = {phones.of(4)[0].id: "seen", phones.of(1)[-1].id: "opened"}
    words = view.phones_text(danced, phones, seen)
    assert "Ed — Your guest: read · The dance: Ed and Ben: not read yet" in words
    assert "Ben — Your guest: not read yet · The dance: Ed and Ben: opened" in words
    # The Gargoyle's and the Cat Burglar's words are on their phones, never counted here.
    assert "nearby" not in words and "may accuse" not in words
    assert "Cy — Your guest: not read yet" in words


def test_a_card_is_new_to_its_id_and_the_same_card_again_is_the_same() -> None:
    game = table()
    phones = Phones("ef" * 8).add(ph.guest_card(game, 0), ph.guest_card(game, 0))
    a, b = phones.cards
    assert a.id != b.id and len(a.id) == 16
    assert Phones("ef" * 8).add(ph.guest_card(game, 0)).cards[0].id == a.id
