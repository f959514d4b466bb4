"""Every command, with the official data file damaged, says so in one line: the file, what is
wrong, and how to mend it (``grimoire data restore`` when a backup is kept, ``grimoire data
update`` always), and ends non-zero; none prints a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grimoire.cli import main
from grimoire.core import events as ev
from grimoire.core import official as official_module
from grimoire.core import script as script_module
from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store.official_data import import_from
from grimoire.store.paths import official_backup_path, official_data_path
from grimoire.store.saves import save_game

from .conftest import STAND_IN, TB, write_release

SCENARIO = """title = "Trouble Brewing by name"
script = "tb"
strict_setup = false
[setup]
seats = [
  { name = "Ann", character = "imp" },
  { name = "Ben", character = "washerwoman" },
  { name = "Cat", character = "chef" },
  { name = "Dan", character = "poisoner" },
  { name = "Eve", character = "monk" },
]
"""


def _fails_checks(text: str) -> str:
    held = json.loads(text)
    held["files"]["jinxes.json"] = "[]"
    return json.dumps(held)


DAMAGE = {
    "not JSON": lambda text: '{"files": 3',
    "not the data's shape": lambda text: '{"files": {}}',
    "failing the checks": _fails_checks,
}


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Games and files made while the data was good: a Trouble Brewing game, a Phantom game
    with an official Fabled and Traveller, a scenario of Trouble Brewing by name."""
    folder = tmp_path_factory.mktemp("kept")
    home = folder / "home"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRIMOIRE_HOME", str(home))
        import_from(write_release(folder / "release", source=STAND_IN))
        tb = save_game(Game(random_table(7, seed=1, script="tb")), folder / "tb.toml")
        visitors = Game(random_table(7, seed=1, script="phantom"))
        visitors.apply(ev.StartNight())
        visitors.apply(ev.PlaceFabled("oldmoon"))
        visitors.apply(ev.AddTraveller("Pat", "pilgrim", "good", 0))
        visited = save_game(visitors, folder / "visitors.toml")
    scenario = folder / "tb_by_name.toml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    return {"release": folder / "release", "tb": tb, "visitors": visited, "scenario": scenario}


def _commands(kept: dict[str, Path]) -> list[list[str]]:
    tb, visitors = str(kept["tb"]), str(kept["visitors"])
    return [
        ["sheet", "--script", "tb"],
        ["rehearse", "--script", "tb", "--players", "7"],
        ["rehearse", str(kept["scenario"])],
        ["sheet", "--script", str(TB)],
        ["sheet", tb],
        ["sheet", visitors],
        ["export", tb],
        ["export", visitors, "--format", "json"],
        ["export", visitors, "--format", "html"],
        ["validate", str(TB)],
        ["scenario", "run", str(kept["scenario"])],
    ]


def _damage(kept: dict[str, Path], how: str, backup: bool) -> None:
    import_from(kept["release"])
    if backup:  # a second import keeps the first as the backup
        roles = json.loads((kept["release"] / "roles.json").read_text(encoding="utf-8"))
        roles[0]["name"] = "Renamed"
        newer = write_release(kept["release"].parent / "newer", source=STAND_IN)
        (newer / "roles.json").write_text(json.dumps(roles), encoding="utf-8")
        import_from(newer)
        assert official_backup_path().is_file()
    path = official_data_path()
    path.write_text(DAMAGE[how](path.read_text(encoding="utf-8")), encoding="utf-8")
    # Each command starts a new process: nothing read from the good data is kept (a game in
    # play keeps its script and visitors when the data is damaged since; a command has none).
    for key in [k for k, s in script_module._CACHE.items() if s.official_stamp]:
        del script_module._CACHE[key]
    official_module._LOADED.clear()


@pytest.mark.parametrize("how", list(DAMAGE))
def test_every_command_says_the_data_is_damaged_in_one_line(kept, how: str, capsys) -> None:
    _damage(kept, how, backup=True)
    capsys.readouterr()
    for argv in _commands(kept):
        assert main(argv) != 0, argv
        out, err = capsys.readouterr()
        said = (out + err).strip()
        assert "Traceback" not in said, argv
        line = [text for text in said.splitlines() if str(official_data_path()) in text]
        assert len(line) == 1, (argv, said)
        assert "`grimoire data restore` brings back the data kept before the last import or update, or " \
               "`grimoire data update` fetches it again" in line[0], (argv, said)


def test_without_a_backup_the_mend_is_to_fetch_the_data_again(kept, capsys) -> None:
    _damage(kept, "not JSON", backup=False)
    capsys.readouterr()
    assert main(["sheet", "--script", "tb"]) == 1
    assert capsys.readouterr().err == (
        f"grimoire: Trouble Brewing ('tb'): the official data: {official_data_path()}: damaged (not the data "
        "Grimoire keeps); `grimoire data update` fetches it again\n"
    )


async def test_play_opens_the_start_screen_with_the_problem(kept, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from grimoire.tui import app as app_module
    from grimoire.tui.screens.start import StartScreen

    _damage(kept, "not JSON", backup=True)
    apps: list[app_module.GrimoireApp] = []
    monkeypatch.setattr(app_module.GrimoireApp, "run", lambda self: apps.append(self))
    assert main(["play", str(kept["visitors"])]) == 0
    async with apps[-1].run_test(size=(140, 45)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(pilot.app.screen, StartScreen)
        problem = str(pilot.app.screen.query_one("#start-problem").render())
        assert f"Travellers and Fabled come from the official data: {official_data_path()}: damaged" in problem


async def test_the_setup_says_the_data_is_damaged_when_a_fabled_is_asked_for(kept) -> None:  # type: ignore[no-untyped-def]
    from grimoire.tui.app import GrimoireApp
    from grimoire.tui.screens.setup import SetupScreen

    _damage(kept, "not JSON", backup=False)
    async with GrimoireApp().run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = SetupScreen(seed=1, names=("Ann", "Ben", "Cat", "Dan", "Eve"))
        pilot.app.push_screen(screen)
        await pilot.pause()
        await pilot.press("escape", "F")  # from the names to the seats, then the Fabled
        await pilot.pause()
        assert pilot.app.screen is screen
        said = [n.message for n in pilot.app._notifications]
        assert any(f"come from the official data: {official_data_path()}: damaged" in m for m in said), said


def test_a_game_in_play_keeps_its_travellers_and_fabled_when_the_data_is_damaged_since(kept) -> None:
    from grimoire.core.public import public_view
    from grimoire.present.export import FORMATS
    from grimoire.store.saves import load_game

    import_from(kept["release"])
    game = load_game(kept["visitors"])
    official_data_path().write_text("{", encoding="utf-8")  # damaged while the game is open
    assert "Old Moon" in FORMATS["md"](game) and "Pilgrim" in FORMATS["md"](game)
    assert public_view(game.state).fabled == ("Old Moon",)
    game.apply(ev.RemoveFabled("oldmoon"))  # the table goes on as it was
    assert "oldmoon" not in game.state.fabled
