"""The start screen, opening saves, autosave and resuming after a kill."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pilot_keys import type_text
from textual.widgets import OptionList

from grimoire import cli
from grimoire.core import events as ev
from grimoire.simulate import random_answer
from grimoire.store import library
from grimoire.store.paths import autosave_path
from grimoire.store.saves import load_game, save_game
from grimoire.tui import app as app_module
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import AskText
from grimoire.tui.screens.start import StartScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.keys import KeysFooter

from .helpers import SIZE, first_night, settle

ROOT = Path(__file__).parents[2]
SCENARIOS = sorted((ROOT / "examples" / "scenarios").glob("s*.toml"))


@pytest.mark.slow
async def test_start_screen_lists_every_way_in_and_opens_an_assistant_game() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        options = [o.id for o in pilot.app.screen.query_one("#start-menu").options]
        # nothing saved yet: no Resume, in the menu or the footer
        assert options[:3] == ["new", "open", "rehearse"] and "resume" not in options
        assert "r" not in [i.key for i in pilot.app.screen.query_one(KeysFooter).items]
        assert "game:mummy" in options and "game:maumau" in options and "game:voice" in options
        await pilot.press("end", "enter")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, StartScreen)


async def test_mode_still_opens_an_assistant_game() -> None:
    async with GrimoireApp(mode="mummy").run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "MummyScreen"


async def test_resume_with_nothing_saved_does_nothing() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        assert not library.game_files(library.games_dir())


@pytest.mark.slow  # resume from the start screen: test_panel_keys.py's test_resume_a_setup_save_from_the_start_screen
async def test_the_palettes_resume_the_last_game_opens_it() -> None:
    # Its worker called a method that was not there: the app stopped (AttributeError).
    game = first_night()
    path = library.create_game(game.setup, game.events)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        pilot.app.action_resume()  # the palette's "Resume the last game"
        await settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen)
        assert pilot.app.autosave_path() == path


async def test_a_damaged_save_is_listed_reported_and_left_untouched(tmp_path: Path) -> None:
    path = autosave_path()  # the single autosave of older versions: it moves into the library
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"format = 1\n[setup\nbroken")
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, StartScreen)
        [entry] = screen.entries
        assert entry.damaged
        row = str(screen.query_one("#start-games", OptionList).get_option_at_index(0).prompt)
        assert row.count("damaged") == 1 and "cannot be opened: damaged or truncated" in row, row
        assert "resume" not in [o.id for o in screen.query_one("#start-menu").options]
        await pilot.press("enter")  # the list has the focus: try to open it anyway
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        problem = str(pilot.app.screen.query_one("#start-problem").render())
        assert "damaged" in problem and "left as it is" in problem
    assert entry.path.read_bytes() == b"format = 1\n[setup\nbroken"
    assert not path.exists()


@pytest.mark.parametrize("other", ["script", "scenario"])
async def test_open_says_a_script_or_a_scenario_is_not_a_saved_game(other: str) -> None:
    path = ROOT / ("examples/scripts/harbour_lights.json" if other == "script" else f"examples/scenarios/{SCENARIOS[0].name}")
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        await type_text(pilot, str(path))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        problem = str(pilot.app.screen.query_one("#start-problem").render())
        assert f"this is a {other}" in problem and "not a saved game" in problem, problem
        assert "damaged" not in problem and "no such saved game" not in problem


@pytest.mark.slow  # open by path: test_open_says_a_script_or_a_scenario_is_not_a_saved_game, tests/malformed/test_not_files_app.py
async def test_open_a_saved_game_by_path(tmp_path: Path) -> None:
    game = first_night()
    target = tmp_path / "mine.toml"
    save_game(game, target)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskText)
        await type_text(pilot, str(target))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen)
        assert pilot.app.screen.game.prompt.step == "dusk"


async def test_killed_mid_night_resumes_at_the_same_step() -> None:
    game = first_night(players=10, seed=11)
    rng = random.Random(4)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(4):
            if game.prompt.kind.value == "ack":
                await pilot.press("n")
            else:
                game_answer = random_answer(game.prompt, game, rng)
                pilot.app.screen.session.answer(game_answer)
            await pilot.pause()
        await settle(pilot)
        step, state = game.prompt.step, repr(game.state)
        saved_to = pilot.app.autosave_path()
        # The process dies here: no quit, nothing flushed beyond the autosave.
    assert saved_to.parent == library.games_dir()
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        assert screen.game.prompt.step == step
        assert repr(screen.game.state) == state


@pytest.mark.slow  # every scenario's save, one app each
async def test_play_opens_each_scenario_save_where_it_ended(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert SCENARIOS
    out = tmp_path / "saves"
    assert cli.main(["scenario", "run", *map(str, SCENARIOS), "--save-dir", str(out)]) in (0, 1)
    apps: list[GrimoireApp] = []
    monkeypatch.setattr(app_module.GrimoireApp, "run", lambda self: apps.append(self))
    saves = sorted(out.glob("*.toml"))
    assert len(saves) == len(SCENARIOS)
    for save in saves:
        expected = load_game(save)
        assert cli.main(["play", str(save)]) == 0
        async with apps[-1].run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, GrimoireScreen), save
            assert len(screen.game.events) == len(expected.events)
            assert (screen.game.prompt.step if screen.game.prompt else None) == (
                expected.prompt.step if expected.prompt else None
            )
            assert repr(screen.game.state) == repr(expected.state)


async def test_play_with_a_damaged_file_opens_the_start_screen_with_the_problem(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 99\n")
    apps: list[GrimoireApp] = []
    monkeypatch.setattr(app_module.GrimoireApp, "run", lambda self: apps.append(self))
    assert cli.main(["play", str(bad)]) == 0
    async with apps[-1].run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, StartScreen)
        assert "newer Grimoire" in str(pilot.app.screen.query_one("#start-problem").render())
    assert bad.read_text() == "format = 99\n"


async def test_every_action_is_autosaved_and_quit_asks_nothing() -> None:
    game = first_night()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n", "1")
        await pilot.press("q")
        await pilot.pause()
    [path] = library.game_files(library.games_dir())  # a game opened with no file gets a new one
    saved = load_game(path)
    assert len(saved.events) == len(game.events)


@pytest.mark.parametrize("way", ["grimoire play", "the start screen"])
async def test_the_first_autosave_of_an_opened_game_writes_out_only_the_new_event(
        tmp_path: Path, monkeypatch, way: str) -> None:  # type: ignore[no-untyped-def]
    # Its events' text is made as the file is read: a long game's first autosave is then as
    # quick as the next ones, not a second of TOML while the storyteller's action is unsaved.
    game = first_night(players=10, seed=11)
    rng = random.Random(4)
    while len(game.events) < 6 or game.prompt.kind.value != "ack":
        game.answer(random_answer(game.prompt, game, rng))
    path = save_game(game, tmp_path / "long.toml")
    apps: list[GrimoireApp] = []
    if way == "grimoire play":
        # Only for this call: monkeypatch.undo() would also undo the test's private home, and
        # the app would then write the real one (its town square pointer).
        with monkeypatch.context() as patched:
            patched.setattr(app_module.GrimoireApp, "run", lambda self: apps.append(self))
            assert cli.main(["play", str(path)]) == 0
    else:
        apps.append(GrimoireApp(save=str(path)))
    made: list[ev.Event] = []
    to_dict = ev.Event.to_dict
    monkeypatch.setattr(ev.Event, "to_dict", lambda self: made.append(self) or to_dict(self))
    async with apps[-1].run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        made.clear()  # the game is open: what its first autosave makes from here
        await pilot.press("n")
        await settle(pilot)
        assert len(screen.game.events) == len(game.events) + 1
        assert made == [screen.game.events[-1]]
    assert load_game(path).events == screen.game.events


async def test_the_autosave_thread_ends_with_the_app_after_writing_everything() -> None:
    # A writer thread left waiting kept its app (screens, widgets, game) alive for good: one
    # more for every game opened in the process.
    game = first_night()
    app = GrimoireApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await settle(pilot)
        [saver] = app._savers.values()
        thread = saver._thread
        assert thread is not None and thread.is_alive()
    thread.join(timeout=10)
    assert not thread.is_alive()
    game.apply(ev.WriteNote(0, "late"))  # handed over once the app has ended: still written
    saver.submit(*saver.snapshot(game))
    late = saver._thread
    assert saver.flush(timeout=10)
    assert load_game(app.autosave_path()).events == game.events
    if late is not None:
        late.join(timeout=10)
        assert not late.is_alive()
