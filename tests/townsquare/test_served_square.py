"""The square a player's browser runs: no key or command changes the game, opens or writes a
file, or shows anything but the square (nor the path of the storyteller's file)."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import Static

from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store.saves import save_game
from grimoire.tui.served_square import PlayersSquareApp

from pilot_keys import until

KEYS = ["q", "ctrl+q", "ctrl+c", "ctrl+p", "ctrl+s", "ctrl+z", "ctrl+backslash", "f1", "escape",
        "enter", "space", "tab", "shift+tab", "s", "u", "e", "n", "ctrl+e", "ctrl+o", "ctrl+x",
        "up", "down", "pageup", "pagedown", "home", "end"]


def files_under(*folders: Path) -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for folder in folders for p in folder.rglob("*") if p.is_file()}


async def test_no_key_changes_anything_nor_leaves_the_square(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "game" / "Meg's table.toml"
    save.parent.mkdir()
    save_game(Game(random_table(7, seed=4)), save)
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # where a screenshot or download would go
    before = files_under(tmp_path)
    app = PlayersSquareApp(save)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: app.view is not None, "the game shown")
        assert list(app.get_system_commands(app.screen)) == []
        assert not app.use_command_palette
        for key in KEYS:
            await pilot.press(key)
        await pilot.pause()
        assert app.is_running and app.return_code is None
        assert len(app.screen_stack) == 1 and app.screen is app.screen_stack[0]
        for action in ("quit", "screenshot", "command_palette", "help_quit", "suspend_process", "change_theme"):
            assert app.check_action(action, ()) is False
        assert app.deliver_screenshot() is None
        status = str(app.query_one("#status", Static).render())
        assert "Meg" not in status and str(tmp_path) not in status
    assert files_under(tmp_path) == before
    assert os.listdir(work) == []
