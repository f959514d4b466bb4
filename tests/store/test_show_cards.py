"""The cards to show a player: which night step offers which card, their words, and how they
are laid out in block letters at each size."""

from __future__ import annotations

import random
from typing import Any

import pytest

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.present import show_cards as sc
from grimoire.present.block_font import Size, cells, render, wrap
from grimoire.rules import told as told_rules
from grimoire.simulate import play_day, random_answer, random_table
from night_order import AnswerKind
from tests.official.conftest import official, official_with_visitors  # noqa: F401
from tests.phantom_table import phantom_table

NAMES = "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon".split()
CAST = ["meg", "auctioneer", "mirror_keeper", "phantom", "sorelli", "trapdoor_keeper", "managers", "usher",
        "persian", "chandelier_rigger"]


def table(names: list[str] = NAMES) -> TableSetup:
    """Ten players: three Minions (Cat, Fay, Jon), the Phantom Dan, Ivy the evil Townsfolk,
    Hal the Mirror target."""
    return phantom_table(seats=[SeatSetup(n, c) for n, c in zip(names, CAST)], artifacts=("monkey_music_box",),
                      mirror_target=7, evil_townsfolk=8, bluffs=("madame_giry", "monsieur_reyer", "christine_daae"))


def walk(gift: int, pass_to: int, names: list[str] = NAMES) -> list[tuple[Any, ...]]:
    """Two nights; the Phantom gives the Music Box to ``gift``, its holder passes it to
    ``pass_to`` on night 2. Every prompt the walker showed, with the cards it offered."""
    game = Game(table(names))
    seen = []
    for night in (1, 2):
        game.apply(ev.StartNight())
        while game.prompt is not None:
            p = game.prompt
            cards = sc.step_cards(game.rules, game.state, p)
            seen.append((night, p.step, p.title, tuple((c.kind, c.text()) for c in cards)))
            if p.kind is AnswerKind.ACK:
                value: Any = None
            elif p.kind is AnswerKind.OPTION_AND_PLAYER:
                value = ["monkey_music_box", gift]
            elif p.key == "holder":
                value = pass_to
            elif p.kind is AnswerKind.PLAYERS:
                value = list(p.choices[: p.count])
            else:
                value = p.choices[0]
            game.answer(value)
    return seen


DEMON = ("demon", "This is the Demon\n4 Dan")
MINIONS = ("minions", "These are your Minions\n3 Cat\n6 Fay\n10 Jon")
BLUFFS = ("bluffs", "These characters are not in play\nMadame Giry\nMonsieur Reyer\nChristine Daaé")
EVIL = ("evil", "You are\nEvil\nThumbs down")
TARGET = ("mirror_target", "This player is good\n8 Hal")
MOVED = ("mirror_moved", "The artifact moved to\n8 Hal")


def test_each_show_step_of_the_first_and_other_nights_offers_its_card() -> None:
    # The Music Box goes to the Auctioneer; on night 2 he passes it to the Mirror Keeper.
    assert walk(gift=1, pass_to=2) == [
        (1, "dusk", "Dusk", ()),
        (1, "monkey_music_box", "The Phantom chooses the artifact", ()),
        (1, "auctioneer", "Auctioneer", (("auctioneer", "Passed to you by\n4 Dan\nIts 1st holder tonight\nAuctioneer"),)),
        (1, "mirror_keeper", "Mirror Keeper", (TARGET,)),
        (1, "managers", "The evil Townsfolk", (EVIL,)),
        (1, "minioninfo", "Minion Info", (DEMON, MINIONS)),
        (1, "demoninfo", "Demon Info", (MINIONS, BLUFFS)),
        (1, "phantom", "Phantom", (("holder", "The artifact is with\n2 Ben"),)),
        (1, "persian", "Persian", ()),  # the Persian points...
        (1, "persian", "Persian", (("told", "Persian\nNo"),)),  # ...and is told: the answer's card
        (1, "sorelli", "Sorelli", (("told", "Sorelli\nNo"),)),
        (1, "dawn", "Dawn", ()),
        (2, "dusk", "Dusk", ()),
        (2, "monkey_music_box", "The holder passes the artifact", ()),
        (2, "mirror_keeper", "Mirror Keeper", (MOVED,)),  # on receipt: told where it went
        (2, "monkey_music_box", "PHANTOM INFORMATION", (("holder", "The artifact is with\n8 Hal"),)),
        (2, "phantom", "Phantom", ()),  # the Phantom's kill
        (2, "persian", "Persian", ()),
        (2, "persian", "Persian", (("told", "Persian\nNo"),)),
        (2, "usher", "Usher", (("told", "Usher\nNo"),)),
        (2, "sorelli", "Sorelli", (("told", "Sorelli\nNo"),)),
        (2, "dawn", "Dawn", ()),
    ]


