"""Rehearsal games: a random legal table, or the table a scenario file sets up, opened at the
first night. A rehearsal autosaves to its own file and never touches a real game's autosave."""

from __future__ import annotations

from pathlib import Path

from grimoire.core import events as ev
from grimoire.core.script import MAIN
from grimoire.game import Game
from grimoire.simulate import random_table


class RehearsalError(ValueError):
    pass


def random_rehearsal(players: int, seed: int | None = None, script: str = MAIN) -> Game:
    """A random legal table of ``script`` (a built-in id or a script file's path)."""
    from grimoire.core.script import ScriptError
    from grimoire.core.setup import SetupError

    if not 5 <= players <= 15:
        raise RehearsalError(f"--players {players}: a table has 5 to 15 players (Travellers aside)")
    try:
        table = random_table(players, seed=seed, script=script)
    except (ScriptError, SetupError, OSError) as exc:
        raise RehearsalError(str(exc)) from None
    game = Game(table)
    game.apply(ev.StartNight())
    return game


def scenario_rehearsal(path: str | Path) -> Game:
    from grimoire.scenario.format import ScenarioError, load_scenario

    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:
        raise RehearsalError(f"{path}: {exc}") from None
    game = Game(scenario.setup)
    game.apply(ev.StartNight())
    return game
