"""The town square shows the reveal only once the storyteller chooses to show it: nothing secret
before the game's end, nothing after the end either until the choice, everything after it."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Static

from grimoire.core import events as ev
from grimoire.core.public import circle_lines, public_view, summary_lines
from grimoire.game import Game
from grimoire.present.reveal import game_reveal, public_reveal
from grimoire.simulate import play_random, random_answer, random_table
from grimoire.store.saves import save_game
from grimoire.tui.townsquare import TownSquareApp

from .test_townsquare import secrets

SEED = 4  # eight players, the Punjab Lasso and the Claque; good wins on day 5


def finished() -> Game:
    return play_random(Game(random_table(8, seed=SEED, script="phantom")), random.Random(SEED), max_nights=20)


def square_text(game: Game, reveal=None) -> str:  # type: ignore[no-untyped-def]
    """The square's words for ``game``, as the town square process works them out."""
    view = public_view(game.state, public_reveal(game) if reveal is None else reveal)
    return "\n".join(circle_lines(view, 120, 36) + summary_lines(view)).replace(view.title, "<script name>")


def leaks(game: Game, text: str) -> list[str]:
    return sorted(word for word in secrets(game) if word in text)


def test_nothing_secret_before_the_end_nor_after_it_until_the_storyteller_shows_it() -> None:
    rng = random.Random(SEED)
    game = Game(random_table(8, seed=SEED, script="phantom"))
    while game.state.winner is None:
        if game.prompt is None:
            game.apply(ev.StartNight())
        while game.prompt is not None and game.state.winner is None:
            game.answer(random_answer(game.prompt, game, rng))
            assert public_reveal(game) is None
            assert leaks(game, square_text(game)) == []
        if game.state.winner is None:
            play_random(game, rng, max_nights=game.state.night + 1)
    assert game.state.winner is not None and not game.state.reveal_shown
    assert public_reveal(game) is None
    assert leaks(game, square_text(game)) == []


def test_a_reveal_handed_to_the_public_view_is_dropped_unless_the_storyteller_showed_it() -> None:
    game = finished()
    shown = Game(game.setup, [*game.events, ev.ShowReveal()])
    reveal = public_reveal(shown)
    assert reveal is not None
    assert leaks(game, square_text(game, reveal)) == []  # the same game, not shown: nothing
    assert public_view(game.state, reveal).reveal is None


def test_once_shown_the_square_shows_every_character_the_artifact_and_the_drunk_and_poisoned() -> None:
    game = finished()
    game.apply(ev.ShowReveal())
    text = square_text(game)
    r = game_reveal(game)
    for s in r.seats:
        assert f"{s.seat + 1} {s.name} — {s.ended.words()}" in text
    assert r.result in text  # "Good wins: the Phantom (Dan) is dead"
    assert "THE ARTIFACT, NIGHT BY NIGHT" in text and "gave the Punjab Lasso to" in text
    assert "poisoned (holds the Punjab Lasso)" in text
    game.apply(ev.ShowReveal(shown=False))
    assert leaks(game, square_text(game)) == []


async def _follow(app: TownSquareApp, pilot) -> str:  # type: ignore[no-untyped-def]
    """Have the square read its file now, and return all it shows (but the script's name)."""
    app.poll()
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert app.view is not None
    shown = "\n".join(str(app.query_one(f"#{part}", Static).visual) for part in ("circle", "summary"))
    return shown.replace(app.view.title, "<script name>")


async def test_the_town_square_process_follows_the_storytellers_choice_through_the_save(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    rng = random.Random(SEED)
    game = Game(random_table(8, seed=SEED, script="phantom"))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    save_game(game, path)
    app = TownSquareApp(path)
    async with app.run_test(size=(140, 45)) as pilot:
        shown = await _follow(app, pilot)
        assert "Day 1" in shown and leaks(game, shown) == []
        play_random(game, rng, max_nights=20)
        assert game.state.winner is not None
        save_game(game, path)
        shown = await _follow(app, pilot)
        assert "wins" in shown and leaks(game, shown) == []  # over, but not shown yet
        game.apply(ev.ShowReveal())
        save_game(game, path)
        shown = await _follow(app, pilot)
        for seat in game_reveal(game).seats:
            assert f"{seat.seat + 1} {seat.name} — {seat.ended.words()}" in shown
        assert "THE PLAYERS" in shown and "DRUNK AND POISONED" in shown
        game.apply(ev.ShowReveal(shown=False))
        save_game(game, path)
        shown = await _follow(app, pilot)
        assert leaks(game, shown) == []
