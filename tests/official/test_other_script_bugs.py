"""The bugs a non-Phantom script met: the title, the export, the save's script, the sheet's markup."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from grimoire.cli import main
from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.store.export import to_html, to_markdown
from grimoire.store.saves import load_game, save_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.widgets.title import TitleBar

ROOT = Path(__file__).resolve().parents[2]
HARBOUR = ROOT / "examples" / "scripts" / "harbour_lights.json"
SEATS = (("Ann", "lamplighter"), ("Ben", "tidewatcher"), ("Cat", "ferryman"), ("Dan", "wrecker"), ("Eve", "maelstrom"))


def harbour_game(script: str | Path = HARBOUR) -> Game:
    setup = TableSetup(seats=[SeatSetup(n, c) for n, c in SEATS], script=str(script), artifacts=())
    game = Game(setup)
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(None)
    return game


def test_the_sheet_renders_the_scripts_markup(capsys) -> None:
    assert main(["sheet", "--script", str(HARBOUR), "--characters", "lamplighter,wrecker", "--first"]) == 0
    out = capsys.readouterr().out
    assert "Lamplighter" in out and "*" not in out


def test_the_sheet_renders_official_style_markup(tmp_path) -> None:
    from grimoire.core.markup import plain

    assert plain("Point to the *TOWNSFOLK* player. :reminder:") == "Point to the TOWNSFOLK player. [reminder]"


def test_the_export_of_a_script_without_artifacts_names_none() -> None:
    game = harbour_game()
    md = to_markdown(game)
    html = to_html(game)
    assert "Harbour Lights" in md and "Harbour Lights" in html
    assert "Artifacts available" not in md and "Artifacts available" not in html


def test_the_export_never_asks_the_script_for_the_phantoms_artifacts(tmp_path) -> None:
    # A save that names an artifact its script does not have is refused with words, never a
    # KeyError from the export.
    game = harbour_game()
    path = save_game(game, tmp_path / "g.toml")
    text = path.read_text(encoding="utf-8").replace("artifacts = []", 'artifacts = ["monkey_music_box"]')
    path.write_text(text, encoding="utf-8")
    assert main(["export", str(path), "--format", "md"]) == 1


def test_a_save_opens_from_another_folder(tmp_path, monkeypatch) -> None:
    made_in = tmp_path / "made"
    made_in.mkdir()
    shutil.copy(HARBOUR, made_in / "harbour.json")
    monkeypatch.chdir(made_in)
    game = harbour_game("harbour.json")
    path = save_game(game, made_in / "g.toml")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    opened = load_game(path)
    assert opened.script.name == "Harbour Lights"
    # Even with the script file gone: the save holds it.
    os.remove(made_in / "harbour.json")
    from grimoire.core import script as script_module

    script_module._CACHE.clear()
    assert load_game(path).script.name == "Harbour Lights"
    assert main(["export", str(path), "--format", "md"]) == 0


def test_an_old_save_with_a_relative_script_path_still_opens(tmp_path, monkeypatch) -> None:
    shutil.copy(HARBOUR, tmp_path / "harbour.json")
    monkeypatch.chdir(tmp_path)
    path = save_game(harbour_game("harbour.json"), tmp_path / "old.toml")
    import tomllib

    import tomli_w

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.pop("script_file", None)
    data["script"] = "harbour.json"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    assert load_game(path).script.name == "Harbour Lights"


async def test_the_title_names_the_script_of_the_game() -> None:
    game = harbour_game()
    async with GrimoireApp(game=game).run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        title = str(pilot.app.screen.query_one(TitleBar).render())
    assert "Harbour Lights" in title and "Phantom" not in title


def test_an_old_save_written_back_opens_to_the_same_game(tmp_path) -> None:
    """A save from before saves held their script opens from the file it names; the file the
    autosave writes back holds the script, and opens to the very same game (found by the
    fuzz test of saves: the script was known by its path, then by its content)."""
    import tomllib

    import tomli_w

    path = save_game(harbour_game(), tmp_path / "old.toml")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.pop("script_file")
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    old = load_game(path)
    again = load_game(save_game(old, tmp_path / "again.toml"))
    assert again.events == old.events and again.state == old.state


def test_a_save_whose_held_script_was_altered_is_refused_with_words(tmp_path) -> None:
    path = save_game(harbour_game(), tmp_path / "g.toml")
    text = path.read_text(encoding="utf-8").replace("Harbour Lights", "Harbour Nights", 1)
    assert "script_file" in text
    path.write_text(text, encoding="utf-8")
    assert main(["export", str(path)]) == 1


def test_a_phantom_save_names_its_built_in_script_only(tmp_path) -> None:
    from tests.tui.helpers import first_night

    path = save_game(first_night(), tmp_path / "p.toml")
    text = path.read_text(encoding="utf-8")
    assert 'script = "phantom"' in text and "script_file" not in text
