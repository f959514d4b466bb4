"""Session-log exports and night sheets, on games from scenarios and random play."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from grimoire.game import Game
from grimoire.scenario.run import run_file
from grimoire.simulate import play_random, random_table
from grimoire.store.export import dawn_states, to_html, to_json, to_markdown
from grimoire.store.saves import game_from_dict, save_game

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "examples" / "scenarios" / "s10_auctioneer_receives_twice.toml"


def finished_game(seed: int = 11) -> Game:
    return play_random(Game(random_table(8, seed=seed)), random.Random(seed), max_nights=20)


def test_json_export_is_lossless() -> None:
    game = finished_game()
    again = game_from_dict(json.loads(to_json(game)))
    assert again.events == game.events and again.state == game.state


def test_markdown_tells_every_night_and_day_with_a_grimoire_at_each_dawn() -> None:
    game = finished_game()
    text = to_markdown(game)
    g = game.state
    for night in g.nights:
        assert f"## Night {night.number}" in text
    for day in g.days:
        assert f"## Day {day.number}" in text
    assert text.count("**The grimoire at dawn") == len(dawn_states(game))
    assert "storyteller's record" in text
    assert f"{g.winner.value.capitalize()} wins" in text
    for seat in g.seats:
        assert seat.name in text


def test_markdown_of_a_scenario_names_the_artifact_path() -> None:
    game = run_file(SCENARIO).game
    assert game is not None
    text = to_markdown(game)
    assert "9 Ivy passed the Monkey Music Box to 2 Ben" in text  # seats by their number too
    assert "the Stage Designer moved it from 2 Ben to 1 Ann" in text
    assert "9 Ivy passed the Monkey Music Box to 2 Ben" in to_html(game)


def test_html_is_one_self_contained_page() -> None:
    page = to_html(finished_game(3))
    assert page.startswith("<!doctype html>")
    assert 'name="viewport"' in page
    for remote in ("http://", "https://", "<script", "<link", "src="):
        assert remote not in page


def test_export_and_sheet_commands(tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    save_game(finished_game(5), save)
    grimoire = [sys.executable, "-m", "grimoire"]
    out = tmp_path / "log.html"
    done = subprocess.run([*grimoire, "export", str(save), "--format", "html", "-o", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8").startswith("<!doctype html>")
    md = subprocess.run([*grimoire, "export", str(save)], capture_output=True, text=True)
    assert md.returncode == 0 and md.stdout.startswith("# ")
    sheet = subprocess.run([*grimoire, "sheet", str(save), "--night", "1"], capture_output=True, text=True)
    assert sheet.returncode == 0 and "night 1" in sheet.stdout and "Dusk" in sheet.stdout
    bad = subprocess.run([*grimoire, "export", str(tmp_path / "missing.toml")], capture_output=True, text=True)
    assert bad.returncode == 1 and "no such saved game" in bad.stderr


def test_sheet_for_characters_keeps_the_script_order_and_texts() -> None:
    from grimoire.core.script import load_script
    from grimoire.store.sheet import render_sheet, sheet_steps

    script = load_script("phantom")
    steps = sheet_steps(script, ["sorelli", "meg", "phantom", "claque"], first=False)
    assert steps == ["dusk", "claque", "monkey_music_box", "punjab_lasso", "meg", "phantom", "sorelli", "dawn"]
    text = render_sheet(script, ["sorelli"], first=True, players=5)
    assert "Minion Info" not in text
    assert "Nod “yes” or shake your head “no”" in text
