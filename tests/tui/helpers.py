"""Driving the grimoire screen by keys, as a storyteller would."""

from __future__ import annotations

import random
from typing import Any

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import random_answer, random_table
from grimoire.tui.app import GrimoireApp
from grimoire.tui.modals import Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.view import CHOICE_KEYS, choice_items
from night_order import AnswerKind

SIZE = (140, 45)


def notes(app: GrimoireApp) -> list[str]:
    return [n.message for n in app._notifications]


def first_night(players: int = 8, seed: int = 3) -> Game:
    game = Game(random_table(players, seed=seed))
    game.apply(ev.StartNight())
    return game


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.app.autosave_done()
    await pilot.pause()


async def type_pick(pilot: Any, text: str) -> None:
    """In an open picker: type to filter, Enter takes the best match."""
    assert isinstance(pilot.app.screen, Pick), pilot.app.screen
    await pilot.press(*text)
    await pilot.press("enter")
    await pilot.pause()


async def answer_by_keys(pilot: Any, screen: GrimoireScreen, rng: random.Random) -> None:
    """Answer the current night prompt with a legal answer, by keys only."""
    game = screen.game
    prompt = game.prompt
    assert prompt is not None
    if prompt.kind is AnswerKind.ACK:
        await pilot.press("n")
        await pilot.pause()
        return
    value = random_answer(prompt, game, rng)
    items = [v for _, v in choice_items(game, prompt)]
    if prompt.kind is AnswerKind.ARTIFACT:
        artifact, seat = value
        while (screen.artifact_choice or prompt.options[0]) != artifact:
            await pilot.press("a")
        values = [seat]
    elif prompt.kind is AnswerKind.PLAYERS:
        values = list(value)
    else:
        values = [value]
    for v in values:
        index = items.index(v)
        if index < len(CHOICE_KEYS):
            await pilot.press(CHOICE_KEYS[index])
        else:  # beyond the number keys: the typed picker
            await pilot.press("enter")
            await pilot.pause()
            await type_pick(pilot, f"{game.state.seats[v].name} (")  # night choices: "Name (Character)"
    await pilot.pause()


async def play_night(pilot: Any, screen: GrimoireScreen, rng: random.Random, limit: int = 200) -> None:
    for _ in range(limit):
        if screen.game.prompt is None:
            return
        before = len(screen.game.events)
        await answer_by_keys(pilot, screen, rng)
        assert len(screen.game.events) == before + 1, notes(pilot.app)[-3:]
    raise AssertionError("the night did not end")
