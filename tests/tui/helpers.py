"""Driving the grimoire screen by keys, as a storyteller would."""

from __future__ import annotations

import random
from typing import Any

from pilot_keys import type_text, until

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.foresight import foresee
from grimoire.simulate import random_answer, random_table
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.screens.vote import VoteScreen
from grimoire.tui.support.choice_keys import keys_for_seat
from grimoire.tui.support.told_items import asks_told, told_items
from grimoire.tui.support.view import choice_items, pair_option_items
from night_order import AnswerKind

SIZE = (140, 45)


def notes(app: GrimoireApp) -> list[str]:
    return [n.message for n in app._notifications]


def first_night(players: int = 8, seed: int = 3) -> Game:
    game = Game(random_table(players, seed=seed, script="phantom"))
    game.apply(ev.StartNight())
    return game


async def settle(pilot: Any) -> None:
    await pilot.pause()
    # A question left waiting for an answer the keys never gave fails the test, never hangs it.
    working = list(pilot.app.workers)
    await until(pilot, lambda: all(w.is_finished for w in working),
                f"the workers ({', '.join(w.name for w in working if not w.is_finished)}): a question unanswered?")
    await pilot.app.autosave_done()
    await until(pilot, lambda: pilot.app.file_jobs.idle, "the file jobs (which game is open, the tidying)")
    await pilot.pause()


async def export_by_keys(pilot: Any, fmt: str, path: Any) -> str:
    """Export the session log by keys (E, the format, the path); the file's text."""
    await pilot.press("E")
    await pilot.pause()
    await type_text(pilot, fmt)
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("ctrl+u")
    await type_text(pilot, str(path))
    await pilot.press("enter")
    await until(pilot, path.exists)
    return path.read_text(encoding="utf-8")


async def type_pick(pilot: Any, text: str) -> None:
    """In an open picker: type letters to filter, Enter takes the best match."""
    assert isinstance(pilot.app.screen, Pick), pilot.app.screen
    assert not any(c.isdigit() for c in text), "digits are seat numbers: use pick_seat"
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def pick_seat(pilot: Any, seat: int) -> None:
    """In an open picker: type the seat's number (seat index + 1), Enter if it would wait."""
    picker = pilot.app.screen
    assert isinstance(picker, Pick), picker
    offered = [i.number for i in picker.rows if i.number is not None]
    await pilot.press(*keys_for_seat(seat + 1, offered))
    await pilot.pause()
    if picker.foresees and pilot.app.screen is picker:  # the number highlighted it, with what it does
        await pilot.press("enter")
        await pilot.pause()


async def answer_by_keys(pilot: Any, screen: GrimoireScreen, rng: random.Random) -> None:
    """Answer the current night prompt with a legal answer, by keys only: a seat by its number
    on the circle, an option (keep, decline, clockwise, an artifact) by its letter."""
    game = screen.game
    prompt = game.prompt
    assert prompt is not None
    if asks_told(prompt, game.rules):  # drunk or poisoned, or several truths: the step asks which was given
        await pilot.press(told_items(game, prompt, truth_first=True, every=False)[0].key)  # the truth
        await pilot.pause()
        return
    if prompt.kind is AnswerKind.ACK:
        await pilot.press("n")
        await pilot.pause()
        return
    value = random_answer(prompt, game, rng)
    items = choice_items(game, prompt)
    if prompt.kind is AnswerKind.OPTION_AND_PLAYER and prompt.player_first:
        # The player by number, then the option from its list by typing its name.
        option, seat = prompt.pair(value)
        await pilot.press(*keys_for_seat(seat + 1, [i.number for i in items if i.number is not None]))
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted, "the options")
        picker = pilot.app.screen
        await type_text(pilot, next(i.label for i in picker.rows if i.value == option))
        await pilot.press("enter")
        await pilot.pause()
        seen = foresee(game, ev.Answer(step=prompt.step, value=value))
        if seen.happens and not seen.refused:  # confirmed first, saying what it would do
            await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen is not picker
                        and pilot.app.screen.is_mounted, "the confirmation of what the answer would do")
            await pilot.press("enter")
            await pilot.pause()
        return
    if prompt.kind is AnswerKind.OPTION_AND_PLAYER:
        artifact, seat = value
        if len(prompt.options) > 1 and screen.option_choice != artifact:  # the option first, by its letter
            await pilot.press(next(i.key for i in pair_option_items(game, prompt) if i.value == artifact))
        values = [seat]
    elif prompt.kind is AnswerKind.PLAYERS:
        values = list(value)
    else:
        values = [value]
    seen = foresee(game, ev.Answer(step=prompt.step, value=value))
    asked = seen.happens and not seen.refused
    offered = [i.number for i in items if i.number is not None]
    keys: list[str] = []
    for v in values:
        item = next(i for i in items if i.value == v)
        keys = keys_for_seat(item.number, offered) if item.number is not None else [item.key]
        await pilot.press(*keys)
    await pilot.pause()
    if asked:  # an answer that kills or ends the game asks first, saying what it would do
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted,
                    "the confirmation of what the answer would do")
        # Typed right after a seat number's digit, an Enter is that number's end: then another.
        await pilot.press(*(["enter"] if keys[-1].isdigit() else []), "enter")
        await pilot.pause()


async def play_night(pilot: Any, screen: GrimoireScreen, rng: random.Random, limit: int = 200) -> None:
    for _ in range(limit):
        if screen.game.prompt is None:
            return
        before = len(screen.game.events)
        await answer_by_keys(pilot, screen, rng)
        assert len(screen.game.events) == before + 1, notes(pilot.app)[-3:]
    raise AssertionError("the night did not end")


async def open_vote(pilot: Any) -> VoteScreen:
    """``v`` on the grimoire (one nomination waiting): the vote screen, built."""
    await pilot.press("v")
    await until(pilot, lambda: isinstance(pilot.app.screen, VoteScreen) and pilot.app.screen.is_mounted,
                "the vote screen")
    return pilot.app.screen


async def vote_by_keys(pilot: Any, up: Any) -> None:
    """``v``, then round the circle: ``y`` for each seat in ``up``, ``n`` for the others;
    Enter records the vote."""
    screen = await open_vote(pilot)
    while screen.round.at is not None:
        await pilot.press("y" if screen.round.at in up else "n")
    await pilot.press("enter")
    await pilot.pause()
