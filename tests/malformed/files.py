"""Saved games to break: real games played from the example scenarios, as TOML data."""

from __future__ import annotations

import functools
import random
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.scenario.run import run_file
from grimoire.simulate import play_random
from grimoire.store.saves import dumps

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "examples" / "scenarios"
SCRIPTS = (ROOT / "scripts" / "phantom.json", ROOT / "examples" / "scripts" / "harbour_lights.json")


@functools.cache
def _saved(scenario: str) -> str:
    outcome = run_file(SCENARIOS / f"{scenario}.toml")
    assert outcome.passed and outcome.game is not None, outcome.failures
    return dumps(outcome.game)


@functools.cache
def _harbour_saved() -> str:
    seats = [SeatSetup(name, character) for name, character in
             zip(("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"),
                 ("lamplighter", "tidewatcher", "ferryman", "stowaway", "wrecker", "maelstrom"))]
    game = Game(TableSetup(seats=seats, script=str(SCRIPTS[1]), bluffs=("beachcomber",)))
    return dumps(play_random(game, random.Random(7), max_nights=2))


HARBOUR = "harbour lights"  # a game on a script that is not the Phantom's


def save_data(scenario: str) -> dict[str, Any]:
    """A fresh copy of a scenario's final game (or HARBOUR's) as a save's data (safe to change)."""
    return tomllib.loads(_harbour_saved() if scenario == HARBOUR else _saved(scenario))


def write_save(folder: Path, data: dict[str, Any] | str, name: str = "game.toml") -> Path:
    path = folder / name
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else tomli_w.dumps(data), encoding="utf-8")
    return path
