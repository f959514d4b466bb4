"""A step whose reminder sets a condition ("If an Outsider died today: Wake the Godfather") says
that condition where it says whom to wake, on a script without rules; one whose condition
wakes no one ("...: The Grandmother dies") wakes no one. At dawn the record says no death was
recorded, not that nobody died: the storyteller records the deaths."""

from __future__ import annotations

import json
from pathlib import Path

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.tui.support.text import prompt_text

CHARACTERS = [
    {"id": "_meta", "name": "Conditions", "author": "Grimoire tests"},
    {"id": "knight", "name": "Knight", "team": "townsfolk", "ability": "You are brave."},
    {"id": "granny", "name": "Granny", "team": "townsfolk", "ability": "If the Demon kills your grandchild, you die too.",
     "otherNight": 4, "otherNightReminder": "If the Demon killed the Granny's grandchild tonight: The Granny dies."},
    {"id": "squire", "name": "Squire", "team": "townsfolk", "ability": "You are loyal."},
    {"id": "hermitess", "name": "Hermitess", "team": "outsider", "ability": "You live alone."},
    {"id": "don", "name": "Don", "team": "minion", "ability": "Each night*, if an Outsider died today, choose a player: they die.",
     "otherNight": 3, "otherNightReminder": "If an Outsider died today: Wake the Don. The Don points to a player. That player dies."},
    {"id": "fiend", "name": "Fiend", "team": "demon", "ability": "Each night*, choose a player: they die.",
     "otherNight": 5, "otherNightReminder": "Wake the Fiend. The Fiend points to a player. That player dies."},
]
SEATS = (("Ann", "knight"), ("Ben", "granny"), ("Cat", "hermitess"), ("Dan", "don"), ("Eve", "fiend"))


def second_night(tmp_path: Path) -> Game:
    path = tmp_path / "conditions.json"
    path.write_text(json.dumps(CHARACTERS), encoding="utf-8")
    game = Game(TableSetup(seats=[SeatSetup(n, c) for n, c in SEATS], script=str(path)))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        if game.prompt.step == "dawn":
            assert "No death recorded tonight." in game.prompt.notes
        game.answer(None)
    game.apply(ev.StartNight())
    return game


def walk_to(game: Game, step: str) -> None:
    while game.prompt is not None and game.prompt.step != step:
        game.answer(None)
    assert game.prompt is not None, f"no {step} step tonight"


def test_a_conditional_wake_says_its_condition(tmp_path: Path) -> None:
    game = second_night(tmp_path)
    walk_to(game, "don")
    prompt = game.prompt
    assert prompt is not None
    assert prompt.wake == (3,) and prompt.wake_if == "an Outsider died today"
    assert prompt.question == "Only if an Outsider died today: wake Dan (Don)."
    text = prompt_text(game, prompt, [], None)
    assert "Wake only if an Outsider died today: Dan (Don)" in text and "Wake: " not in text


def test_a_condition_that_wakes_no_one_wakes_no_one(tmp_path: Path) -> None:
    game = second_night(tmp_path)
    walk_to(game, "granny")
    prompt = game.prompt
    assert prompt is not None and prompt.wake == ()
    assert prompt.question == "Only if the Demon killed the Granny's grandchild tonight: The Granny dies."
    walk_to(game, "fiend")
    assert game.prompt is not None and game.prompt.wake == (4,) and game.prompt.wake_if == ""
