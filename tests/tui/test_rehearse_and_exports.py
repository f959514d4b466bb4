"""Rehearsal from the start screen, the session log and a scenario file from the grimoire."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from pilot_keys import type_text, until

from grimoire.scenario.format import parse_scenario
from grimoire.scenario.run import run_scenario
from grimoire.store.saves import load_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.table import GrimoireScreen

from .helpers import export_by_keys


@pytest.fixture(autouse=True)
def home(monkeypatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


async def test_rehearse_from_the_start_screen_saves_apart(home: Path) -> None:
    app = GrimoireApp()
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("ctrl+u", *"9", "enter")
        await until(pilot, lambda: isinstance(app.screen, GrimoireScreen))
        screen = app.screen
        assert len(screen.game.state.seats) == 9 and screen.game.prompt.step == "dusk"
        await pilot.press("n")
        await app.autosave_done()
        await pilot.pause()
    assert (home / "rehearsal.toml").exists()
    assert not (home / "autosave.toml").exists()
    assert len(load_game(home / "rehearsal.toml").events) == len(screen.game.events)


async def test_a_bad_rehearsal_answer_is_explained() -> None:
    app = GrimoireApp()
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("ctrl+u", *"3", "enter")
        await pilot.pause()
        assert "5 to 15 players" in (app.screen.problem or "")


async def play_a_night(pilot, app) -> GrimoireScreen:
    await pilot.press("h")
    await pilot.pause()
    await pilot.press("ctrl+u", *"7", "enter")
    await until(pilot, lambda: isinstance(app.screen, GrimoireScreen))
    screen = app.screen
    import random

    from grimoire.simulate import random_answer

    rng = random.Random(3)
    while screen.game.prompt is not None:
        screen.session.answer(random_answer(screen.game.prompt, screen.game, rng))
    await pilot.pause()
    return screen


async def test_export_the_session_log_by_keys(tmp_path: Path) -> None:
    out = tmp_path / "night.html"
    app = GrimoireApp()
    async with app.run_test(size=(140, 45)) as pilot:
        await play_a_night(pilot, app)
        page = await export_by_keys(pilot, "html", out)
    assert page.startswith("<!doctype html>") and "Night 1" in page


@pytest.mark.slow  # a file written by keys: test_export_the_session_log_by_keys
async def test_save_as_scenario_by_keys_replays(tmp_path: Path) -> None:
    out = tmp_path / "tricky.toml"
    app = GrimoireApp()
    async with app.run_test(size=(140, 45)) as pilot:
        screen = await play_a_night(pilot, app)
        await pilot.press("W")
        await pilot.pause()
        await pilot.press("ctrl+u")
        await type_text(pilot, str(out))
        await pilot.press("enter")
        await until(pilot, out.exists)
        state = screen.game.state
    outcome = run_scenario(parse_scenario(tomllib.loads(out.read_text(encoding="utf-8"))))
    assert outcome.passed, outcome.failures
    assert outcome.game is not None and outcome.game.state == state


@pytest.mark.slow  # an export by keys: test_export_the_session_log_by_keys
async def test_the_notice_names_the_written_file_as_typed(tmp_path: Path) -> None:
    # Notices are plain words: a path with brackets is shown as it is, with no escape added.
    out = tmp_path / "[b]night[/]" / "log.md"
    app = GrimoireApp()
    async with app.run_test(size=(140, 45), notifications=True) as pilot:
        await play_a_night(pilot, app)
        await pilot.press("E")
        await pilot.pause()
        await pilot.press("enter")  # Markdown
        await pilot.pause()
        await pilot.press("ctrl+u", *str(out), "enter")
        await until(pilot, lambda: any("Wrote" in n.message for n in app._notifications))
        assert [n.message for n in app._notifications if "Wrote" in n.message] == [f"Wrote {out}"]