def test_a_receipt_on_the_first_night_and_the_auctioneer_on_another_night() -> None:
    # The Music Box goes to the Mirror Keeper (it moves on to Hal); on night 2 Hal passes it to Ben.
    seen = walk(gift=2, pass_to=1)
    shown = [(night, step, title, cards) for night, step, title, cards in seen if cards and cards[0][0] != "told"]
    assert shown == [
        (1, "mirror_keeper", "Mirror Keeper", (MOVED,)),  # the receipt, inside the Music Box's step
        (1, "mirror_keeper", "Mirror Keeper", (TARGET,)),  # their own step: their good player
        (1, "managers", "The evil Townsfolk", (EVIL,)),
        (1, "minioninfo", "Minion Info", (DEMON, MINIONS)),
        (1, "demoninfo", "Demon Info", (MINIONS, BLUFFS)),
        (1, "phantom", "Phantom", (("holder", "The artifact is with\n8 Hal"),)),
        (2, "auctioneer", "Auctioneer", (("auctioneer", "Passed to you by\n8 Hal\nIts 1st holder tonight\nUsher"),)),
        (2, "monkey_music_box", "PHANTOM INFORMATION", (("holder", "The artifact is with\n2 Ben"),)),
    ]


# Where the seed's reminders say to show (or point to) something; a step that tells a player
# something shows its answer (where the answer is the truth); every other step shows nothing.
SHOW_STEPS = {
    "minioninfo": {("demon",), ("demon", "minions")},  # a lone Minion has no other Minions to see
    "demoninfo": {("minions", "bluffs")},
    "managers": {("evil",)},
    "auctioneer": {("auctioneer",)},
    "mirror_keeper": {("mirror_target",), ("mirror_moved",)},
}


