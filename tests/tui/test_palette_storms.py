"""The command palette (ctrl+p) under keys typed faster than it opens and closes (issue #28).

Reported, each closing the grimoire mid-game with exit code 0: ctrl+p then Enter Enter Enter
(ScreenStackError: the palette closed twice, popping the grimoire, then the empty app);
ctrl+p, a letter, PageUp (KeyError: 0, a page move in a list of commands not yet drawn); and
the same from the grimoire's own picker.
"""

from __future__ import annotations

import random

import pytest
from pilot_keys import until

from grimoire.store.library import create_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.table import GrimoireScreen

from .helpers import SIZE, first_night, settle
from .storm import calm, check_stack, storm
from .test_key_storms import at_a_seat_prompt

pytestmark = pytest.mark.usefixtures("contained")

REPORTED = {
    "enter-enter-enter": ["ctrl+p", "enter", "enter", "enter"],
    "letter-pageup": ["ctrl+p", "a", "pageup"],
    "letter-pagedown": ["ctrl+p", "e", "pagedown"],
}


# The first on the grimoire in make test; the others are make test-deep's (the soak storms the
# palette over the screens in make test).
ON_THE_GRIMOIRE = [keys if name == "enter-enter-enter" else pytest.param(keys, marks=pytest.mark.slow)
                   for name, keys in REPORTED.items()]


@pytest.mark.parametrize("keys", ON_THE_GRIMOIRE, ids=REPORTED)
async def test_the_reported_palette_keys_on_the_grimoire(keys: list[str]) -> None:
    for seed in range(3):  # they failed before the fix, all six
        rng = random.Random(seed)
        async with GrimoireApp(game=first_night()).run_test(size=SIZE) as pilot:
            await settle(pilot)
            for _ in range(3):
                await storm(pilot, keys, rng)
            await calm(pilot)
            check_stack(pilot.app, bottom=GrimoireScreen)


@pytest.mark.slow  # the soak storms the palette over a picker (the vote's) in make test
@pytest.mark.parametrize("keys", REPORTED.values(), ids=REPORTED)
async def test_the_reported_palette_keys_over_a_picker(keys: list[str]) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        async with GrimoireApp(game=first_night(players=8, seed=3)).run_test(size=SIZE) as pilot:
            await settle(pilot)
            await at_a_seat_prompt(pilot, seed)
            await pilot.press("n")  # the step's picker (its worker waits for it: no settle)
            await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted)
            for _ in range(3):
                await storm(pilot, keys, rng)
            await calm(pilot)
            check_stack(pilot.app, bottom=GrimoireScreen)


async def test_no_game_opens_over_a_question() -> None:
    # Found by the soak: the palette over a picker offered "Resume the last game" (and "New
    # game"), which opened a grimoire over the picker, left waiting for an answer under it.
    game = first_night(players=8, seed=3)
    create_game(game.setup, game.events)
    async with GrimoireApp(game=first_night(players=8, seed=3)).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await at_a_seat_prompt(pilot, 0)
        table = pilot.app.screen
        assert {"New game", "Resume the last game"} <= system_commands(pilot.app, table)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted)
        picker = pilot.app.screen
        assert not {"New game", "Resume the last game"} & system_commands(pilot.app, picker)
        pilot.app.action_resume()  # as a command chosen just before the picker opened
        pilot.app.action_new_game()
        await pilot.pause()
        assert not pilot.app.opening  # no game is being read to open
        await pilot.pause()
        assert pilot.app.screen is picker
        check_stack(pilot.app, bottom=GrimoireScreen)


def system_commands(app: GrimoireApp, screen: object) -> set[str]:
    return {command.title for command in app.get_system_commands(screen)}


@pytest.mark.parametrize("opened", [True, False])
async def test_the_app_ends_a_palettes_searches_only_once_one_was_opened(opened: bool, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from grimoire.tui import palette

    ended: list[object] = []
    monkeypatch.setattr(palette, "end_searches", ended.append)
    async with GrimoireApp(game=first_night()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        if opened:
            await pilot.press("ctrl+p")
            await until(pilot, lambda: pilot.app.screen.__class__ is palette.Palette, "the palette")
            await pilot.press("escape")
            await settle(pilot)
        pilot.app.exit()
        assert ended == ([pilot.app] if opened else [])
