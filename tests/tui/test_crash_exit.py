"""An app that ends on an unexpected exception never ends the process with code 0 (issue #28),
and the game's last action is on disk when it has ended."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from grimoire.store.library import create_game
from grimoire.store.saves import load_game

from .helpers import first_night

ROOT = Path(__file__).resolve().parents[2]

# ``grimoire play SAVE`` as the command runs it (python -m grimoire), headless, with a bug
# planted: at the first frame, a step of the night is answered, then something raises.
PLAY_AND_FAIL = """
import random, runpy, sys
from textual.app import App
from grimoire.simulate import random_answer
from grimoire.tui.app import GrimoireApp

def headless(self, *args, **kwargs):
    return App.run(self, headless=True, size=(80, 24))

def a_bug(self):
    session = self.screen.session
    session.answer(random_answer(session.game.prompt, session.game, random.Random(0)))
    raise RuntimeError("a bug after an action")

GrimoireApp.run = headless
GrimoireApp._first_frame_drawn = a_bug
sys.argv = ["grimoire", "play", sys.argv[1]]
runpy.run_module("grimoire", run_name="__main__")
"""


def run_failing(script: str, path: Path, planted: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)
    assert planted in done.stdout + done.stderr  # it did fail, as planted
    return done


def test_an_exception_ends_the_process_non_zero_with_the_last_action_saved() -> None:
    game = first_night()
    path = create_game(game.setup, game.events)
    before = len(load_game(path).events)
    done = run_failing(PLAY_AND_FAIL, path, "a bug after an action")
    assert done.returncode != 0, done.stderr[-2000:]
    assert len(load_game(path).events) == before + 1  # the action before the failure is saved


SQUARE_FAILS = """
import runpy, sys
from textual.app import App
from grimoire.tui.townsquare import TownSquareApp

def headless(self, *args, **kwargs):
    return App.run(self, headless=True, size=(80, 24))

def a_bug(self):
    raise RuntimeError("a bug in the town square")

TownSquareApp.run = headless
TownSquareApp.on_ready = a_bug
sys.argv = ["grimoire", "townsquare", sys.argv[1]]
runpy.run_module("grimoire", run_name="__main__")
"""


@pytest.mark.slow  # the crash's exit code: the other test here
def test_the_town_square_failing_ends_the_process_non_zero() -> None:
    game = first_night()
    path = create_game(game.setup, game.events)
    done = run_failing(SQUARE_FAILS, path, "a bug in the town square")
    assert done.returncode != 0, done.stderr[-2000:]
