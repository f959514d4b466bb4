"""Random keys to every screen and modal of the three assistant games (issue #51: random keys
crashed Night of the Mummy and Voice of the Mummy, NoMatches in a picker's on_mount and in the
command palette's first search).

Each place is a game in progress and, where a key opens one, a modal over it. The keys are the
screens' own, every key a hand may land on, and the palette (tests/tui/soak.py), sent as a
terminal delivers them (tests/tui/storm.py); the storm ends as a storyteller quits, the app told
to exit while the palette their last key opened is still being built. The app must end cleanly,
with return code 0. The keys come from a generator seeded by the place's name and the size: a
failure names the seed and the keys sent, and replays.

``make test`` storms each game's table with a modest count, quits as a seat picker is built and
pages an accusation card's list as it opens; every place, at both sizes, with many more keys
(``GRIMOIRE_SOAK_KEYS``, 400 by default), is marked slow.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import attrs
import pytest
from pilot_keys import until
from textual.screen import ModalScreen
from tui.soak import SIZES, SoakApp, alphabet, soak_keys
from tui.storm import calm, check_stack, storm

from grimoire.games.mummy.accuse import WhispersScreen
from grimoire.games.mummy.phones import new_phones
from grimoire.games.mummy.rules import AccusationResult
from grimoire.games.voice import rules as voice
from grimoire.games.voice.commands import Effect, MummyCommand, bundled_commands
from grimoire.games.voice.screen import VoiceScreen
from grimoire.games.voice.setup import SetupModal
from grimoire.tui.screens.start import StartScreen

from .helpers import opened, settle
from .maumau.test_maumau_screen import started
from .mummy.pilot import game_of, open_table


@pytest.fixture(autouse=True)
def contained(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the storm writes (a roster, a typed path) stays in the test's folder."""
    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    monkeypatch.chdir(tmp_path)


QUICK_KEYS = 30
SLOW_KEYS = int(os.environ.get("GRIMOIRE_SOAK_KEYS") or 400)

Reach = Callable[[Any], Awaitable[tuple[Any, Any]]]  # the game's screen, the place's


# --- the games in progress ------------------------------------------------------------------
async def mummy_setup(pilot: Any) -> tuple[Any, Any]:
    await opened(pilot)
    return pilot.app.screen, pilot.app.screen


async def mummy_table(pilot: Any) -> tuple[Any, Any]:
    await opened(pilot)
    game = game_of(("Ann", "Bob", "Cid", "Dee"), ("mummy", "anubis", "sarcophagus", "archeologist"),
                   ("gargoyle", "cat_burglar"))
    table = await open_table(pilot, game)
    return table, table


async def mummy_phones(pilot: Any) -> tuple[Any, Any]:
    """The table played with the players' phones: no gate; the dance has its own screen."""
    await opened(pilot)
    game = game_of(("Ann", "Bob", "Cid", "Dee"), ("sasquatch", "anubis", "dorian_gray", "archeologist"),
                   ("gargoyle", "mummy"))
    table = await open_table(pilot, game, phones=new_phones(game, "0" * 16))
    return table, table


async def voice_tomb(pilot: Any) -> tuple[Any, Any]:
    await opened(pilot)
    await until(pilot, lambda: isinstance(pilot.app.screen, SetupModal) and pilot.app.screen.is_mounted)
    await pilot.press("escape")
    screen = pilot.app.screen
    assert isinstance(screen, VoiceScreen)
    screen.commands = bundled_commands()
    tomb = voice.new_tomb(("red", "yellow", "green"), ("Ann", "Bob", "Cid"))
    screen.tomb = voice.throw_die(tomb, random.Random(1))
    await pilot.pause()
    return screen, screen


async def mummy_players(pilot: Any) -> tuple[Any, Any]:
    """The setup with four players named and the guests chosen at random: ready to deal."""
    screen, _ = await mummy_setup(pilot)
    screen.players = ("Ann", "Bob", "Cid", "Dee")
    await pilot.press("r")
    return screen, screen


async def voice_commanded(pilot: Any, effect: Effect) -> tuple[Any, Any]:
    """Red holds a jewel and the Mummy has just told him to do what ``effect`` says."""
    screen, _ = await voice_tomb(pilot)
    command = MummyCommand("A command of the tests.", effect)
    tomb = voice.collect_jewel(screen.tomb)
    screen.tomb = attrs.evolve(tomb, pending=command, last_command=command, heard_by=0)
    await pilot.pause()
    return screen, screen


