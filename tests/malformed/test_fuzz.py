"""Mutated saves, scripts and scenarios: each is refused with a clear error (our error type,
naming the file) or opens in every command without an exception.

Sixty-five cases in all by default; 2,000 of each under HYPOTHESIS_PROFILE=deep.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import random
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from grimoire.core import script as script_module
from grimoire.core.script import parse_script, read_json
from grimoire.core.setup import SetupError as DealError
from grimoire.game import Game, SetupError
from grimoire.rehearse import RehearsalError, scenario_rehearsal
from grimoire.scenario.format import ScenarioError, load_scenario
from grimoire.scenario.run import run_file
from grimoire.simulate import play_random, random_table
from grimoire.store.saves import load_game, save_game
from grimoire.validate import validate_path

from .files import HARBOUR, SCENARIOS, SCRIPTS, save_data
from .mutate import dump, mutate
from .opens import opens_everywhere, play, script_opens

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"


def cases(default: int) -> settings:
    return settings(max_examples=2000 if DEEP else default, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


# Games at every stage: set up, at night, by day, over; Managers, Mirror, travellers, tokens.
SAVES = ("x05_managers_substitute_at_execution", "s01_mmb_to_mirror_keeper", "s13_primadonna_executed",
         "x02_managers_option_b_evil_townsfolk", "s18_christine_unmasks", "s08_mirror_target_dead", HARBOUR)
SCENARIO_FILES = ("x05_managers_substitute_at_execution", "s01_mmb_to_mirror_keeper", "format_example",
                  "x02_managers_option_b_evil_townsfolk", "s13_primadonna_executed")
_counter = itertools.count()


def _fresh(folder: Path, suffix: str) -> Path:
    # A new name each time: loaded scripts are cached by path.
    return folder / f"case{next(_counter)}{suffix}"


def _mutated_file(draw: st.DrawFn, data: Any, json_file: bool, folder: Path) -> Path:
    """One to three mutations of ``data``, written to a new file."""
    changes = []
    for _ in range(draw(st.integers(1, 3))):
        data, change = mutate(draw, data, json_file)
        changes.append(change)
    note(changes)
    path = _fresh(folder, ".json" if json_file else ".toml")
    path.write_text(dump(data, json_file), encoding="utf-8")
    return path


def refused_clearly(path: Path) -> bool:
    """validate's verdict: True when it refuses the file, each problem naming it."""
    problems = validate_path(str(path))
    for problem in problems:
        assert str(path) in problem, problem
        assert "Traceback" not in problem
    return bool(problems)


def accepted(path: Path) -> bool:
    """validate accepts the file (counted, for the statistics)."""
    refused = refused_clearly(path)
    event("refused" if refused else "opens")
    return not refused


@cases(25)
@given(st.sampled_from(SAVES), st.data())
def test_a_mutated_save_is_refused_or_opens_everywhere(tmp_path_factory, base: str, data: st.DataObject) -> None:
    path = _mutated_file(data.draw, save_data(base), False, tmp_path_factory.getbasetemp())
    if accepted(path):
        opens_everywhere(path)
    path.unlink()


@functools.cache
def _script_data(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@cases(25)
@given(st.sampled_from(SCRIPTS), st.data())
def test_a_mutated_script_is_refused_or_opens_everywhere(tmp_path_factory, base: Path, data: st.DataObject) -> None:
    path = _mutated_file(data.draw, _script_data(base), True, tmp_path_factory.getbasetemp())
    if accepted(path):
        script_opens(parse_script(read_json(path), source=str(path), script_id=path.stem))
        a_game_on(path, data.draw(st.integers(5, 15)), data.draw(st.integers(0, 2**16)))
    path.unlink()
    script_module._CACHE.pop(str(path), None)


def a_game_on(script: Path, players: int, seed: int) -> None:
    """A random table dealt from the script, played two nights, saved: the save opens."""
    try:
        game = Game(random_table(players, seed=seed, script=str(script)))
    except (DealError, SetupError) as exc:  # no legal table: the setup screen says why
        event("no table")
        assert str(exc)
        return
    event("a game")
    play_random(game, random.Random(seed), max_nights=2)
    saved = script.with_suffix(".toml")
    save_game(game, saved, backup=False)
    assert not refused_clearly(saved)
    opens_everywhere(saved)
    saved.unlink()


@functools.cache
def _scenario_data(name: str) -> dict[str, Any]:
    return tomllib.loads((SCENARIOS / f"{name}.toml").read_text(encoding="utf-8"))


@cases(15)
@given(st.sampled_from(SCENARIO_FILES), st.data())
def test_a_mutated_scenario_is_refused_or_runs(tmp_path_factory, base: str, data: st.DataObject) -> None:
    folder = tmp_path_factory.getbasetemp()
    path = _mutated_file(data.draw, _scenario_data(base), False, folder)
    try:
        load_scenario(path)
    except ScenarioError:
        refused = True
    else:
        refused = False
    event("refused" if refused else "opens")
    outcome = run_file(path)  # scenario run: failures, never an exception
    assert not refused or not outcome.passed
    try:
        game = scenario_rehearsal(path)  # rehearse
    except RehearsalError as exc:
        assert str(path) in str(exc)
    else:
        assert not refused
        play(game)
    if outcome.game is not None:  # scenario run --save-dir: the save it writes opens
        saved = _fresh(folder, ".toml")
        save_game(outcome.game, saved, backup=False)
        assert not refused_clearly(saved)
        opens_everywhere(saved)
        assert load_game(saved).events == outcome.game.events
        saved.unlink()
    path.unlink()


def test_the_bases_open_everywhere(tmp_path: Path) -> None:
    """The unbroken files pass: the mutations are what the fuzz tests find."""
    for name in SAVES:
        path = tmp_path / f"{name}.toml"
        path.write_text(dump(save_data(name), json_file=False), encoding="utf-8")
        assert not refused_clearly(path)
        opens_everywhere(path)
    for base in SCRIPTS:
        script_opens(parse_script(read_json(base), source=str(base)))
    for name in SCENARIO_FILES:
        assert run_file(SCENARIOS / f"{name}.toml").passed
        play(scenario_rehearsal(SCENARIOS / f"{name}.toml"))
