"""Everything around the game for any script: rehearsal with a random legal bag, the sheet,
the export, the town square and validate."""

from __future__ import annotations

import json

import pytest

from grimoire.cli import main
from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.core.public import public_view
from grimoire.core.script import load_script
from grimoire.core.setup import setup_problems
from grimoire.present.export import to_html, to_json, to_markdown
from grimoire.rehearse import RehearsalError, random_rehearsal
from grimoire.simulate import random_table
from tests.official.conftest import LANTERN


@pytest.mark.parametrize("seed", range(6))
def test_a_random_legal_table_of_a_mixed_script(official, seed: int) -> None:
    table = random_table(5, seed=seed, script=str(LANTERN))
    assert table.script_setup is None and table.problems() == []
    chars = [s.character for s in table.seats]
    assert setup_problems(load_script(LANTERN), chars) == []


def test_rehearse_a_script_file(official) -> None:
    game = random_rehearsal(5, seed=1, script=str(LANTERN))
    assert game.script.name == "Lantern Night" and game.phase is Phase.NIGHT


def test_rehearse_a_script_that_cannot_load_says_why(tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    with pytest.raises(RehearsalError, match="bad.json"):
        random_rehearsal(5, script=str(bad))
    assert main(["rehearse", "--players", "5", "--script", str(bad)]) == 1


def test_the_exports_and_the_town_square_of_a_declared_game(official) -> None:
    game = random_rehearsal(5, seed=2, script=str(LANTERN))
    while game.prompt is not None:
        game.answer(None)
    hostile = "[b]Eve\x1b[31m"
    game.apply(ev.DeclareWinner("evil", hostile))
    md, html, js = to_markdown(game), to_html(game), to_json(game)
    assert "Lantern Night" in md and "Lantern Night" in html
    assert "\x1b" not in md and "\x1b" not in html and "\x1b" not in js
    assert json.loads(js)["events"][-1]["type"] == "declare_winner"
    view = public_view(game.state)
    assert view is not None


def test_validate_and_the_sheet_of_a_mixed_script(official, capsys) -> None:
    assert main(["validate", str(LANTERN)]) == 0
    assert main(["sheet", "--script", str(LANTERN), "--characters", "hermit,gloomwyrm,tidecaller", "--other"]) == 0
    out = capsys.readouterr().out
    assert "Gloomwyrm" in out and "Tidecaller" in out


@pytest.mark.slow
async def test_rehearse_from_the_start_screen_offers_the_scripts_used_before(official) -> None:
    from grimoire.store.recent_scripts import recent_scripts, remember_script
    from grimoire.tui.app import GrimoireApp
    from grimoire.tui.screens.table import GrimoireScreen
    from tests.pilot_keys import type_text, until
    from tests.tui.helpers import settle

    remember_script(LANTERN)
    assert recent_scripts() == [LANTERN.resolve()]
    app = GrimoireApp()
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("ctrl+u")  # the 8 offered
        await type_text(pilot, "7")
        await pilot.press("enter")
        await pilot.pause()
        await type_text(pilot, "Lantern")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GrimoireScreen), str(app.screen))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GrimoireScreen) and screen.rehearsal
        assert screen.game.script.name == "Lantern Night" and len(screen.game.state.seats) == 7



def test_a_size_the_script_cannot_fill_is_told(official) -> None:
    # Lantern Night has one Outsider, the Hermit [+1 Outsider]: 6 players need one without him.
    with pytest.raises(RehearsalError, match="no legal set of 6 characters found on Lantern Night"):
        random_rehearsal(6, seed=1, script=str(LANTERN))


def test_a_scenario_file_is_refused_for_what_it_cannot_express(official) -> None:
    from grimoire.scenario.write import ScenarioWriteError, game_to_scenario

    game = random_rehearsal(5, seed=2, script=str(LANTERN))
    while game.prompt is not None and game.prompt.step in ("dusk",):
        game.answer(None)
    game.answer(["text", "HIGH"])
    with pytest.raises(ScenarioWriteError, match="what players were shown"):
        game_to_scenario(game)
    game.undo()
    while game.prompt is not None:
        game.answer(None)
    game.apply(ev.DeclareWinner("good"))
    with pytest.raises(ScenarioWriteError, match="declared"):
        game_to_scenario(game)


def test_validate_and_export_a_saved_game_of_a_mixed_script(official, tmp_path) -> None:
    from grimoire.store.saves import save_game

    game = random_rehearsal(7, seed=4, script=str(LANTERN))
    while game.prompt is not None:
        game.answer(None)
    game.apply(ev.Execute(0))
    game.apply(ev.DeclareWinner("evil", "the storyteller's call"))
    path = save_game(game, tmp_path / "g.toml")
    assert main(["validate", str(path)]) == 0
    assert main(["export", str(path), "--format", "html", "-o", str(tmp_path / "g.html")]) == 0
    assert "the storyteller&#x27;s call" in (tmp_path / "g.html").read_text(encoding="utf-8") or \
        "the storyteller's call" in (tmp_path / "g.html").read_text(encoding="utf-8")
