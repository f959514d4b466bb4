"""The town square shows names and the script's name as written: markup is never run."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
from textual.content import Content
from textual.widgets import Static

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.simulate import random_table
from grimoire.store.saves import save_game
from grimoire.tui.townsquare import TownSquareApp

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["[bold red]x[/]", "[link=https://evil.example]y[/link]", "Hal [/]", "Gus [guest]", "[@click=app.quit]q[/]",
         "Fay", "Ivy"]


def drawn(static: Static) -> Content:
    visual = static.visual
    return visual if isinstance(visual, Content) else Content.from_markup(str(visual))


async def show(path: Path) -> TownSquareApp:
    app = TownSquareApp(path)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.view is not None, str(drawn(app.query_one("#status", Static)))
        circle, summary = drawn(app.query_one("#circle", Static)), drawn(app.query_one("#summary", Static))
        app.circle_text, app.summary_text = circle, summary  # type: ignore[attr-defined]
    return app


async def test_markup_in_names_is_shown_as_written(tmp_path: Path) -> None:
    setup = random_table(7, seed=4)
    game = Game(attrs.evolve(setup, seats=tuple(attrs.evolve(s, name=n) for s, n in zip(setup.seats, NAMES))))
    path = tmp_path / "game.toml"
    save_game(game, path)
    app = await show(path)
    circle = app.circle_text  # type: ignore[attr-defined]
    for name in NAMES:
        assert name in circle.plain
    assert not circle.spans  # no bold, no red, no link, no click: plain words


async def test_markup_in_the_scripts_name_is_shown_as_written(tmp_path: Path) -> None:
    data = json.loads((ROOT / "examples" / "scripts" / "harbour_lights.json").read_text(encoding="utf-8"))
    data[0]["name"] = "[b]Harbour[/] [/]"
    script = tmp_path / "markup.json"
    script.write_text(json.dumps(data), encoding="utf-8")
    seats = [SeatSetup(name, character) for name, character in
             zip(("Ann", "Ben", "Cat", "Dan", "Eve"), ("lamplighter", "tidewatcher", "stowaway", "wrecker", "maelstrom"))]
    game = Game(TableSetup(seats=tuple(seats), script=str(script)))
    game.apply(ev.StartNight())
    path = tmp_path / "game.toml"
    save_game(game, path)
    app = await show(path)
    summary = app.summary_text  # type: ignore[attr-defined]
    assert summary.plain.startswith("[b]Harbour[/] [/] — Night 1") and not summary.spans
