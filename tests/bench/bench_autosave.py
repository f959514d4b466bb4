"""Benchmark (not a test): what one autosave costs per action, in each game and the grimoire.

    .venv/bin/python tests/bench/bench_autosave.py [--actions 200] [--runs 3]

Each game is opened headless (140x45) in a throwaway Grimoire home, played to a middling
position, and then asked to autosave after each of ``--actions`` actions, as its screen does
after a change (Night of the Mummy's table ``_autosave``, Vampir Mau Mau's ``_autosave``, Voice
of the Mummy's ``_autosave``; the grimoire's ``GrimoireApp.autosave`` on a 12-seat game of
~300 events). Between two actions the app is left idle for a few milliseconds, as between two
key presses, so the writing happens where it would.

Two figures per action, medians of ``--runs`` runs:

- **UI**: the wall time of the call itself, on the app's thread: what the storyteller waits
  for before the next frame can start (the hand-over: copying the state, numbering it, starting
  a worker or waking the writer).
- **CPU**: the process's CPU time over the whole loop (writer thread included: the TOML, the
  atomic write with its backup) less the same loop with no autosave, per action.

It prints the figures and their ratios to the grimoire's, so that two versions of the code can be
compared on one machine (run it on each; the ratios travel, the milliseconds do not).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

IDLE = 0.004  # seconds between two actions


async def _quiet(app: Any) -> None:
    for _ in range(200):
        busy = [w for w in app.workers if w.group in ("autosave", "autosave-read")]
        if not busy and not _behind(app):
            return
        await asyncio.sleep(0.005)


def _behind(app: Any) -> bool:
    for screen in app.screen_stack:
        saver = getattr(screen, "_saver", None)
        if saver is not None and (getattr(saver, "pending", False) or getattr(saver, "behind", False)):
            return True
    return any(getattr(s, "behind", False) for s in getattr(app, "_savers", {}).values())


async def _measure(app: Any, save: Any, step: Any, actions: int) -> tuple[float, float]:
    """Per action: the call's wall time (ms), and the CPU time beyond an idle loop (ms)."""
    await _quiet(app)
    cpu0 = time.process_time()
    for _ in range(actions):
        step()
        await asyncio.sleep(IDLE)
    await _quiet(app)
    idle_cpu = time.process_time() - cpu0
    calls = []
    cpu0 = time.process_time()
    for _ in range(actions):
        step()
        t0 = time.perf_counter()
        save()
        calls.append(time.perf_counter() - t0)
        await asyncio.sleep(IDLE)
    await _quiet(app)
    cpu = time.process_time() - cpu0 - idle_cpu
    return statistics.median(calls) * 1000, max(cpu, 0.0) / actions * 1000


async def bench_voice(actions: int) -> tuple[float, float]:
    from grimoire.games.voice import rules
    from grimoire.games.voice.screen import VoiceScreen
    from grimoire.tui.app import GrimoireApp

    app = GrimoireApp(mode="voice")
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, VoiceScreen):
            await pilot.press("escape")  # the new game's setup: the game is set below
            await pilot.pause()
        screen = app.screen
        rng = random.Random(3)
        tomb = rules.new_tomb(("red", "yellow", "blue"), ("Ann", "Ben", "Cy"))
        history = []
        for _ in range(60):  # a game well under way, with its undo history
            for change in (lambda t: rules.record_throw(t, 3), rules.collect_jewel,
                           lambda t: rules.next_explorer(t, 1)):
                try:
                    after = change(tomb)
                except rules.RuleError:
                    continue
                history.append(tomb)
                tomb = after
        screen.history[:] = history
        screen.tomb = tomb
        state = {"tomb": tomb}

        def step() -> None:
            before = state["tomb"]
            after = rules.next_explorer(before, rng.choice((1, -1)))
            screen.history.append(before)
            state["tomb"] = after
            screen.set_reactive(VoiceScreen.tomb, after)  # no save yet: that is what is timed

        return await _measure(app, lambda: screen._autosave(screen.tomb), step, actions)


