"""The side panel names only keys that work: a save still in its setup starts its first night,
and in every phase each key the panel (or the footer) offers is enabled."""

from __future__ import annotations

import random
import re
from pathlib import Path

from textual.actions import parse

from grimoire import cli
from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game
from grimoire.simulate import play_random, random_answer, random_table
from grimoire.store.library import create_game
from grimoire.store.saves import load_game, save_game
from grimoire.tui import app as app_module
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.side import SidePanel
from night_order import AnswerKind

from .helpers import SIZE, settle


def a_table() -> Game:
    return Game(random_table(8, seed=3, script="phantom"))


def panel_text(screen: GrimoireScreen) -> str:
    """Every word of the side panel, and its scroll marks as drawn."""
    panel = screen.query_one("#side", SidePanel)
    words = [panel.text(key) for key in ("banner", "step", "sheet")]
    drawn = [panel.render_line(y).text for y in range(panel.size.height)]
    return "\n".join(words + drawn)


def key_enabled(screen: GrimoireScreen, key: str) -> bool:
    """Some binding of ``key`` on the screen (or the app) would run now."""
    for node in (screen, screen.app):
        for binding in type(node).BINDINGS:
            if key not in [k.strip() for k in binding.key.split(",")]:
                continue
            namespace, action, params = parse(binding.action)
            target = screen.app if namespace == "app" else node
            if target.check_action(action, params):
                return True
    return False


# How the panel names a key, and which key that is.
HINTS = {
    r"\(m: nominate\)|\bm nominate\b": "m",
    r"\(v\)|\bv vote\b": "v",
    r"\be execute": "e",
    r"\bc declare\b": "c",
    r"\bx exile\b": "x",
    r"\bd start\b": "d",
    r"\bh timer\b|\(h: ": "h",
    r"\bu: undo\b": "u",
    r"\(a: switch\)": "a",
    r"\bn or Enter\b": "n",
    r"\bdigits: seat\b": "1",
    r"Enter: picker|or Enter:": "enter",
    r"! overrides\b": "exclamation_mark",
    r"\(PgDn\)": "pagedown",
    r"\(PgUp\)": "pageup",
}


def named_keys(text: str) -> set[str]:
    return {key for pattern, key in HINTS.items() if re.search(pattern, text)}


def check_panel_and_footer(screen: GrimoireScreen) -> set[str]:
    text = panel_text(screen)
    named = named_keys(text)
    for key in named:
        assert key_enabled(screen, key), f"the panel names {key!r}, which does nothing here:\n{text}"
    for item in screen.query_one(KeysFooter).items:
        if item.enabled:
            assert key_enabled(screen, item.key), f"the footer offers {item.shown!r}, which does nothing here"
    return named


async def test_a_save_in_its_setup_starts_the_first_night_by_the_key_the_panel_names() -> None:
    game = a_table()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen) and game.state.phase is Phase.SETUP
        assert "d" in check_panel_and_footer(screen)
        await pilot.press("d")
        await settle(pilot)
        assert game.state.phase is Phase.NIGHT and game.state.night == 1
        assert game.prompt is not None
        assert screen.query_one("#side", SidePanel).text("step").startswith("NIGHT 1")


async def test_grimoire_play_a_save_with_only_setup_events_goes_on_to_its_first_night(
        tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = a_table()
    game.apply(ev.SetAlive(1, False))  # a storyteller's change before the first night
    path = save_game(game, tmp_path / "setup.toml")
    seen = {}

    def run(self):  # type: ignore[no-untyped-def]
        seen["app"] = self

    monkeypatch.setattr(app_module.GrimoireApp, "run", run)
    assert cli.main(["play", str(path)]) == 0
    app = seen["app"]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen) and screen.game.state.phase is Phase.SETUP
        check_panel_and_footer(screen)
        await pilot.press("d")
        await settle(pilot)
        assert screen.game.state.night == 1
    assert load_game(path).state.night == 1  # continued in the same file


async def test_resume_a_setup_save_from_the_start_screen() -> None:
    game = a_table()
    create_game(game.setup, game.events)
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        await pilot.press("d")
        await settle(pilot)
        assert screen.game.state.night == 1


def states() -> dict[str, Game]:
    """A game at a few moments: setup, night steps of each kind, day, over."""
    rng = random.Random(5)
    out: dict[str, Game] = {"setup": a_table()}
    game = a_table()
    game.apply(ev.StartNight())
    seen: set[AnswerKind] = set()
    while game.prompt is not None:
        kind = game.prompt.kind
        if kind not in seen:
            seen.add(kind)
            out[f"night-{kind.value}"] = Game(game.setup, tuple(game.events))
        game.answer(random_answer(game.prompt, game, rng))
    out["day"] = Game(game.setup, tuple(game.events))
    alive = [s.index for s in game.state.seats if s.alive]
    game.apply(ev.Nominate(alive[0], alive[1]))
    out["day-nominated"] = Game(game.setup, tuple(game.events))
    game = play_random(a_table(), rng, max_nights=50)
    assert game.state.winner is not None
    out["over"] = game
    return out


async def test_in_every_phase_the_keys_the_panel_and_footer_name_are_enabled() -> None:
    named: set[str] = set()
    for game in states().values():
        async with GrimoireApp(game=game).run_test(size=(140, 30)) as pilot:  # short: PgDn shows
            await settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, GrimoireScreen)
            named |= check_panel_and_footer(screen)
    assert {"d", "m", "v", "n", "enter", "1", "u", "exclamation_mark", "pagedown"} <= named, named  # hints were found
