"""A Sects & Violets seat's card tells the storyteller what the seat's tokens cannot: who a mad
player must seem to be (the Cerenovus's madness) and what a Philosopher gained (the character,
whether it is spent, and who is drunk for it), while the players' view shows none of it; and a
Philosopher who used the gained Seamstress has one No Ability, not two."""

from __future__ import annotations

import json
from pathlib import Path

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.present.card import seat_card
from grimoire.store.live_table import LiveTable
from grimoire.store.saves import save_game
from grimoire.web.state import page_state
from grimoire.web.table import read_game
from night_order import AnswerKind
from tests.official.conftest import SNV

NAMES = "Ann Ben Cat Dan Eve Fay Gus".split()


def first_night(*characters: str, philosopher: str = "none") -> Game:
    """Night 1 played: the Philosopher (if any) chooses ``philosopher``; the Cerenovus makes Dan
    mad as the Sage; every Seamstress chooses Eve and Fay."""
    game = Game(TableSetup(seats=tuple(SeatSetup(n, c) for n, c in zip(NAMES, characters, strict=True)),
                           script=str(SNV)))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step == "philosopher":
            game.answer(philosopher)
        elif prompt.step == "cerenovus":
            game.answer((3, "sage"))
        elif prompt.step == "seamstress" and prompt.kind is not AnswerKind.ACK:
            game.answer([4, 5])
        else:
            game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    return game


def test_the_card_of_a_mad_player_says_as_whom_and_until_when(stand_in) -> None:
    game = first_night("cerenovus", "nodashii", "witch", "oracle", "sage", "mutant", "klutz")
    card = seat_card(game, 3)
    (madness,) = [s for s in card.sections if s.heading == "Madness"]
    said = " ".join(madness.lines)
    assert "Mad that they are the Sage on day 1" in said and "Cerenovus" in said, said
    assert "dusk" in said and "execute" in said, said
    assert not [s for s in seat_card(game, 4).sections if s.heading == "Madness"]  # the Sage is not mad


def test_the_philosophers_card_says_what_they_gained_and_who_is_drunk_for_it(stand_in) -> None:
    game = first_night("philosopher", "seamstress", "cerenovus", "nodashii", "witch", "oracle", "mutant",
                       philosopher="seamstress")
    (chose,) = [s for s in seat_card(game, 0).sections if s.heading == "The Philosopher's choice"]
    said = " ".join(chose.lines)
    assert "Gained the Seamstress's ability on night 1" in said, said
    assert "2 Ben, the Seamstress, is drunk" in said, said
    assert "once per game: used, spent" in said, said
    learned = " ".join(seat_card(game, 0).section("What they learned").lines)
    assert "as the Seamstress (the Philosopher's gained ability): chose Eve, Fay" in learned, learned


def test_a_philosopher_whose_gained_character_is_not_in_play_makes_no_one_drunk(stand_in) -> None:
    game = first_night("philosopher", "oracle", "cerenovus", "nodashii", "witch", "sage", "mutant",
                       philosopher="dreamer")
    (chose,) = [s for s in seat_card(game, 0).sections if s.heading == "The Philosopher's choice"]
    said = " ".join(chose.lines)
    assert "Gained the Dreamer's ability on night 1" in said and "No-one else is the Dreamer" in said, said
    assert "once per game" not in said, said


def test_the_philosophers_seamstress_leaves_one_no_ability(stand_in) -> None:
    game = first_night("philosopher", "oracle", "cerenovus", "nodashii", "witch", "sage", "mutant",
                       philosopher="seamstress")
    assert [t.name for t in game.state.tokens_on(0)] == ["No Ability"], game.state.tokens_on(0)
    seamstress = first_night("seamstress", "oracle", "cerenovus", "nodashii", "witch", "sage", "mutant")
    assert [t.name for t in seamstress.state.tokens_on(0)] == ["No Ability"]  # her own use: one too


def test_no_madness_or_gained_ability_reaches_the_players_view(stand_in, tmp_path: Path) -> None:
    game = first_night("philosopher", "seamstress", "cerenovus", "nodashii", "witch", "oracle", "mutant",
                       philosopher="seamstress")
    assert [h for h, _ in game.rules.card_sections(game.state, 3)] == ["Madness"]  # the grimoire knows
    path = save_game(game, tmp_path / "game.toml")
    read = read_game(path)
    assert read is not None
    view, script, visitors, _ = read
    secret = ("Sage", "Seamstress", "Philosopher", "Cerenovus", "mad", "Mad", "gain", "drunk", "Drunk")
    for me in (None, 0, 1, 3):
        state = page_state(view, LiveTable(), script, me=me, visitors=visitors)
        state.pop("script")  # every character of the script, public by nature
        shown = json.dumps(state)
        assert not [w for w in secret if w in shown], (me, shown)
    assert not [w for w in secret if w in repr(view)], repr(view)
