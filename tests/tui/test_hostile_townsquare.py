"""The town square shows names and the script's name as written: markup is never run."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.content import Content
from textual.widgets import Static

from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store.saves import save_game
from grimoire.tui.townsquare import TownSquareApp

from .hostile import harbour_game

NAMES = ["[bold red]x[/]", "[link=https://evil.example]y[/link]", "Hal [/]", "Gus [guest]", "[@click=app.quit]q[/]",
         "Fay", "Ivy"]


async def square_of(game: Game, folder: Path) -> tuple[Content, Content]:
    """The town square's circle and summary, as drawn, for ``game`` saved in ``folder``."""
    path = folder / "game.toml"
    save_game(game, path)
    app = TownSquareApp(path)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        status = app.query_one("#status", Static).visual
        assert app.view is not None, status
        circle, summary = (app.query_one(f"#{part}", Static).visual for part in ("circle", "summary"))
    assert isinstance(circle, Content) and isinstance(summary, Content)
    return circle, summary


async def test_markup_in_names_is_shown_as_written(tmp_path: Path) -> None:
    setup = random_table(7, seed=4, script="phantom")
    game = Game(attrs.evolve(setup, seats=tuple(attrs.evolve(s, name=n) for s, n in zip(setup.seats, NAMES))))
    circle, _ = await square_of(game, tmp_path)
    for name in NAMES:
        assert name in circle.plain
    assert not circle.spans  # no bold, no red, no link, no click: plain words


async def test_markup_in_the_scripts_name_is_shown_as_written(tmp_path: Path) -> None:
    _, summary = await square_of(harbour_game(tmp_path, "[b]Harbour[/] [/]"), tmp_path)
    assert summary.plain.startswith("[b]Harbour[/] [/] — Night 1") and not summary.spans
