"""``grimoire play SAVE`` loads what its first frame needs and nothing more: no assistant game,
no server for the players' pages, no export, no official data (each loads when first used).
The command run as the bench runs it (tests/bench/bench_app.py), in a fresh interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store.saves import save_game

ROOT = Path(__file__).resolve().parents[2]
PLAY = """
import atexit, sys
atexit.register(lambda: print("\\n".join(sorted(sys.modules))))
from grimoire.cli import main
main(["play", sys.argv[1]])
"""
NOT_AT_START = ("grimoire.web", "grimoire.present.export", "grimoire.store.official_data", "grimoire.games.mummy",
                "grimoire.games.voice", "grimoire.games.maumau", "grimoire.scenario", "aiohttp", "segno",
                # A Phantom game loads no other script's rules: the registry asks each plug-in that comes
                # before the Phantom's (by their entry points' names) whether it plays the script, so
                # Bad Moon Rising's plug-in object is made, and nothing of its rules.
                "grimoire.rules.tb", *(f"grimoire.rules.bmr.{module.stem}" for module in
                                       (ROOT / "grimoire" / "rules" / "bmr").glob("*.py")
                                       if module.stem not in ("__init__", "plugin")),
                "importlib.metadata", "email", "zipfile",  # the plug-ins' entry points are read without them
                "grimoire.core.official",  # the official data's reading: a game with no visitor needs none
                "grimoire.core.setup",  # the setup's counts, brackets and random bags: the setup screen's
                "hashlib", "secrets",  # a script from a file's content key, a vote's key (and OpenSSL's pages)
                "argparse", "grimoire.cli_parser",  # the other commands' parser: the app's are read without it
                "concurrent.futures.thread",  # asyncio's thread pool: the start's file jobs have a thread of their own
                "grimoire.tui.palette",  # nor as the app ends, with no palette opened: no search to end
                "encodings.utf_8_sig",  # a save's byte-order mark is removed without that codec
                "grimoire.tui.screens.player_card",  # a card's screen, until a card is shown
                "grimoire.store.live_table")  # the players' pages' vote and timer, until one is shown


def test_the_first_frame_loads_only_what_it_draws(tmp_path: Path) -> None:
    game = Game(random_table(15, seed=1, script="phantom"))
    game.apply(ev.StartNight())
    save = save_game(game, tmp_path / "fifteen.toml")
    env = {**os.environ, "GRIMOIRE_EXIT_AFTER_FIRST_FRAME": "1", "COLUMNS": "140", "LINES": "45",
           "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, "-c", PLAY, str(save)], capture_output=True, text=True, env=env,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    loaded = set(run.stdout.split())
    assert "grimoire.tui.screens.table" in loaded  # the table was drawn
    early = sorted(m for m in loaded if m.startswith(NOT_AT_START))
    assert not early, f"loaded before the first frame: {early}"


KEYS = """
import asyncio, sys
from pathlib import Path
from grimoire.store.saves import load_game
from grimoire.tui.app import GrimoireApp

async def main():
    app = GrimoireApp(game=load_game(Path(sys.argv[1])))
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        print("read_only" if "grimoire.tui.screens.read_only" in sys.modules else "none")

asyncio.run(main())
"""


def test_a_key_at_the_table_loads_no_read_only_screen(tmp_path: Path) -> None:
    # Every key's action is asked whether a read-only screen refuses it: the question needs
    # none of the read-only screens (the first key of a game loaded them, a few milliseconds).
    game = Game(random_table(8, seed=1, script="phantom"))
    game.apply(ev.StartNight())
    save = save_game(game, tmp_path / "eight.toml")
    env = {**os.environ, "GRIMOIRE_HOME": str(tmp_path / "home"),
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, "-c", KEYS, str(save)], capture_output=True, text=True, env=env,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[-1] == "none", run.stdout
