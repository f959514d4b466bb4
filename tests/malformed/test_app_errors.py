"""In the app, a damaged file is a line on the start screen, never a crash: the library lists
it as damaged, resume passes it by, ``play FILE`` opens the start screen with the problem, and
the town square says only that it is damaged."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grimoire import cli
from grimoire.store import library
from grimoire.tui import app as app_module
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.start import StartScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.townsquare import TownSquareApp

from .files import save_data, write_save
from .mutate import dump

SIZE = (140, 45)
DEEP = 100_000


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("GRIMOIRE_HOME", str(home))
    return home


def _deep_save(folder: Path, name: str = "deep.toml") -> Path:
    text = dump(save_data("x05_managers_substitute_at_execution"), json_file=False)
    return write_save(folder, text.replace('title = "', "deep = " + "[" * DEEP + "]" * DEEP + '\ntitle = "', 1), name)


async def _settle(pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_the_start_screen_lists_a_deep_save_as_damaged_and_resumes_the_good_one() -> None:
    good = write_save(library.games_dir(), save_data("s13_primadonna_executed"), "2024-01-01 good.toml")
    deep = _deep_save(library.games_dir(), "2024-01-02 deep.toml")
    os.utime(good, (1_000_000, 1_000_000))  # the deep one was changed last
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await _settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, StartScreen)
        by_path = {e.path: e for e in screen.entries}
        assert by_path[deep].damaged and "nested more than 64 deep" in (by_path[deep].problem or "")
        assert not by_path[good].damaged
        await pilot.press("r")
        await _settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen)
        assert pilot.app.autosave_path() == good


async def test_play_with_a_deep_save_opens_the_start_screen_with_the_problem(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    deep = _deep_save(tmp_path)
    before = deep.read_bytes()
    apps: list[GrimoireApp] = []
    monkeypatch.setattr(app_module.GrimoireApp, "run", lambda self: apps.append(self))
    assert cli.main(["play", str(deep)]) == 0
    async with apps[-1].run_test(size=SIZE) as pilot:
        await _settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        problem = str(pilot.app.screen.query_one("#start-problem").render())
        assert "nested more than 64 deep" in problem and "left as it is" in problem
    assert deep.read_bytes() == before


async def test_the_town_square_on_a_deep_save_says_it_is_damaged(tmp_path: Path) -> None:
    deep = _deep_save(tmp_path)
    app = TownSquareApp(deep)
    async with app.run_test(size=(120, 36)) as pilot:
        await _settle(pilot)
        assert "the saved game is damaged" in str(app.query_one("#status").render())
