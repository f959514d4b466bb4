"""Over the benchmark's random games: every change of artifact holder, every death and every
drunk or poisoned start has a line in the story the log panel and the exports tell.

The default run plays a spread of the games; HYPOTHESIS_PROFILE=deep (make test-deep) plays all
1,000 of tests/bench/bench_engine.py.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import settings

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game
from grimoire.present.narrate import seat_name, story
from grimoire.rules.phantom.state import own
from grimoire.simulate import benchmark_game

DEEP = settings.default.max_examples > 100
SEEDS = range(1000) if DEEP else range(0, 1000, 20)
CHUNK = 100


def untold(game: Game) -> list[str]:
    """What happened in ``game`` that no line of its story tells."""
    g = game.state
    lines = dict(story(game.rules, g))
    out = []

    def told(heading: str, pattern: str) -> int:
        return sum(1 for line in lines.get(heading, []) if re.search(pattern, line))

    moves = Counter((t.night, t.frm, t.to) for t in own(g).artifact.history)
    for (night, frm, to), times in moves.items():
        pattern = re.escape(seat_name(g, frm)) + r"\b.* to " + re.escape(seat_name(g, to)) + r"\b"
        if told(f"Night {night}", pattern) < times:
            out.append(f"night {night}: the artifact from {seat_name(g, frm)} to {seat_name(g, to)}")

    replay = Game(game.setup)
    for event in game.events:
        before = replay.state
        heading = before.moment
        alive = [s.alive for s in before.seats]
        drunk = {s.index for s in before.seats if replay.rules.is_drunk(before, s.index)}
        poisoned = {s.index for s in before.seats if replay.rules.is_poisoned(before, s.index)}
        replay.apply(event)
        after = replay.state
        if isinstance(event, ev.StartNight) or before.phase is Phase.SETUP:
            heading = after.moment
        for s in after.seats:
            name = re.escape(seat_name(after, s.index)) + r"\b"
            if alive[s.index] and not s.alive and not told(heading, name + r"( \([^)]*\))? (was executed and )?died\b"):
                out.append(f"{heading}: {seat_name(after, s.index)} died")
            if s.index not in drunk and replay.rules.is_drunk(after, s.index) and not told(heading, name + " is drunk"):
                out.append(f"{heading}: {seat_name(after, s.index)} became drunk")
            if s.index not in poisoned and replay.rules.is_poisoned(after, s.index) and not told(heading, name + " is poisoned"):
                out.append(f"{heading}: {seat_name(after, s.index)} became poisoned")
    return out


@pytest.mark.parametrize("start", range(0, 1000, CHUNK))
def test_every_holder_change_death_and_impairment_is_told(start: int) -> None:
    seeds = [seed for seed in SEEDS if start <= seed < start + CHUNK]
    for seed in seeds:
        game = benchmark_game(seed, "phantom")
        missing = untold(game)
        assert not missing, f"benchmark game {seed}: no line for " + "; ".join(missing)