@pytest.mark.parametrize("seed", range(12))
def test_random_games_offer_cards_only_at_the_show_steps(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(random_table(rng.randint(5, 15), seed=seed, script="phantom"))
    for _ in range(3):
        if game.state.winner is not None:
            break
        game.apply(ev.StartNight())
        while game.prompt is not None:
            p = game.prompt
            kinds = tuple(c.kind for c in sc.step_cards(game.rules, game.state, p))
            if p.title == "PHANTOM INFORMATION" or (p.step, p.title, game.state.night) == ("phantom", "Phantom", 1):
                assert kinds == ("holder",), p
            elif p.step in SHOW_STEPS:
                assert kinds in SHOW_STEPS[p.step], p
            elif told_rules.tells(p.informs, game.rules) and not sc.answer_asked(game.rules, game.state, p):
                assert kinds == ("told",), p
            else:
                assert kinds == (), p
            game.answer(random_answer(p, game, rng))
        if game.state.winner is None:
            play_day(game, rng)


def test_a_lone_minion_is_shown_only_the_demon() -> None:
    names = NAMES[:7]
    cast = ["meg", "auctioneer", "trapdoor_keeper", "phantom", "sorelli", "usher", "persian"]
    game = Game(phantom_table(seats=[SeatSetup(n, c) for n, c in zip(names, cast)], artifacts=("punjab_lasso",)))
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "minioninfo":
        game.answer(random_answer(game.prompt, game, random.Random(0)))
    assert game.prompt is not None
    assert [c.kind for c in sc.step_cards(game.rules, game.state, game.prompt)] == ["demon"]
    # No bluffs were chosen: the Demon Info step offers only the Minions, and the list none.
    game.answer(None)
    assert [c.kind for c in sc.step_cards(game.rules, game.state, game.prompt)] == ["minions"]
    assert "bluffs" not in [c.kind for c in sc.cards_now(game.rules, game.state, game.prompt)]


def test_the_cards_on_offer_put_the_steps_first_then_you_are_for_each_seat() -> None:
    game = Game(table())
    game.apply(ev.StartNight())
    cards = sc.cards_now(game.rules, game.state, game.prompt)  # dusk: no card of its own
    assert [c.kind for c in cards] == ["demon", "minions", "bluffs", "evil"] + ["you_are"] * 10
    you = cards[4:]
    assert [c.seat for c in you] == list(range(10))
    assert you[2].text() == (
        "You are\nMirror Keeper\nMinion\nYou are always healthy & might register as good. You start knowing a good "
        "player. When you receive the artifact, it moves to them instead & you learn this. If they die, you lose "
        "your ability."
    )


def test_a_card_only_reads_the_game() -> None:
    game = Game(table())
    game.apply(ev.StartNight())
    before = (len(game.events), game.state.clone())
    for card in sc.cards_now(game.rules, game.state, game.prompt):
        sc.card_rows(card, 76, 21)
    assert (len(game.events), game.state) == before


# --- the layout ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(76, 21), (136, 42), (40, 12)])
def test_every_card_fits_its_screen(size: tuple[int, int]) -> None:
    game = Game(table())
    game.apply(ev.StartNight())
    for card in sc.cards_now(game.rules, game.state, game.prompt):
        rows = sc.card_rows(card, *size)
        assert len(rows) <= size[1], card.label
        assert all(cells(r.text) <= size[0] for r in rows), card.label


def test_headlines_and_names_are_large_where_there_is_room() -> None:
    game = Game(table())
    card = sc.this_is_the_demon(game.state)
    assert card is not None
    big = sc.card_rows(card, 136, 42)
    assert {r.size for r in big if r.role} == {Size.LARGE}
    assert len(big) == 5 + 1 + 5  # one line of headline, one of the Demon's seat and name
    # Less room: the headline goes to half blocks first, the name (what matters) stays large.
    small = sc.card_rows(card, 76, 12)
    assert [(r.role, r.size) for r in small if r.role] == [("headline", Size.MEDIUM)] * 3 + [("big", Size.LARGE)] * 5
    smaller = sc.card_rows(card, 76, 7)
    assert {r.size for r in smaller if r.role} == {Size.MEDIUM}


def test_a_name_too_long_for_the_width_falls_back_to_normal_bold_text() -> None:
    long = "Bartholomew-Maximilian-Fitzgerald-the-Third"
    game = Game(table([long, *NAMES[1:]]))
    card = sc.you_are(game.state, 0)
    assert card is not None
    rows = sc.card_rows(sc.ShowCard("demon", "x", (sc.Block("big", f"1 {long}"),)), 76, 21)
    assert [r.size for r in rows if r.role] == [Size.NORMAL]  # "1" and the name wrap as words
    assert rows[-1].text.strip() == f"1 {long}"


def test_block_letters() -> None:
    assert render("HI", Size.LARGE) == [
        "██  ██  ██████",
        "██  ██    ██  ",
        "██████    ██  ",
        "██  ██    ██  ",
        "██  ██  ██████",
    ]
    assert render("HI", Size.MEDIUM) == ["█ █ ▀█▀", "█▀█  █ ", "▀ ▀ ▀▀▀"]
    assert render("é", Size.MEDIUM) == render("E", Size.MEDIUM)  # an accent: its base letter
    # A character the font lacks: as it is on the middle row; a control one as its escape.
    assert render("[", Size.MEDIUM) == [" ", "[", " "]
    drawn = render("a\x1b", Size.LARGE)
    assert "\x1b" not in "".join(drawn) and "\\" in drawn[2]
    assert wrap("THESE ARE YOUR MINIONS", Size.MEDIUM, 60) == ["THESE ARE YOUR", "MINIONS"]
    assert wrap("SUPERCALIFRAGILISTIC", Size.LARGE, 40) is None


def test_hostile_names_reach_the_rows_as_text_and_never_as_control_characters() -> None:
    names = ["[bold]Bob[/]", "x[/]y", "\x1b[31mRed", *NAMES[3:]]
    game = Game(table(names))
    for card in sc.cards_now(game.rules, game.state, None):
        for size in ((76, 21), (136, 42), (30, 8)):
            for row in sc.card_rows(card, *size):
                assert not any(ord(ch) < 32 or ord(ch) == 127 for ch in row.text), row
    you = sc.you_are(game.state, 1)
    assert "x[/]y" in you.label
    rows = sc.card_rows(sc.ShowCard("demon", "x", (sc.Block("big", "x[/]y"),)), 76, 21)
    assert "[" in "".join(r.text for r in rows)  # drawn as itself, for the screen to escape


# --- the cards the storyteller makes up ----------------------------------------------------------
def test_a_character_card_has_its_name_team_and_ability() -> None:
    g = Game(table()).state
    assert sc.character_card(g, "meg").text() == (
        "Meg\nTownsfolk\nOnce per night, when you 1st receive the artifact, you may immediately pass it to "
        "another alive player.")
    card = sc.character_card(g, "phantom")
    assert card.kind == sc.CHARACTER and card.label == "Phantom" and card.text().startswith("Phantom\nDemon\n")
    assert [b.role for b in card.blocks] == ["big", "text", "text"]
    ids = [c.id for c in sc.card_characters(g)]
    assert ids[:2] == ["christine_daae", "auctioneer"] and "phantom" in ids and len(ids) == len(set(ids))


def test_the_travellers_at_the_table_and_the_fabled_in_play_have_cards_too(official_with_visitors) -> None:  # noqa: F811
    game = Game(table())
    game.apply(ev.AddTraveller("Tia", "pilgrim", "evil", after=1))
    game.apply(ev.PlaceFabled("oldmoon"))
    g = game.state
    ids = [c.id for c in sc.card_characters(g)]
    assert ids[-2:] == ["pilgrim", "oldmoon"]  # after the script's own
    pilgrim = sc.character_card(g, "pilgrim")
    assert pilgrim.text().startswith("Pilgrim\nTraveller\n")
    assert sc.character_card(g, "oldmoon").blocks[1].text == "Fabled"


def test_several_characters_on_one_card_in_the_order_chosen() -> None:
    g = Game(table()).state
    card = sc.characters_card(g, ["usher", "meg", "persian"])
    assert card.kind == sc.CHARACTERS and card.text() == "Usher\nMeg\nPersian"
    assert card.label == "Usher, Meg, Persian" and {b.role for b in card.blocks} == {"big"}


def test_a_free_text_card_is_one_clean_line_of_at_most_its_limit() -> None:
    card = sc.text_card("  Pick \x1b[31mTWO\n players\u202e  ")
    assert card is not None and card.kind == sc.TEXT
    assert card.text() == "Pick [31mTWO  players"  # no control or bidi character left
    assert card.label == "“Pick [31mTWO  players”"
    assert sc.text_card(" \x1b\n\t") is None and sc.text_card("") is None
    long = sc.text_card("word " * 100)
    assert long is not None and len(long.text()) <= sc.TEXT_LIMIT


def test_the_official_info_tokens_as_cards() -> None:
    g = Game(table()).state
    words = [t.words for t in sc.INFO_TOKENS]
    assert words == ["This character selected you", "This player is", "Did you vote today?", "Use your ability?",
                     "Did you nominate today?", "You are", "This is the Demon", "These are your Minions",
                     "These characters are not in play"]
    token = {t.words: t for t in sc.INFO_TOKENS}
    assert sc.token_card(g, token["This character selected you"], characters=["usher"]).text() == (
        "This character selected you\nUsher")
    assert sc.token_card(g, token["This player is"], characters=["phantom"]).text() == "This player is\nPhantom"
    for question in ("Did you vote today?", "Use your ability?", "Did you nominate today?"):
        card = sc.token_card(g, token[question])
        assert card.text() == question and [b.role for b in card.blocks] == ["headline"]
    assert sc.token_card(g, token["You are"], alignment="Evil").text() == "You are\nEvil"
    assert sc.token_card(g, token["You are"], characters=["meg"]).text() == "You are\nMeg"
    # The tokens the night already shows make the same cards, pointed by hand.
    assert sc.token_card(g, token["This is the Demon"], seats=[3]).text() == DEMON[1]
    minions = sc.token_card(g, token["These are your Minions"], seats=[2, 5, 9])
    assert (minions.kind, minions.text()) == MINIONS
    bluffs = sc.token_card(g, token["These characters are not in play"],
                           characters=["madame_giry", "monsieur_reyer", "christine_daae"])
    assert (bluffs.kind, bluffs.text()) == BLUFFS


@pytest.mark.parametrize("size", [(76, 21), (136, 42)])  # 80x24 and 140x45, less the card's margins
def test_the_new_cards_fit_their_screen_with_their_names_in_block_letters(size: tuple[int, int]) -> None:
    g = Game(table()).state
    cards = [sc.character_card(g, c.id) for c in sc.card_characters(g)]
    cards += [sc.characters_card(g, ["madame_giry", "monsieur_reyer", "christine_daae"]),
              sc.text_card("The Phantom's artifact is the Punjab Lasso " * 4),
              *(sc.token_card(g, t, seats=[1], characters=["inspector_mifroid"]) for t in sc.INFO_TOKENS)]
    for card in cards:
        assert card is not None
        rows = sc.card_rows(card, *size)
        assert len(rows) <= size[1] and all(cells(r.text) <= size[0] for r in rows), card.label
        kept = " ".join(r.text for r in rows if r.role == "text")
        assert all(w in kept for b in card.blocks if b.role == "text" for w in b.text.split()), card.label
    three = sc.card_rows(sc.characters_card(g, ["madame_giry", "monsieur_reyer", "christine_daae"]), *size)
    assert {r.size for r in three if r.role} != {Size.NORMAL}  # still block letters
