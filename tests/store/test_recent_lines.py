"""The log panel's newest lines (``recent_lines``), told from the newest happenings only, are
the last lines of the whole story, after every event of random games and of a long day of
storyteller changes (the bench's)."""

from __future__ import annotations

import random

import pytest

from grimoire.core import events as ev
from grimoire.core.model import GameState
from grimoire.game import Game
from grimoire.present.happening_lines import clean_cut, happening_lines, happening_tail
from grimoire.present.narrate import recent_lines, story
from grimoire.rules.contract import ScriptRules
from grimoire.simulate import benchmark_game, random_answer, random_table


def told_whole(rules: ScriptRules, g: GameState) -> list[str]:
    """The lines of the story, every night and day told whole."""
    return [f"{heading} — {line}" for heading, body in story(rules, g) for line in body]


def replayed(game: Game) -> list[GameState]:
    replay = Game(game.setup)
    states = []
    for event in game.events:
        replay.apply(event)
        states.append(replay.state)
    return states


@pytest.mark.parametrize("seed", range(0, 1000, 97))
def test_the_newest_lines_of_random_games(seed: int) -> None:
    game = benchmark_game(seed, "phantom")
    for g in replayed(game):
        whole = told_whole(game.rules, g)
        for limit in (1, 3, 12):
            assert recent_lines(game.rules, g, limit) == whole[-limit:]


def test_a_long_day_of_changes() -> None:
    rng = random.Random(3)
    game = Game(random_table(10, seed=3, script="phantom"))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    while len(game.events) < 400:
        game.apply(ev.PlaceToken("Used", "stage_designer", rng.randrange(10)))
        game.apply(ev.RemoveToken("Used", game.state.tokens[-1].seat))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
        whole = told_whole(game.rules, game.state)
        for limit in (1, 12, 40):
            assert recent_lines(game.rules, game.state, limit) == whole[-limit:]


@pytest.mark.parametrize("seed", range(0, 1000, 97))
def test_a_tail_is_the_end_of_the_whole(seed: int) -> None:
    """Cut at every length: the lines told from the newest happenings end the whole's lines
    (tokens that expire together are never split between two lines)."""
    game = benchmark_game(seed, "phantom")
    g = game.state
    for happenings in [n.happenings for n in g.nights] + [d.happenings for d in g.days]:
        whole = happening_lines(game.rules, g, happenings)
        for wanted in range(1, len(whole) + 2):
            tail = happening_tail(game.rules, g, happenings, wanted)
            assert len(tail) >= min(wanted, len(whole))
            assert tail == whole[len(whole) - len(tail):]


@pytest.mark.parametrize("seed", range(0, 1000, 97))
def test_told_in_two_halves_as_whole(seed: int) -> None:
    game = benchmark_game(seed, "phantom")
    g = game.state
    for happenings in [n.happenings for n in g.nights] + [d.happenings for d in g.days]:
        whole = happening_lines(game.rules, g, happenings)
        for at in range(len(happenings) + 1):
            cut = clean_cut(happenings, at)
            assert cut <= at
            assert happening_lines(game.rules, g, happenings[:cut]) + happening_lines(game.rules, g, happenings[cut:]) == whole