async def mummy_whispers(pilot: Any) -> tuple[Any, Any]:
    table, _ = await mummy_table(pilot)
    result = AccusationResult(0, (True, False, True), False, ended_turn=True)
    pilot.app.push_screen(WhispersScreen("Ann", result, "A No among them."))
    await until(pilot, lambda: isinstance(pilot.app.screen, WhispersScreen) and pilot.app.screen.is_mounted)
    return table, pilot.app.screen


async def maumau_deal(pilot: Any) -> tuple[Any, Any]:
    screen = await started(pilot, "Ann, Bob, Cid")
    return screen, screen


def then(reach: Reach, *keys: str) -> Reach:
    """The place ``reach`` leads to, then ``keys``: the game's screen and the modal they
    open, once built."""

    async def place(pilot: Any) -> tuple[Any, Any]:
        base, _ = await reach(pilot)
        await pilot.press(*keys)
        await until(pilot, lambda: pilot.app.screen is not base and pilot.app.screen.is_mounted,
                    f"a modal opened by {' '.join(keys)}")
        return base, pilot.app.screen

    return place


# name: (the game's mode, how to reach the place). Every screen and modal of each game is reached by
# one of these or by the keys of the storm from one of them.
PLACES: dict[str, tuple[str, Reach]] = {
    "mummy-setup": ("mummy", mummy_setup),
    "mummy-players": ("mummy", then(mummy_setup, "p")),
    "mummy-other-guest": ("mummy", then(mummy_setup, "c", "o")),  # in combined sets only
    "mummy-setup-reference": ("mummy", then(mummy_setup, "question_mark")),
    "mummy-table": ("mummy", mummy_table),
    "mummy-inquire": ("mummy", then(mummy_table, "i")),
    "mummy-dance": ("mummy", then(mummy_table, "d")),
    "mummy-accuse": ("mummy", then(mummy_table, "a")),
    "mummy-card": ("mummy", then(mummy_table, "c")),
    "mummy-grid": ("mummy", then(mummy_table, "g")),
    "mummy-reference": ("mummy", then(mummy_table, "question_mark")),
    "mummy-deal": ("mummy", then(mummy_players, "d")),
    "mummy-accusation": ("mummy", then(mummy_table, "a", "enter", "enter")),
    "mummy-whispers": ("mummy", mummy_whispers),
    "mummy-end": ("mummy", then(mummy_table, "escape")),
    "mummy-phones": ("mummy", mummy_phones),
    "mummy-phones-dance": ("mummy", then(mummy_phones, "d", "down", "down", "enter", "enter")),
    "mummy-phones-links": ("mummy", then(mummy_phones, "L")),
    "voice-tomb": ("voice", voice_tomb),
    "voice-new-game": ("voice", then(voice_tomb, "n")),
    "voice-land": ("voice", then(voice_tomb, "x")),
    "voice-obey-whom": ("voice", then(partial(voice_commanded, effect=Effect.GIVE_TO_OPPONENT), "r")),
    "voice-obey-where": ("voice", then(partial(voice_commanded, effect=Effect.GIVE_BACK), "r")),
    "voice-scores": ("voice", then(voice_tomb, "s")),
    "voice-rules": ("voice", then(voice_tomb, "question_mark")),
    "voice-commands-file": ("voice", then(voice_tomb, "o")),
    "voice-leave": ("voice", then(voice_tomb, "escape")),
    "maumau-deal": ("maumau", maumau_deal),
    "maumau-play": ("maumau", then(maumau_deal, "p")),
    "maumau-werewolf": ("maumau", then(maumau_deal, "w")),
    "maumau-turn": ("maumau", then(maumau_deal, "o")),
    "maumau-penalty": ("maumau", then(maumau_deal, "m")),
    "maumau-end-deal": ("maumau", then(maumau_deal, "e")),
    "maumau-scores": ("maumau", then(maumau_deal, "s")),
    "maumau-roster": ("maumau", then(maumau_deal, "r")),
    "maumau-rules": ("maumau", then(maumau_deal, "question_mark")),
}
QUICK = {"mummy-table", "voice-tomb", "maumau-deal"}


async def quit_while_building(pilot: Any, key: str, sent: list[str]) -> None:
    """The storyteller quits as ``key`` opens a picker or the palette: the app is told to exit
    while that screen is being built (its widgets made, its Mount still to come)."""
    app = pilot.app
    below = app.screen
    sent.append(key)
    await storm(pilot, [key], random.Random(0))  # sent, not waited for
    for _ in range(500):  # a screen is built within a few turns of the loop
        top = app.screen
        if top is not below and not top.is_mounted:
            break
        await asyncio.sleep(0)
    app.exit()
    # As in a terminal, the app goes once it takes the exit (it may wait for a screen being
    # built); the test's own end would take it down at once.
    await until(pilot, lambda: app.return_code is not None, "the app to take the exit")


