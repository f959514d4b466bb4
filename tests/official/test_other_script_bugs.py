"""The bugs a non-Phantom script met: the title, the export, the save's script, the sheet's markup,
the Godfather's option B taken for the Managers'."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from grimoire.cli import main
from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.present.export import to_html, to_markdown
from grimoire.store.saves import load_game, save_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.widgets.title import TitleBar
from tests.official.conftest import BMR

ROOT = Path(__file__).resolve().parents[2]
HARBOUR = ROOT / "examples" / "scripts" / "harbour_lights.json"
SEATS = (("Ann", "lamplighter"), ("Ben", "tidewatcher"), ("Cat", "ferryman"), ("Dan", "wrecker"), ("Eve", "maelstrom"))


def harbour_game(script: str | Path = HARBOUR) -> Game:
    setup = TableSetup(seats=[SeatSetup(n, c) for n, c in SEATS], script=str(script))
    game = Game(setup)
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(None if game.prompt.key is None else 2)  # Trouble Brewing's rules ask the Poisoner
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
    text = path.read_text(encoding="utf-8").replace("[setup]\n", '[setup]\nartifacts = ["monkey_music_box"]\n')
    assert 'artifacts = ["monkey_music_box"]' in text
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


# --- the Godfather's option B is no Managers' option B ----------------------------------------------
@pytest.mark.parametrize("players", range(5, 16))
def test_every_random_bad_moon_rising_table_is_playable(stand_in, players: int) -> None:
    from grimoire.core.script import load_script
    from grimoire.core.setup import setup_problems
    from grimoire.simulate import random_table

    bmr = load_script(BMR)
    for seed in range(40):
        table = random_table(players, seed=seed, script=str(BMR))
        chars = [s.character for s in table.seats]
        assert all(table.rules.setup_alignment(table, i) is None for i in range(players)), (players, seed)
        assert table.problems() == [], (players, seed)
        # The table keeps no either/or option: the counts are right for one of them.
        assert setup_problems(bmr, chars) == [] or setup_problems(bmr, chars, managers_option_b=True) == []


def test_rehearse_bad_moon_rising_opens(stand_in, monkeypatch) -> None:
    import grimoire.tui.app

    opened: list[Game] = []
    monkeypatch.setattr(grimoire.tui.app, "run_app", lambda game, rehearsal: opened.append(game) or 0)
    assert main(["rehearse", "--script", str(BMR), "--players", "5", "--seed", "1"]) == 0
    assert opened and opened[0].script.name.startswith("Bad Moon Rising")


async def test_a_random_deal_with_the_godfathers_option_b_marks_no_evil_townsfolk(stand_in) -> None:
    from grimoire.tui.screens.setup import SetupScreen

    async with GrimoireApp().run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = SetupScreen(seed=1, names=("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"), script=str(BMR))
        pilot.app.push_screen(screen)
        await pilot.pause()
        for _ in range(40):  # deal until the Godfather comes with option B
            screen.action_deal()
            chars = [r.character for r in screen.rows]
            if "godfather" in chars and screen.option_b:
                break
        assert "godfather" in chars and screen.option_b
        listed = [str(o.prompt) for o in screen.query_one("#setup-players").options]
        assert not any("evil" in line for line in listed), listed
        assert not screen.picked and screen.problems() == []


# --- the seat card's Minion and Demon info come from the script's teams ----------------------------
TB_SEATS = (("Ann", "chef"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk"),
            ("Fay", "slayer"), ("Gus", "mayor"))


def tb_first_night() -> Game:
    from tests.official.conftest import TB

    game = Game(TableSetup(seats=[SeatSetup(n, c) for n, c in TB_SEATS], script=str(TB),
                           bluffs=("washerwoman", "librarian", "soldier")))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(None if game.prompt.key is None else 2)  # Trouble Brewing's rules ask the Poisoner
    return game


def test_the_seat_cards_say_who_the_demon_and_the_minions_are(stand_in) -> None:
    from grimoire.present.card import seat_card

    game = tb_first_night()
    minion = seat_card(game, 3).text()
    assert "Minion info: the Demon is Ben; the Minions are Dan" in minion
    demon = seat_card(game, 1).text()
    assert "Demon info: the Minions are Dan; not in play: Washerwoman, Librarian, Soldier" in demon
    assert "Minion info" not in seat_card(game, 0).text() and "nobody" not in minion


def test_the_minions_are_shown_the_demon_of_the_scripts_team(stand_in) -> None:
    from grimoire.present.show_cards import DEMON, cards_now, this_is_the_demon

    game = tb_first_night()
    card = this_is_the_demon(game.state)
    assert card is not None and card.text() == "This is the Demon\n2 Ben"
    assert DEMON in {c.kind for c in cards_now(game.rules, game.state, None)}


def test_a_scenario_file_of_a_script_without_artifacts_loads(official, tmp_path) -> None:
    from grimoire.scenario.format import ScenarioError, load_scenario
    from tests.official.conftest import LANTERN

    seats = (("Ann", "lanternkeeper"), ("Ben", "tidecaller"), ("Cat", "hermit"), ("Dan", "whisperer"),
             ("Eve", "gloomwyrm"))
    rows = ",\n".join(f'  {{ name = "{n}", character = "{c}" }}' for n, c in seats)
    path = tmp_path / "lantern.toml"
    path.write_text(f'script = "{LANTERN}"\n[setup]\nseats = [\n{rows}\n]\n', encoding="utf-8")
    assert load_scenario(path).setup.script_setup is None
    path.write_text(path.read_text(encoding="utf-8") + 'artifacts = ["punjab_lasso"]\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match="artifacts: Lantern Night has none"):
        load_scenario(path)
