"""Benchmark (not a test): app start to first frame, and the night walker's next-step latency.

    .venv/bin/python tests/bench/bench_app.py [--runs 7]

1. Start: ``grimoire play`` on a 15-seat saved game, to the first frame of the grimoire screen,
   against a bare Textual app (Header, Static, Footer), alternating, in fresh processes; medians.
   Target: at most 1.25x the bare app.
2. Next step: 20 seats and 2,000 events, headless; the time from a night-walker key press to
   the refreshed screen (press, then wait until idle), median over the night's steps.
   Target: under 16 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = """
import time; T0 = time.perf_counter()
from textual.app import App
from textual.widgets import Header, Static, Footer
class Bare(App):
    def compose(self):
        yield Header(); yield Static("hello"); yield Footer()
    def on_ready(self):
        self.call_after_refresh(self.exit)
Bare().run(headless=True, size=(140, 45))
"""

GRIMOIRE = """
import time; T0 = time.perf_counter()
import sys
from grimoire.tui import app as a
from grimoire.store.saves import load_game
from grimoire.tui.screens.table import GrimoireScreen
from pathlib import Path
class Timed(a.GrimoireApp):
    CSS_PATH = str(Path(a.__file__).parent / "grimoire.tcss")
    def on_ready(self):
        self.set_interval(0.001, self._check)
    def _check(self):
        if isinstance(self.screen, GrimoireScreen) and self.screen.is_mounted:
            self.call_after_refresh(self.exit)
Timed(game=load_game(sys.argv[1])).run(headless=True, size=(140, 45))
"""


def fifteen_seat_save(folder: Path) -> Path:
    from grimoire.core import events as ev
    from grimoire.game import Game
    from grimoire.simulate import random_table
    from grimoire.store.saves import save_game

    game = Game(random_table(15, seed=1))
    game.apply(ev.StartNight())
    return save_game(game, folder / "fifteen.toml")


def time_process(args: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(args, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def bench_start(runs: int, folder: Path) -> tuple[float, float]:
    import os

    save = fifteen_seat_save(folder)
    env = dict(os.environ, GRIMOIRE_HOME=str(folder / "home"))
    bare, ours = [], []
    for _ in range(runs):
        bare.append(time_process([sys.executable, "-c", BARE], env))
        ours.append(time_process([sys.executable, "-c", GRIMOIRE, str(save)], env))
    return statistics.median(bare), statistics.median(ours)


def big_game():  # type: ignore[no-untyped-def]
    """20 seats (15 players, 5 Travellers) and about 2,000 events, in the middle of a night."""
    import attrs

    from grimoire.core import events as ev
    from grimoire.game import Game, SeatSetup
    from grimoire.simulate import random_answer, random_table

    table = random_table(15, seed=2)
    travellers = tuple(SeatSetup(f"Trav{i}", "Traveller", traveller=True) for i in range(5))
    table = attrs.evolve(table, seats=table.seats + travellers)
    game = Game(table)
    rng = random.Random(2)
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    # A long first day of storyteller overrides brings the log to 2,000 events.
    while len(game.events) < 1990:
        game.apply(ev.PlaceToken("Used", "stage_designer", rng.randrange(20)))
        game.apply(ev.RemoveToken("Used", game.state.tokens[-1].seat))
    game.apply(ev.StartNight())
    return game


async def bench_next_step(folder: Path) -> tuple[float, int, int]:
    import os

    os.environ["GRIMOIRE_HOME"] = str(folder / "home2")
    from grimoire.simulate import random_answer
    from grimoire.tui.app import GrimoireApp
    from grimoire.tui.view import CHOICE_KEYS, choice_items
    from night_order import AnswerKind

    game = big_game()
    events = len(game.events)
    rng = random.Random(5)
    times = []
    app = GrimoireApp(game=game)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(3):  # the night, three times over (undo back to dusk between)
            start_len = len(game.events)
            while game.prompt is not None:
                prompt = game.prompt
                if prompt.kind is AnswerKind.ACK:
                    keys = ["n"]
                elif prompt.kind in (AnswerKind.PLAYER, AnswerKind.CHOICE):
                    items = [v for _, v in choice_items(game, prompt)]
                    value = random_answer(prompt, game, rng)
                    if items.index(value) >= len(CHOICE_KEYS):
                        screen.session.answer(value)
                        continue
                    keys = [CHOICE_KEYS[items.index(value)]]
                else:
                    screen.session.answer(random_answer(prompt, game, rng))
                    continue
                t0 = time.perf_counter()
                await pilot.press(*keys)
                await pilot.pause()
                times.append(time.perf_counter() - t0)
            await app.workers.wait_for_complete()
            while len(game.events) > start_len:
                game.undo()
            screen.refresh_view()
            await pilot.pause()
    return statistics.median(times), len(times), events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bare, ours = bench_start(args.runs, folder)
        ratio = ours / bare
        print(f"start to first frame (median of {args.runs}): bare {bare * 1000:.0f} ms, "
              f"grimoire with 15 seats {ours * 1000:.0f} ms: {ratio:.2f}x (target 1.25x) "
              f"{'OK' if ratio <= 1.25 else 'OVER'}")
        median, n, events = asyncio.run(bench_next_step(folder))
        print(f"next-step key to refreshed screen, 20 seats, {events} events (median of {n}): "
              f"{median * 1000:.1f} ms: {median * 1000 / 16:.2f}x the 16 ms target "
              f"{'OK' if median < 0.016 else 'OVER'}")


if __name__ == "__main__":
    main()
