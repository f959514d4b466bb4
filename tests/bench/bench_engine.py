"""Engine benchmark (not a test): refolding a long log, playing many random games, and the
first save of a long game.

    python tests/bench/bench_engine.py [--games 1000] [--events 10000] [--save-events 100000]

Prints times and events per second, each against the architecture's budget (refold of
10,000 events under 100 ms; 1,000 random games of each automated script under 10 s: the
Phantom, and Trouble Brewing and Bad Moon Rising on the tests' stand-in official data), and the
first autosave after opening a 100,000-event game against a later one (target: the same cost, 1x).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import benchmark_game, random_answer, random_table


def long_log(target: int, seed: int = 7) -> Game:
    """One game whose log reaches ``target`` events: many nights without deaths."""
    rng = random.Random(seed)
    game = Game(random_table(15, seed=seed, script="phantom"))
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


def bench_games(count: int, name: str, script: str) -> None:
    start = time.perf_counter()
    total = 0
    winners: dict[str, int] = {}
    for seed in range(count):
        game = benchmark_game(seed, script)
        total += len(game.events)
        key = game.state.winner.value if game.state.winner else "none"
        winners[key] = winners.get(key, 0) + 1
    took = time.perf_counter() - start
    print(f"{count} random games of {name} to the end: {took:.2f} s ({total / took:,.0f} events/s; "
          f"budget 10 s: {took / 10:.2f}x); results {winners}")


def bench_official_games(count: int) -> None:
    """Trouble Brewing's, Bad Moon Rising's and Sects & Violets' random games, on the tests' stand-in official data
    imported into a home of the bench's own (their rules read the data's night order and reminders)."""
    import os
    import sys

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root))
    from grimoire.store.official_data import import_from
    from tests.official.conftest import BMR, SNV, STAND_IN, TB, write_release

    with tempfile.TemporaryDirectory() as home:
        old = os.environ.get("GRIMOIRE_HOME")
        os.environ["GRIMOIRE_HOME"] = home
        try:
            import_from(write_release(Path(home) / "stand-in", source=STAND_IN))
            bench_games(count, "Trouble Brewing", str(TB))
            bench_games(count, "Bad Moon Rising", str(BMR))
            bench_games(count, "Sects & Violets", str(SNV))
        finally:
            if old is None:
                del os.environ["GRIMOIRE_HOME"]
            else:
                os.environ["GRIMOIRE_HOME"] = old


def long_day(target: int, seed: int = 3) -> Game:
    """A game of ``target`` events: a first night, then the storyteller's overrides and notes
    all day (quick to play; the night's answers make the save an array of [[events]] tables)."""
    rng = random.Random(seed)
    game = Game(random_table(15, seed=seed, script="phantom"))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    while len(game.events) < target:
        seat = rng.randrange(15)
        game.apply(ev.PlaceToken("Used", "stage_designer", seat))
        game.apply(ev.WriteNote(seat, f"said {rng.choice(['yes', 'no', 'nothing'])} at {len(game.events)}"))
        game.apply(ev.RemoveToken("Used", seat))
    return game


def bench_first_save(events: int, repeats: int = 5) -> None:
    """The first autosave after opening a long game, against the later ones (an event more each)."""
    from grimoire.store.saves import RecordWriter, load_for_play, load_game, save_game

    with tempfile.TemporaryDirectory() as tmp:
        path = save_game(long_day(events), Path(tmp) / "long.toml")
        n = len(load_game(path).events)

        def open_as_before() -> tuple[Game, RecordWriter]:  # as until now: nothing learnt
            return load_game(path), RecordWriter()

        for name, opening in (("with a fresh writer", open_as_before),
                              ("as the app opens it (saves.load_for_play)", lambda: load_for_play(path))):
            firsts, laters, loads = [], [], []
            for _ in range(repeats):
                start = time.perf_counter()
                game, writer = opening()
                loads.append(time.perf_counter() - start)
                start = time.perf_counter()
                writer.save(game.setup, game.events, path)
                firsts.append(time.perf_counter() - start)
                for more in range(3):  # the storyteller goes on: a save after each action
                    game.apply(ev.WriteNote(0, f"one more ({more})"))
                    start = time.perf_counter()
                    writer.save(game.setup, game.events, path)
                    laters.append(time.perf_counter() - start)
                save_game(Game(game.setup, game.events[:n]), path)  # as it was, for the next round
            first, later = statistics.median(firsts), statistics.median(laters)
            print(f"first save after opening {n:,} events, {name}: {first * 1000:.0f} ms; "
                  f"a later save {later * 1000:.0f} ms: {first / later:.2f}x (target 1x); "
                  f"opening {statistics.median(loads) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--save-events", type=int, default=100_000)
    args = parser.parse_args()
    bench_refold(args.events)
    bench_games(args.games, "the Phantom", "phantom")
    bench_official_games(args.games)
    bench_first_save(args.save_events)


if __name__ == "__main__":
    main()
