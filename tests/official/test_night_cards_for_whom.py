"""Which seats a night step's cards go to (``grimoire.present.step_phones``), on every automated
script: each Minion their Minion info, the Demon its Minions and bluffs, the evil Townsfolk
their card, and an information character their answer, as their script's rules make its card
(``ToldShapes.card``): the same card the laptop shows (``step_cards``). A step that asks which
answer was given has no answer card until it is chosen."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from grimoire.core import events as ev
from grimoire.core.official import OfficialData
from grimoire.game import Game, SeatSetup
from grimoire.present.show_cards import step_cards, told_card
from grimoire.present.step_phones import asks_first, deliveries, for_whom, plan_words
from grimoire.rules import told as told_rules
from grimoire.rules.cards import TOLD
from grimoire.simulate import play_day, random_answer, random_table
from grimoire.tui.support.told_items import asks_told
from night_order import AnswerKind
from tests.official.conftest import BMR, SNV, TB
from tests.official.tb_table import tb_game
from tests.phantom_table import phantom_table

NAMES = "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon".split()
CAST = ["meg", "auctioneer", "mirror_keeper", "phantom", "sorelli", "trapdoor_keeper", "managers", "usher",
        "persian", "chandelier_rigger"]


def phantom_at(step: str) -> Game:
    game = Game(phantom_table(seats=[SeatSetup(n, c) for n, c in zip(NAMES, CAST)], artifacts=("monkey_music_box",),
                              mirror_target=7, evil_townsfolk=8,
                              bluffs=("madame_giry", "monsieur_reyer", "christine_daae")))
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != step:
        p = game.prompt
        game.answer(["monkey_music_box", 1] if p.kind is AnswerKind.OPTION_AND_PLAYER else
                    None if p.kind is AnswerKind.ACK else p.choices[0])
    assert game.prompt is not None, step
    return game


def whom(game: Game) -> list[tuple[str, tuple[int, ...]]]:
    return [(d.card.kind, d.seats) for d in deliveries(game)]


def test_minion_info_goes_to_every_minion_and_demon_info_to_the_demon() -> None:
    game = phantom_at("minioninfo")
    assert whom(game) == [("demon", (2, 5, 9)), ("minions", (2, 5, 9))]  # Cat, Fay, Jon: the Minions
    assert plan_words(game.state, deliveries(game)) == (
        "This is the Demon, These are your Minions to 3 Cat's, 6 Fay's and 10 Jon's phones")
    game = phantom_at("demoninfo")
    assert whom(game) == [("minions", (3,)), ("bluffs", (3,))]  # Dan, the Phantom


def test_a_card_for_one_player_goes_to_that_player_only() -> None:
    assert whom(phantom_at("managers")) == [("evil", (8,))]  # the evil Townsfolk, not the Managers' player
    assert whom(phantom_at("mirror_keeper")) == [("mirror_target", (2,))]
    game = phantom_at("sorelli")
    (d,) = deliveries(game)
    assert d.seats == (4,) and d.card.kind == TOLD and d.card.text() == "Sorelli\nNo"
    assert d.card in step_cards(game.rules, game.state, game.prompt)  # the laptop's card is the same card


def test_a_step_that_asks_what_was_told_waits_for_the_answer_chosen() -> None:
    game = phantom_at("auctioneer")  # the Auctioneer may be told falsely here: the storyteller says what
    assert asks_first(game)
    prompt = game.prompt
    assert prompt is not None
    card = told_card(game.rules, game.state, prompt, [5, "christine_daae"])
    assert card is not None and card.text() == "Passed to you by\n6 Fay\nIts 1st holder tonight\nChristine Daaé"
    assert for_whom(game.state, prompt, card) == (1,)


def test_nobody_who_left_the_game_gets_a_card() -> None:
    game = phantom_at("minioninfo")
    card, prompt = deliveries(game)[0].card, game.prompt
    g = game.state
    gone = attrs.evolve(g, seats=[attrs.evolve(s, left=s.index == 5) for s in g.seats])
    assert for_whom(gone, prompt, card) == (2, 9)


def test_trouble_brewings_answers_as_cards(stand_in: OfficialData) -> None:
    game = tb_game()  # Ann the Drunk thinks she is the Chef; Cat the Empath; Hal the Washerwoman
    game.apply(ev.StartNight())
    seen: dict[str, Any] = {}
    while game.prompt is not None:
        p = game.prompt
        record = p.informs
        if told_rules.tells(record, game.rules):
            seen[record.character] = (asks_first(game), whom(game), [d.card.text() for d in deliveries(game)])
            if record.character == "washerwoman":
                ping = told_card(game.rules, game.state, p, [2, 0, "empath"])
                assert ping is not None and ping.seat == 7
                assert ping.text() == "Washerwoman\n3 Cat\n1 Ann\nOne of them is the\nEmpath"
        game.answer(None if p.kind is AnswerKind.ACK else p.choices[0])
    # The Washerwoman's truth is one of several, the Chef is the Drunk: each asks which answer first.
    assert seen["washerwoman"][:2] == (True, []) and seen["chef"][:2] == (True, [])
    assert seen["empath"] == (False, [(TOLD, (2,))], ["Empath\n2"])  # Cat, her number


@pytest.mark.parametrize("script", ["phantom", str(TB), str(BMR), str(SNV)], ids=["phantom", "tb", "bmr", "snv"])
def test_every_answer_told_is_a_card_for_its_player_alone(stand_in: OfficialData, script: str) -> None:
    """Random games on each automated script, two nights: at every step that tells a player
    something, the answer's card goes to that player alone, and is the laptop's card."""
    told = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(random_table(rng.randint(7, 12), seed=seed, script=script))
        game.apply(ev.StartNight())
        while game.prompt is not None and game.state.winner is None:
            p = game.prompt
            record = p.informs
            if told_rules.tells(record, game.rules):
                truth = told_rules.true_answer(game.rules, record, game.state)
                card = told_card(game.rules, game.state, p, truth)
                assert card is not None and card.seat == record.seat and card.blocks
                assert all(b.text for b in card.blocks)
                for lie in told_rules.plausible(game.rules, game.state, record)[:3]:  # a lie is a card too
                    shown = told_card(game.rules, game.state, p, lie.value)
                    assert shown is not None and shown.seat == record.seat and all(b.text for b in shown.blocks)
                # S asks the answer first exactly where the walker asks it (n, f).
                assert asks_first(game) == asks_told(p, game.rules, game.state)
                if not asks_first(game):
                    mine = [d for d in deliveries(game) if d.card.kind == card.kind]
                    assert [d.seats for d in mine] == [(record.seat,)], (record.character, mine)
                    assert mine[0].card in step_cards(game.rules, game.state, p)
                    told += 1
            game.answer(random_answer(p, game, rng))
    assert told


# The plug-ins' own steps that wake a player to show them something, and the cards they show.
OWN = {"/tb.json": {"imp": "you_are", "scarletwoman": "you_are"}, "bmr.json": {"exorcist": "exorcised"},
       "snv.json": {"eviltwin": "twins"}}


@pytest.mark.parametrize("script", [str(TB), str(BMR), str(SNV)], ids=["tb", "bmr", "snv"])
def test_a_plug_ins_own_step_shows_its_card_to_the_players_it_wakes(stand_in: OfficialData, script: str) -> None:
    """The new Imp their "You are" card, the exorcised Demon the Exorcist and who chose them, the
    Evil Twin and their twin each other: found in random games, each for exactly the woken."""
    own = OWN[script[-8:]]
    found: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        game = Game(random_table(rng.randint(7, 15), seed=seed, script=script))
        for _ in range(3):
            if game.state.winner is not None:
                break
            game.apply(ev.StartNight())
            while game.prompt is not None and game.state.winner is None:
                p = game.prompt
                kinds = [c.kind for c in step_cards(game.rules, game.state, p)]
                if p.kind is AnswerKind.ACK and p.wake and p.step in own and not told_rules.tells(p.informs, game.rules):
                    found.add(p.step)
                    assert kinds and set(kinds) == {own[p.step]}, p
                    assert sorted(s for d in deliveries(game) for s in d.seats) == sorted(p.wake)
                game.answer(random_answer(p, game, rng))
            if game.state.winner is None:
                play_day(game, rng)
        if found == set(own) or (script == str(TB) and found):
            break
    assert found, f"no game woke {sorted(own)}"
