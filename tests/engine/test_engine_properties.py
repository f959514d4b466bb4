"""Invariants over random legal games with random storyteller answers."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.model import Expiry, Phase
from grimoire.game import Game
from grimoire.rules.phantom.state import own
from grimoire.rules.phantom.status import ALWAYS_HEALTHY, ALWAYS_SOBER, immune_active
from grimoire.simulate import play_day, random_answer, random_table
from night_order import AnswerKind

games = st.tuples(st.integers(5, 15), st.integers(0, 2**32 - 1))
# Each example plays a random game: 30 in make test, the deep profile's many in make test-deep.
GAMES = settings(max_examples=30 if settings.default.max_examples <= 100 else settings.default.max_examples)


def check_invariants(game: Game) -> None:
    g = game.state
    art = own(g).artifact
    if art.active is not None:
        assert art.holder is not None and 0 <= art.holder < len(g.seats)
    for t in art.history:
        assert t.frm != t.to, "every transfer goes to a different seat"
    for s in g.seats:
        if s.character in ALWAYS_HEALTHY and immune_active(g, s.index):
            assert not game.rules.is_poisoned(g, s.index)
        if s.character in ALWAYS_SOBER and immune_active(g, s.index):
            assert not game.rules.is_drunk(g, s.index)
    if g.phase is Phase.DAY:
        assert not [t for t in g.tokens if t.expiry == Expiry.DAWN], "no 'tonight' token after dawn"
    prompt = game.prompt
    if prompt is not None and prompt.kind is not AnswerKind.ACK:
        assert prompt.choices or prompt.options, f"{prompt.title} offers no legal choice"


def play(game: Game, rng: random.Random, on_event, max_nights: int = 8) -> None:
    while game.state.winner is None and game.state.night < max_nights:
        if game.prompt is None:
            if game.state.phase is Phase.DAY:
                before = len(game.events)
                play_day(game, rng)
                for _ in range(len(game.events) - before):
                    on_event()
                if game.state.winner is not None:
                    return
            game.apply(ev.StartNight())
            on_event()
        while game.prompt is not None:
            game.answer(random_answer(game.prompt, game, rng))
            on_event()


@GAMES
@given(games)
def test_invariants_hold_after_every_event(table) -> None:
    players, seed = table
    rng = random.Random(seed)
    game = Game(random_table(players, seed=seed, script="phantom"))
    play(game, rng, lambda: check_invariants(game))


@GAMES
@given(games)
def test_refolding_the_log_gives_the_same_state(table) -> None:
    players, seed = table
    rng = random.Random(seed)
    game = Game(random_table(players, seed=seed, script="phantom"))
    checkpoints = []

    def remember() -> None:
        if rng.random() < 0.05:
            checkpoints.append((len(game.events), game.state.clone()))

    play(game, rng, remember)
    assert Game(game.setup, game.events).state == game.state
    for count, state in checkpoints:
        assert Game(game.setup, game.events[:count]).state == state


@GAMES
@given(games, st.data())
def test_undo_then_redo_gives_the_same_state(table, data) -> None:
    players, seed = table
    rng = random.Random(seed)
    game = Game(random_table(players, seed=seed, script="phantom"))
    play(game, rng, lambda: None, max_nights=4)
    before = game.state.clone()
    steps = data.draw(st.integers(1, max(1, min(30, len(game.events)))))
    for _ in range(steps):
        game.undo()
    for _ in range(steps):
        game.redo()
    assert game.state == before


@GAMES
@given(games)
def test_receipt_chains_end_and_artifact_has_one_holder(table) -> None:
    players, seed = table
    rng = random.Random(seed)
    game = Game(random_table(players, seed=seed, script="phantom"))
    play(game, rng, lambda: None)
    per_night: dict[int, int] = {}
    for t in own(game.state).artifact.history:
        per_night[t.night] = per_night.get(t.night, 0) + 1
    assert all(n <= 12 for n in per_night.values()), per_night
