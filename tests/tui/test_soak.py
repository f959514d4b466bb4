"""No key sequence, at any speed, closes the app (issue #28): every screen under the soak
(tests/tui/soak.py), the command palette opened over each, at 80x24 and at 140x45."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from pilot_keys import until

from grimoire.game import Game
from grimoire.simulate import random_answer
from grimoire.store.library import create_game, delete_game
from grimoire.tui.screens.library import TrashScreen
from grimoire.tui.screens.modals import AskText, KeysHelp, Pick
from grimoire.tui.screens.player_card import PlayerCardScreen
from grimoire.tui.screens.reveal import RevealScreen
from grimoire.tui.screens.seat_links import SeatLinksScreen
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.start import StartScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.screens.vote import VoteScreen
from night_order import AnswerKind

from .helpers import first_night, settle
from .soak import DEEP, SIZES, SoakApp, soak
from .test_reveal import finished_game
from .test_vote_round import with_the_dead

pytestmark = pytest.mark.usefixtures("contained")


async def opened(pilot: Any, key: str, kind: type) -> Any:
    """``key`` pressed: the screen of ``kind`` it opens, once built (a question's worker waits
    for its answer, so no settling here)."""
    await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, kind) and pilot.app.screen.is_mounted, kind.__name__)
    return pilot.app.screen


def answered_until(screen: GrimoireScreen, stop: Callable[[Any], bool], seed: int = 1) -> None:
    """The night answered at random until ``stop(prompt)`` (or its end)."""
    game, rng = screen.game, random.Random(seed)
    while game.prompt is not None and not stop(game.prompt):
        screen.session.answer(random_answer(game.prompt, game, rng))


# --- how to reach each screen --------------------------------------------------------------------
async def start(pilot: Any) -> Any:
    await settle(pilot)
    return pilot.app.screen


async def library(pilot: Any) -> Any:
    await settle(pilot)
    return await opened(pilot, "t", TrashScreen)


async def open_dialog(pilot: Any) -> Any:
    await settle(pilot)
    return await opened(pilot, "o", AskText)


async def setup(pilot: Any) -> Any:
    await settle(pilot)
    pilot.app.push_screen(SetupScreen(seed=7, names=("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")))
    await until(pilot, lambda: isinstance(pilot.app.screen, SetupScreen) and pilot.app.screen.is_mounted)
    return pilot.app.screen


def on_setup(key: str) -> Callable[[Any], Any]:
    async def reach(pilot: Any) -> Any:
        await setup(pilot)
        await pilot.press("escape", "home")  # out of the names' field, on the first player
        return await opened(pilot, key, Pick)

    return reach


async def game_screen(pilot: Any) -> Any:
    # Not settled: a game's first screen may open a question (new game, resume) at once.
    await pilot.pause()
    return pilot.app.screen


async def night(pilot: Any) -> Any:
    await settle(pilot)
    screen = pilot.app.screen
    answered_until(screen, lambda p: p.kind not in (AnswerKind.ACK, AnswerKind.CHOICE))
    await settle(pilot)
    return screen


async def seat_picker(pilot: Any) -> Any:
    await night(pilot)
    return await opened(pilot, "n", Pick)


async def told_picker(pilot: Any) -> Any:
    await settle(pilot)
    answered_until(pilot.app.screen, lambda p: p.informs is not None)
    await settle(pilot)
    return await opened(pilot, "f", Pick)


async def day(pilot: Any) -> Any:
    await settle(pilot)
    answered_until(pilot.app.screen, lambda p: False)
    await settle(pilot)
    return pilot.app.screen


def on_table(key: str, kind: type) -> Callable[[Any], Any]:
    async def reach(pilot: Any) -> Any:
        await settle(pilot)
        return await opened(pilot, key, kind)

    return reach


async def seat_card(pilot: Any) -> Any:
    await settle(pilot)
    pilot.app.screen.open_card(2)
    await until(pilot, lambda: pilot.app.screen.is_mounted)
    return pilot.app.screen


async def player_card(pilot: Any) -> Any:
    await settle(pilot)
    pilot.app.screen.action_choose_card()
    await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted)
    await pilot.press("enter")  # the first card
    await until(pilot, lambda: isinstance(pilot.app.screen, PlayerCardScreen) and pilot.app.screen.is_mounted)
    return pilot.app.screen


def library_with_a_game_and_one_in_the_trash() -> None:
    game = first_night(players=9, seed=5)
    delete_game(create_game(game.setup, game.events))
    game = first_night()
    create_game(game.setup, game.events)


def a_night() -> Game:
    return first_night(players=11, seed=3)  # 11 seats: "1" waits for "10", "11"


# name: (the app's arguments, how to reach the screen, the screen at the bottom of it all)
PLACES: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[Any], Any], type]] = {
    "start": (dict, start, StartScreen),
    "library": (dict, library, StartScreen),
    "open-dialog": (dict, open_dialog, StartScreen),
    "setup": (dict, setup, StartScreen),
    "character-picker": (dict, on_setup("c"), StartScreen),
    "script-choice": (dict, on_setup("S"), StartScreen),
    "night": (lambda: dict(game=a_night()), night, GrimoireScreen),
    "seat-picker": (lambda: dict(game=a_night()), seat_picker, GrimoireScreen),
    "told-picker": (lambda: dict(game=a_night()), told_picker, GrimoireScreen),
    "day": (lambda: dict(game=a_night()), day, GrimoireScreen),
    "vote": (lambda: dict(game=with_the_dead()), on_table("v", VoteScreen), GrimoireScreen),
    "timer": (lambda: dict(game=with_the_dead()), on_table("h", Pick), GrimoireScreen),
    "seat-links": (lambda: dict(game=a_night()), on_table("L", SeatLinksScreen), GrimoireScreen),
    "exports": (lambda: dict(game=a_night()), on_table("E", Pick), GrimoireScreen),
    "overrides": (lambda: dict(game=a_night()), on_table("!", Pick), GrimoireScreen),
    "keys-help": (lambda: dict(game=a_night()), on_table("?", KeysHelp), GrimoireScreen),
    "seat-card": (lambda: dict(game=a_night()), seat_card, GrimoireScreen),
    "player-card": (lambda: dict(game=a_night()), player_card, GrimoireScreen),
    "reveal": (lambda: dict(game=finished_game()), on_table("r", RevealScreen), GrimoireScreen),
    "mummy": (lambda: dict(mode="mummy"), game_screen, StartScreen),
    "voice": (lambda: dict(mode="voice"), game_screen, StartScreen),
    "maumau": (lambda: dict(mode="maumau"), game_screen, StartScreen),
}
# make test-deep: every screen at both sizes. Otherwise each screen at one size (the two sizes in
# turn), and make test soaks only these; the rest are marked slow (each screen keeps quicker
# Pilot tests in make test).
QUICK = {"setup", "night", "vote"}  # the start screen: tests/tui/test_key_storms.py
RUNS = [(place, size) for n, place in enumerate(PLACES) for size in (SIZES if DEEP else SIZES[n % 2:n % 2 + 1])]
PARAMS = [run if run[0] in QUICK else pytest.param(*run, marks=pytest.mark.slow) for run in RUNS]


@pytest.mark.parametrize(("place", "size"), PARAMS, ids=[f"{p}-{w}x{h}" for p, (w, h) in RUNS])
async def test_no_storm_of_keys_closes_the_app(place: str, size: tuple[int, int]) -> None:
    arguments, reach, bottom = PLACES[place]
    library_with_a_game_and_one_in_the_trash()
    await soak(SoakApp(**arguments()), reach, bottom, seed=place, size=size)
