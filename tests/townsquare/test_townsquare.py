"""The town square never shows a secret, and follows the storyteller's saves live."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pilot_keys import until

from grimoire.core import events as ev
from grimoire.core.public import circle_lines, public_view, summary_lines
from grimoire.core.script import load_script
from grimoire.game import Game
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom.state import own
from grimoire.simulate import play_day, random_answer, random_table
from grimoire.store.saves import save_game
from grimoire.tui.townsquare import TownSquareApp

SCRIPT = load_script("phantom")
TOKEN_WORDS = {"Claque Seat", "Received tonight", "Drunk tonight", "First holder", "Mirror target",
               "Ability lost", "No wake tonight", "Protected", "Drunk until dusk", "Cloak sacrifice",
               "Performance pending", "Rigger help", "YOU ARE", "drunk", "poisoned", "holds", "holder"}


def secrets(game: Game) -> set[str]:
    g = game.state
    words = set(TOKEN_WORDS) | {"evil", "good", "Evil ", "Good ", "Townsfolk", "Outsider", "Minion", "Demon"}
    for c in SCRIPT.characters:
        if c.id in ("monkey_music_box", "punjab_lasso"):
            continue  # the active artifact is announced at the first dawn (A32); its holder never is
        words.add(c.name)
    if g.winner is not None:
        words -= {"Good ", "Evil "}
    if own(g).artifact.active is None or g.day < 1:
        words |= {"Monkey Music Box", "Punjab Lasso"}
    else:
        other = "Punjab Lasso" if own(g).artifact.active == "monkey_music_box" else "Monkey Music Box"
        words.add(other)
    return words


def rendered(game: Game) -> str:
    view = public_view(game.state)
    text = "\n".join(circle_lines(view, 90, 30) + summary_lines(view))
    return text.replace(view.title, "<script name>")  # the script's own name is public


def check(game: Game) -> None:
    text = rendered(game)
    for word in secrets(game):
        assert word not in text, f"the town square shows {word!r}:\n{text}"
    # a death in the night is not shown before dawn
    g = game.state
    if g.phase.value == "night" and g.nights:
        for d in g.nights[-1].deaths:
            assert f"{g.seats[d].name} †" not in text, "a death shown before dawn"


@given(st.integers(5, 15), st.integers(0, 2**32 - 1))
def test_the_town_square_never_leaks(players, seed) -> None:
    rng = random.Random(seed)
    game = Game(random_table(players, seed=seed, script="phantom"))
    check(game)
    while game.state.winner is None and game.state.night < 6:
        if game.prompt is None:
            if game.state.phase.value == "day":
                play_day(game, rng)
                check(game)
            if game.state.winner is not None:
                break
            game.apply(ev.StartNight())
        while game.prompt is not None:
            game.answer(random_answer(game.prompt, game, rng))
            check(game)
    check(game)


def test_the_check_can_fail() -> None:
    game = Game(random_table(7, seed=2, script="phantom"))
    g = game.state
    leaky = rendered(game) + "\n" + SCRIPT.character(g.seats[0].character).name
    assert any(word in leaky for word in secrets(game))
    assert tk.CLAQUE.split(" (")[0] in TOKEN_WORDS


def test_after_the_first_dawn_the_square_and_the_page_say_the_active_artifact() -> None:
    from grimoire.rules.words import announced_line
    from grimoire.store.live_table import LiveTable
    from grimoire.web.state import page_state

    rng = random.Random(5)
    game = Game(random_table(8, seed=5, script="phantom"))
    game.apply(ev.StartNight())
    game.answer(random_answer(game.prompt, game, rng))
    while game.prompt is not None:
        assert announced_line(game.rules, game.state) == ""  # chosen in the night: not said before the dawn
        game.answer(random_answer(game.prompt, game, rng))
    active = SCRIPT.character(own(game.state).artifact.active).name
    line = f"The active artifact: {active}"
    view = public_view(game.state, None, announced_line(game.rules, game.state))
    assert line in summary_lines(view)
    assert page_state(view, LiveTable(), game.script)["announced"] == line


@pytest.fixture(autouse=True)
def _quick_polls(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(TownSquareApp, "POLL", 0.05)  # what is tested is following, not waiting


async def test_the_town_square_follows_the_autosave(tmp_path: Path) -> None:
    path = tmp_path / "autosave.toml"
    game = Game(random_table(7, seed=4, script="phantom"))
    save_game(game, path)
    app = TownSquareApp(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: app.view is not None, "the game shown")
        assert app.view is not None and app.view.phase == "setup"
        game.apply(ev.StartNight())
        while game.prompt is not None:
            game.answer(random_answer(game.prompt, game, random.Random(1)))
        save_game(game, path)
        await until(pilot, lambda: app.view.phase == "day", "the day shown")
        summary = str(app.query_one("#summary").render())
        assert "Day 1" in summary


async def test_with_no_file_the_town_square_follows_the_game_open_in_the_grimoire(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from grimoire.store.open_game import record_open
    from grimoire.tui.app import GrimoireApp

    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "home"))
    first = Game(random_table(7, seed=4, script="phantom"))
    other = Game(random_table(9, seed=5, script="phantom"))
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    save_game(first, a)
    save_game(other, b)
    app = TownSquareApp()

    async def wait_for(seats: int) -> None:
        await until(pilot, lambda: app.view is not None and len(app.view.seats) == seats,
                    f"the {seats}-seat game shown")

    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.view is None and "Waiting" in str(app.query_one("#status").render())
        record_open(a)
        await wait_for(7)
        # the storyteller opens another game in the grimoire: the town square switches to it
        grimoire = GrimoireApp(game=other, autosave_to=b)
        async with grimoire.run_test(size=(120, 36)):
            pass
        await wait_for(9)
        assert app.path == b.resolve()
        assert "REHEARSAL" not in str(app.query_one("#status").render())
        record_open(a, rehearsal=True)
        await wait_for(7)
        assert "REHEARSAL" in str(app.query_one("#status").render())


async def test_the_square_reads_its_files_only_when_they_change(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A look is a stat: the open game's pointer and the game are read again only once changed."""
    import grimoire.store.open_game as open_game
    import grimoire.tui.townsquare as townsquare
    from grimoire.store.open_game import record_open

    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "home"))
    reads = {"pointer": 0, "game": 0}
    read_open, load_view = open_game.read_open, townsquare.load_view

    def counted(what, real):  # type: ignore[no-untyped-def]
        def read(*args):  # type: ignore[no-untyped-def]
            reads[what] += 1
            return real(*args)
        return read

    monkeypatch.setattr(open_game, "read_open", counted("pointer", read_open))
    monkeypatch.setattr(townsquare, "load_view", counted("game", load_view))
    path = tmp_path / "a.toml"
    game = Game(random_table(7, seed=4, script="phantom"))
    save_game(game, path)
    record_open(path)
    app = TownSquareApp()
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: app.view is not None, "the game shown")
        for _ in range(5):
            app.poll()
        await app.workers.wait_for_complete()
        assert reads == {"pointer": 1, "game": 1}
        game.apply(ev.StartNight())
        save_game(game, path)
        await until(pilot, lambda: app.view is not None and app.view.phase == "night", "the night shown")
        assert reads == {"pointer": 1, "game": 2}


async def test_on_a_narrow_screen_the_summary_goes_under_the_circle(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    save_game(Game(random_table(9, seed=4, script="phantom")), path)
    app = TownSquareApp(path)
    async with app.run_test(size=(44, 48)) as pilot:
        await until(pilot, lambda: app.view is not None, "the game shown")
        await pilot.pause()
        circle, summary = app.query_one("#circle").region, app.query_one("#summary-box").region
        assert summary.y >= circle.bottom and summary.width == circle.width
        await pilot.resize_terminal(140, 40)
        await pilot.pause()
        circle, summary = app.query_one("#circle").region, app.query_one("#summary-box").region
        assert summary.x >= circle.right
