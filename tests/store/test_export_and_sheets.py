"""Session-log exports and night sheets, on games from scenarios and random play."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from grimoire.game import Game
from grimoire.present.export import dawn_states, to_html, to_json, to_markdown
from grimoire.rules.phantom.state import own
from grimoire.scenario.run import run_file
from grimoire.simulate import play_random, random_table
from grimoire.store.saves import game_from_dict, save_game
from tests.phantom_table import phantom_table

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "examples" / "scenarios" / "s10_auctioneer_receives_twice.toml"


def finished_game(seed: int = 11) -> Game:
    return play_random(Game(random_table(8, seed=seed, script="phantom")), random.Random(seed), max_nights=20)


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
    from grimoire.present.sheet import render_sheet, sheet_steps

    script = load_script("phantom")
    steps = sheet_steps(script, ["sorelli", "meg", "phantom", "claque"], first=False)
    assert steps == ["dusk", "claque", "monkey_music_box", "punjab_lasso", "meg", "phantom", "sorelli", "dawn"]
    text = render_sheet(script, ["sorelli"], first=True, players=5)
    assert "[ ] Minion Info" not in text  # the step (the script's own rules name it)
    assert "Nod “yes” or shake your head “no”" in text


def game_to_night(seed: int, nights: int) -> Game:
    """A random 12-player game, played to the dusk of night ``nights``."""
    from grimoire.core import events as ev
    from grimoire.core.model import Phase
    from grimoire.simulate import play_day, random_answer

    game, rng = Game(random_table(12, seed=seed, script="phantom")), random.Random(seed)
    game.apply(ev.StartNight())
    while game.state.night < nights:
        while game.prompt is not None:
            game.answer(random_answer(game.prompt, game, rng))
        assert game.state.phase is Phase.DAY, "the game ended early: pick another seed"
        play_day(game, rng)
        game.apply(ev.StartNight())
    return game


def sheet(*args: str) -> subprocess.CompletedProcess[str]:
    """``grimoire sheet ...`` as the command line runs it (``grimoire.cli.main``), here: the
    command as a process of its own is test_export_and_sheet_commands' (a start costs some 0.3 s)."""
    from grimoire.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(["sheet", *args])
        except SystemExit as done:  # argparse refusing the arguments
            code = done.code if isinstance(done.code, int) else 2
    return subprocess.CompletedProcess(["grimoire", "sheet", *args], code, out.getvalue(), err.getvalue())


def test_a_past_nights_sheet_is_that_night_at_its_dusk(tmp_path: Path) -> None:
    from grimoire.present.sheet import at_dusk

    game = game_to_night(4, 3)
    dead_now = {s.index for s in game.state.seats if not s.alive}
    assert dead_now, "the seed must give deaths by night 3"
    save = tmp_path / "game.toml"
    save_game(game, save)
    then = at_dusk(game, 1).state
    assert then.night == 1 and all(s.alive for s in then.seats) and own(then).artifact.active is None
    night1 = sheet(str(save), "--night", "1")
    assert night1.returncode == 0, night1.stderr
    assert "night 1, as it stood at its dusk" in night1.stdout
    assert "dead" not in night1.stdout  # nobody had died at the first dusk
    for seat in game.state.seats:  # players are named with their seat number: "12 Lou"
        if not seat.traveller and seat.character == "phantom":
            assert f"Phantom — {seat.index + 1} {seat.name}\n" in night1.stdout
    night3 = sheet(str(save), "--night", "3")
    assert night3.returncode == 0, night3.stderr
    for i in dead_now:
        s = game.state.seats[i]
        line = next(x for x in night3.stdout.splitlines() if x.startswith(f"  {i + 1:2} {s.name} ("))
        assert "dead" in line, line
    # With no --night: tonight, as things stand now, and it says which night it is.
    now = sheet(str(save))
    assert now.returncode == 0 and "night 3 (tonight, as things stand now)" in now.stdout


def test_a_night_that_has_not_happened_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    save_game(game_to_night(4, 2), save)
    for night in ("3", "0", "-1"):
        done = sheet(str(save), "--night", night)
        assert done.returncode == 1 and done.stdout == ""
        assert str(save) in done.stderr and f"night {night}" in done.stderr, done.stderr
    assert "has not happened yet: the game is at night 2" in sheet(str(save), "--night", "3").stderr


def test_characters_sheet_prints_both_nights_unless_one_is_named() -> None:
    both = sheet("--characters", "meg,phantom")
    assert both.returncode == 0
    first, other = both.stdout.index("— first night"), both.stdout.index("— other nights")
    assert first < other and "[ ] Minion Info" in both.stdout[:other] and "[ ] Minion Info" not in both.stdout[other:]
    only = sheet("--characters", "meg,phantom", "--other")
    assert "— other nights" in only.stdout and "— first night" not in only.stdout
    assert sheet("--characters", "meg", "--night", "2").returncode == 1


def test_a_sheet_never_prints_control_characters() -> None:
    from grimoire.core import events as ev
    from grimoire.game import SeatSetup
    from grimoire.present.sheet import game_sheet

    seats = [SeatSetup(n, c) for n, c in (
        ("Ann\x1b[31m", "meg"), ("Ben", "sorelli"), ("Cat", "usher"), ("Dan", "phantom"), ("Eve", "persian"))]
    game = Game(phantom_table(seats=seats))
    game.apply(ev.StartNight())
    text = game_sheet(game, 1, "night 1")
    assert "\x1b" not in text and "Meg — 1 Ann\\x1b[31m" in text


def test_a_past_nights_sheet_says_what_happened_at_each_step(tmp_path: Path) -> None:
    """Night 1 is over: beside the order, who woke, their choices, the truth and what was
    told; the night still under way keeps its checklist."""
    from grimoire.core import events as ev
    from grimoire.scenario.run import run_file

    played = run_file(Path(__file__).resolve().parents[2] / "examples" / "scenarios"
                      / "x25_told_drunk_usher_and_mifroid.toml").game
    game = Game(played.setup, played.events[:1])  # dusk of night 1
    game.apply(ev.WriteNote(1, "\x1b[31mred\x1b[0m [bold]x[/]"))
    for event in played.events[1:]:
        if game.state.night == 2:
            break
        game.apply(event)
    save = tmp_path / "game.toml"
    save_game(game, save)
    night1 = sheet(str(save), "--night", "1")
    assert night1.returncode == 0, night1.stderr
    text = night1.stdout
    assert "night 1, as it stood at its dusk, and what happened" in text
    mifroid = text[text.index("Inspector Mifroid — 2 Ben"):]
    mifroid = mifroid[: mifroid.index("\n\n")]
    assert "[x]" in text[text.index("Inspector Mifroid — 2 Ben") - 6:][:6]
    assert "→ Woke 2 Ben." in mifroid and "→ Chose: 6 Fay, 4 Dan." in mifroid
    assert "was told 2 (true: 1), while drunk or poisoned." in " ".join(mifroid.split())
    assert "What happened that night, in order:" in text and "At dawn: nobody died." in text
    now = sheet(str(save), "--night", "2")  # under way: the checklist
    assert now.returncode == 0 and "[ ]" in now.stdout and "What happened" not in now.stdout
    assert "[bold]x[/]" in text and "\x1b" not in text + now.stdout  # as written, harmlessly
