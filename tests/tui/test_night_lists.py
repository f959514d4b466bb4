"""What the night's lists say (issue 45, item 13): the storyteller's screen."""

from __future__ import annotations

import random
from types import SimpleNamespace

import attrs

from grimoire.simulate import random_answer
from grimoire.tui.support.view import choice_items
from night_order import AnswerKind

from .helpers import first_night


def test_a_night_pickers_dead_players_are_marked_dead() -> None:
    game = first_night(8, seed=3)
    rng = random.Random(2)
    while game.prompt is not None and not (game.prompt.kind in (AnswerKind.PLAYER, AnswerKind.OPTION_AND_PLAYER) and game.prompt.choices):
        game.answer(random_answer(game.prompt, game, rng))
    prompt = game.prompt
    assert prompt is not None
    g = game.state
    dead = prompt.choices[0]
    seats = tuple(attrs.evolve(s, alive=False) if s.index == dead else s for s in g.seats)
    items = choice_items(SimpleNamespace(state=attrs.evolve(g, seats=seats)), prompt)  # type: ignore[arg-type]
    rows = {item.seat: item.label for item in items if item.seat is not None}
    assert rows[dead].endswith(" — dead"), rows[dead]
    assert not any(label.endswith("dead") for seat, label in rows.items() if seat != dead)


def test_a_choice_of_several_players_offers_its_word_too() -> None:
    """A "might choose" of two players (the Seamstress) lists its word ("none") before the seats."""
    game = first_night(8, seed=3)
    prompt = attrs.evolve(game.prompt, kind=AnswerKind.PLAYERS, count=2, options=("none",), choices=(0, 1, 2))
    items = choice_items(game, prompt)
    assert [item.value for item in items] == ["none", 0, 1, 2]
    assert items[0].key and items[0].seat is None
