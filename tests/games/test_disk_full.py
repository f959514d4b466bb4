"""An assistant game whose autosave fails (the disk full): the same banner as the grimoire's, and
neither leaving the game nor quitting loses its last actions without asking."""

from __future__ import annotations

import errno
import os
import tomllib
from pathlib import Path

import pytest
from pilot_keys import type_text, until

from grimoire.games import persist
from grimoire.games.maumau import save
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.unsaved import UnsavedQuit
from grimoire.tui.widgets.unsaved import UnsavedBanner

from .helpers import SIZE, opened
from .maumau.test_maumau_screen import new_game, screen_of, type_in


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The games' autosave folder is full while the list holds True."""
    full: list[bool] = []
    real = persist.write_atomic
    folder = persist.autosave_path(save.KEY).parent

    def write(path: Path, text: str, backup: bool = True) -> Path:
        if full and Path(path).parent == folder:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(path, text, backup)

    monkeypatch.setattr(persist, "write_atomic", write)
    return full


async def draw_not_saved(pilot, full_disk: list[bool]):  # type: ignore[no-untyped-def]
    await opened(pilot)
    screen = screen_of(pilot.app)
    await new_game(pilot, "Ann, Ben", "3")
    await type_in(pilot, "t", "red axe")
    full_disk.append(True)
    await pilot.press("d")  # Ben draws
    banner = screen.query_one(UnsavedBanner)
    await until(pilot, lambda: banner.display, "the banner")
    assert "NOT SAVED: 1 change" in str(banner.render())
    return screen


@pytest.mark.slow
async def test_leaving_a_game_not_saved_asks_and_saving_elsewhere_keeps_it(full_disk: list[bool], tmp_path: Path) -> None:
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        screen = await draw_not_saved(pilot, full_disk)
        await pilot.press("escape")  # back to the menu: the game would be let go
        await until(pilot, lambda: isinstance(app.screen, UnsavedQuit), "the question")
        await pilot.press("escape")  # stay
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, UnsavedQuit), "the question")
        copy = tmp_path / "maumau.toml"
        await pilot.press("ctrl+u")
        await type_text(pilot, str(copy))
        await pilot.press("enter")
        await until(pilot, lambda: screen not in app.screen_stack, "the game to close")
    data = tomllib.loads(copy.read_text(encoding="utf-8"))
    assert data["game"] == save.KEY and data["log"][-1].startswith("Ben draws")
    assert app.rescued == [copy]


async def test_quitting_a_game_not_saved_asks_and_ctrl_l_loses_it(full_disk: list[bool]) -> None:
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await draw_not_saved(pilot, full_disk)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, UnsavedQuit), "the question")
        assert "Vampir Mau Mau is NOT saved" in str(app.screen.query_one("#pick-title").render())
        await pilot.press("ctrl+l")
        await until(pilot, lambda: app.return_code is not None, "the app to quit")
    assert not persist.load(save.KEY, save.FORMAT, save.from_dict).log[-1].startswith("Ben draws")