async def no_modal(pilot: Any) -> None:
    """Every modal the storm left open closed (as if answered), down to the screen under them
    (the game's, or the start screen if the storm left the game)."""
    while isinstance(pilot.app.screen, ModalScreen):
        await pilot.app.pop_screen()
    await pilot.pause()


async def storm_then_quit(place: str, size: tuple[int, int], count: int) -> None:
    game, reach = PLACES[place]
    seed = f"{place}-{size[0]}x{size[1]}"
    rng = random.Random(seed)
    app = SoakApp(mode=game)
    sent: list[str] = []
    try:
        async with app.run_test(size=size) as pilot:
            await reach(pilot)
            keys = sorted({key for shown in app.screen_stack[1:] for key in alphabet(shown)})
            for burst in soak_keys(keys, count, rng):
                sent += burst
                await storm(pilot, burst, rng)
                await pilot.pause()
            await calm(pilot)
            check_stack(app, bottom=StartScreen)
            await settle(app)
            await no_modal(pilot)
            await quit_while_building(pilot, "ctrl+p", sent)
    except BaseException as exc:
        raise AssertionError(f"the storm failed: seed {seed!r}, {len(sent)} keys sent: {' '.join(sent)}") from exc
    assert app.return_code == 0, (seed, app.return_code)


RUNS = [(place, size) for place in PLACES for size in SIZES]
PARAMS = [pytest.param(place, size, SLOW_KEYS, marks=pytest.mark.slow) for place, size in RUNS]
QUICK_PARAMS = [(place, SIZES[n % 2], QUICK_KEYS) for n, place in enumerate(sorted(QUICK))]


@pytest.mark.parametrize(("place", "size", "count"), QUICK_PARAMS,
                         ids=[f"{p}-{w}x{h}" for p, (w, h), _ in QUICK_PARAMS])
async def test_a_storm_of_keys_then_quitting_ends_the_game_cleanly(place: str, size: tuple[int, int], count: int) -> None:
    await storm_then_quit(place, size, count)


@pytest.mark.parametrize(("place", "size", "count"), PARAMS, ids=[f"{p}-{w}x{h}" for p, (w, h) in RUNS])
async def test_every_screen_and_modal_under_a_long_storm(place: str, size: tuple[int, int], count: int) -> None:
    await storm_then_quit(place, size, count)


# Keys that open a picker whose on_mount reads its list (a Mau Mau seat picker: NoMatches
# 'OptionList' as the app was quit while it was being built, issue #51).
PICKERS = {"maumau-turn": (maumau_deal, "o"), "voice-land": (voice_tomb, "x"), "mummy-inquire": (mummy_table, "i")}


@pytest.mark.parametrize("place", [place if place == "maumau-turn" else pytest.param(place, marks=pytest.mark.slow)
                                   for place in PICKERS])
async def test_quitting_while_a_picker_is_built_ends_the_game_cleanly(place: str) -> None:
    reach, key = PICKERS[place]
    app = SoakApp(mode=place.partition("-")[0])
    async with app.run_test(size=SIZES[0]) as pilot:
        await reach(pilot)
        below = app.screen
        await storm(pilot, [key], random.Random(0))
        for _ in range(500):  # quit once its widgets are made, its Mount still to come
            top = app.screen
            if top is not below and top.children and not top.is_mounted:
                break
            await asyncio.sleep(0)
        app.exit()
        await until(pilot, lambda: app.return_code is not None, "the app to take the exit")
    assert app.return_code == 0


async def test_a_page_key_as_an_accusation_cards_list_opens() -> None:
    # Found by the storm: Enter opened a card's list and PageUp came before the list was drawn
    # (KeyError: 0 in Textual's page move, which reads the lines of a list not laid out yet).
    app = SoakApp(mode="mummy")
    async with app.run_test(size=SIZES[0]) as pilot:
        place = await then(mummy_table, "a", "enter", "enter")(pilot)
        accusation = place[1]
        for _ in range(3):
            for key in ("enter", "pageup", "escape", "enter", "pagedown", "escape"):
                await storm(pilot, [key], random.Random(0))
                await asyncio.sleep(0)
        await calm(pilot)
        assert app.is_running, app._exception
        assert app.screen is accusation or isinstance(app.screen, ModalScreen)