async def bench_maumau(actions: int) -> tuple[float, float]:
    from grimoire.games.maumau import rules
    from grimoire.games.maumau.screen import MauMauScreen
    from grimoire.tui.app import GrimoireApp

    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, MauMauScreen))
        game = rules.new_game(("Ann", "Ben", "Cy", "Di"), 5)
        game = rules.apply(game, rules.StartDiscard((rules.Card("mau", "red", "axe"),)))
        history: list[Any] = [None]
        for n in range(120):  # two deals' worth of plays and draws
            history.append(game)
            game = rules.apply(game, rules.Draw() if n % 3 else rules.SetTurn(n % 4))
        screen._history[:] = history
        screen.set_reactive(MauMauScreen.game, game)
        state = {"n": 0}

        def step() -> None:
            state["n"] += 1
            screen._history.append(screen.game)
            screen.set_reactive(MauMauScreen.game, rules.apply(screen.game, rules.Draw()))

        return await _measure(app, screen._autosave, step, actions)


async def bench_mummy(actions: int) -> tuple[float, float]:
    from grimoire.games.mummy import rules
    from grimoire.games.mummy.table import TableScreen
    from grimoire.tui.app import GrimoireApp

    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        players = ("Ann", "Ben", "Cy", "Di", "Eve", "Fay")
        dealt = ("mummy", "phantom", "sarcophagus", "archeologist", "cat_burglar", "anubis")
        mystery = ("gargoyle",)
        setup = rules.MasqueradeSetup(players, dealt + mystery, mystery, dealt)
        game = rules.MasqueradeGame(setup, turn=0)
        saver = app.screen._saver
        table = TableScreen(game, random.Random(7), saver, log=[f"line {n} of the party" for n in range(150)])
        await app.push_screen(table)
        await pilot.pause()
        rng = random.Random(5)

        def step() -> None:
            asker = table.game.turn or 0
            target = rng.choice([s for s in range(len(players)) if s != asker])
            after = rules.inquire(table.game, asker, target, rng.choice(dealt))
            history = getattr(table, "history", None)
            if history is not None:
                history.append(table.game)
            table._game = after  # no save yet: that is what is timed
            table._log.said.append(f"{players[asker]} asks {players[target]}.")

        return await _measure(app, table._autosave, step, actions)


async def bench_grimoire(actions: int) -> tuple[float, float]:
    from grimoire.core import events as ev
    from grimoire.game import Game
    from grimoire.simulate import random_answer, random_table
    from grimoire.tui.app import GrimoireApp

    game = Game(random_table(12, seed=3, script="phantom"))
    rng = random.Random(3)
    game.apply(ev.StartNight())
    while len(game.events) < 300 and game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    app = GrimoireApp(game=game)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await app.autosave_done()
        undone = []

        def step() -> None:  # the log changes at its end, as with each step of the night
            if undone:
                undone.pop()
                game.redo()
            else:
                undone.append(game.undo())

        return await _measure(app, lambda: app.autosave(game), step, actions)


BENCHES = {"grimoire": bench_grimoire, "mummy": bench_mummy, "maumau": bench_maumau, "voice": bench_voice}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    results: dict[str, tuple[float, float]] = {}
    for name, bench in BENCHES.items():
        runs = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as home:  # no autosave left from the run before
                os.environ["GRIMOIRE_HOME"] = os.environ["XDG_CONFIG_HOME"] = home
                runs.append(asyncio.run(bench(args.actions)))
        results[name] = (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))
    ui0, cpu0 = results["grimoire"]
    print(f"{'':10} {'UI ms':>8} {'CPU ms':>8} {'UI ×grimoire':>13} {'CPU ×grimoire':>14}")
    for name, (ui, cpu) in results.items():
        print(f"{name:10} {ui:8.3f} {cpu:8.3f} {ui / ui0:13.2f} {cpu / cpu0:14.2f}")


if __name__ == "__main__":
    main()
