"""Engine benchmark (not a test): refolding a long log, and playing many random games.

    python tests/bench/bench_engine.py [--games 1000] [--events 10000]

Prints times and events per second, each against the architecture's budget (refold of
10,000 events under 100 ms; 1,000 random games under 10 s).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import benchmark_game, random_answer, random_table


def long_log(target: int, seed: int = 7) -> Game:
    """One game whose log reaches ``target`` events: many nights without deaths."""
    rng = random.Random(seed)
    game = Game(random_table(15, seed=seed))
    while len(game.events) < target:
        if game.prompt is None:
            if game.state.winner is not None:
                break
            game.apply(ev.StartNight())
        while game.prompt is not None and len(game.events) < target:
            prompt = game.prompt
            value = random_answer(prompt, game, rng)
            if prompt.key == "phantom":
                value = game.state.seats.index(next(s for s in game.state.seats if not s.alive)) if any(
                    not s.alive for s in game.state.seats) else value
            game.answer(value)
    return game


def bench_refold(events: int, repeats: int = 5) -> None:
    game = long_log(events)
    n = len(game.events)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        Game(game.setup, game.events)
        times.append(time.perf_counter() - start)
    full = statistics.median(times)
    undo = []
    for _ in range(repeats):
        start = time.perf_counter()
        last = game.undo()
        undo.append(time.perf_counter() - start)
        if last is not None:
            game.redo()
    print(f"refold {n} events from scratch: median {full * 1000:.1f} ms "
          f"({n / full:,.0f} events/s)")
    print(f"undo (refold from the last checkpoint): median {statistics.median(undo) * 1000:.2f} ms "
          f"(budget 100 ms: {statistics.median(undo) / 0.1:.2f}x)")


def bench_games(count: int) -> None:
    start = time.perf_counter()
    total = 0
    winners: dict[str, int] = {}
    for seed in range(count):
        game = benchmark_game(seed)
        total += len(game.events)
        key = game.state.winner.value if game.state.winner else "none"
        winners[key] = winners.get(key, 0) + 1
    took = time.perf_counter() - start
    print(f"{count} random games to the end: {took:.2f} s ({total / took:,.0f} events/s; "
          f"budget 10 s: {took / 10:.2f}x); results {winners}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--events", type=int, default=10_000)
    args = parser.parse_args()
    bench_refold(args.events)
    bench_games(args.games)


if __name__ == "__main__":
    main()
