"""Keys arriving while a screen opens or closes never crash the app (see tests/tui/storm.py)."""

from __future__ import annotations

import random

import pytest

from grimoire.simulate import random_answer
from grimoire.store.library import create_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.start import StartScreen
from grimoire.tui.screens.table import GrimoireScreen
from night_order import AnswerKind

from .helpers import SIZE, first_night, settle
from .storm import calm, check_stack, random_keys, storm

pytestmark = pytest.mark.usefixtures("contained")


@pytest.mark.parametrize("saved", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["no-saves", "a-save"])
async def test_open_a_path_then_enter_enter_on_the_start_screen(saved: bool) -> None:
    # Reported: o x Enter Enter Enter, five times, gave ScreenStackError (a picker closed
    # twice pops the start screen, then the empty app); or a screen opened over a question.
    if saved:
        game = first_night()
        create_game(game.setup, game.events)
    for seed in (0, 1):  # each failed before the fix (as did most others)
        rng = random.Random(seed)
        async with GrimoireApp().run_test(size=SIZE) as pilot:
            await settle(pilot)
            for _ in range(5):
                await storm(pilot, ["o", "x", "enter", "enter", "enter"], rng)
                await pilot.pause()
            await calm(pilot)
            check_stack(pilot.app, bottom=StartScreen)


async def at_a_seat_prompt(pilot, seed: int) -> GrimoireScreen:  # type: ignore[no-untyped-def]
    """The grimoire at the first night step that is answered with seats."""
    screen = pilot.app.screen
    assert isinstance(screen, GrimoireScreen)
    game, rng = screen.game, random.Random(seed)
    while game.prompt is not None and game.prompt.kind in (AnswerKind.ACK, AnswerKind.CHOICE):
        screen.session.answer(random_answer(game.prompt, game, rng))
    await settle(pilot)
    return screen


@pytest.mark.slow  # three storms of 200 keys; the soak storms the pickers
async def test_a_burst_of_seat_numbers_next_dusk_and_escape_at_a_choice() -> None:
    # Reported: 400 keys from {1, 2, 3, n, d, Esc} at full speed gave NoMatches: 'OptionList'
    # on Pick() (a picker's seat number typed before the picker was built, or after it closed).
    for seed in (2, 7, 9):  # the seeds that failed every time before the fix (of ten, at 200 keys)
        rng = random.Random(seed)
        async with GrimoireApp(game=first_night(players=8, seed=3)).run_test(size=SIZE) as pilot:
            await settle(pilot)
            await at_a_seat_prompt(pilot, seed)
            await storm(pilot, random_keys(["1", "2", "3", "n", "d", "escape"], 200, rng), rng)
            await calm(pilot)
            check_stack(pilot.app)

# Every screen under a storm of its own keys and the palette: tests/tui/test_soak.py.
