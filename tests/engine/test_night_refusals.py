"""Wrong night answers are refused with the rule that forbids them, and nothing changes."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.game import Game, IllegalAction, SeatSetup
from tests.phantom_table import phantom_table

TABLE = phantom_table(
    seats=(
        SeatSetup("Ann", "meg"),
        SeatSetup("Ben", "inspector_mifroid"),
        SeatSetup("Cat", "trapdoor_keeper"),
        SeatSetup("Dan", "phantom"),
        SeatSetup("Eve", "raoul_de_chagny"),
        SeatSetup("Fay", "stage_designer"),
        SeatSetup("Gus", "claque"),
    ),
    artifacts=("monkey_music_box",),
)


def walk_to(game: Game, step: str, answers: dict) -> None:
    while game.prompt is not None and game.prompt.step != step:
        key = game.prompt.key
        game.answer(answers[key] if key else None)


def refused(game: Game, value, message: str) -> None:
    before, count, prompt = game.state.clone(), len(game.events), game.prompt
    with pytest.raises(IllegalAction, match=message):
        game.answer(value)
    assert game.state == before and len(game.events) == count and game.prompt == prompt


def test_first_night_refusals() -> None:
    game = Game(TABLE)
    game.apply(ev.StartNight())
    walk_to(game, "monkey_music_box", {"claque": "clockwise"})
    refused(game, ["monkey_music_box", 3], "cannot choose themselves")
    game.answer(["monkey_music_box", 0])  # to Meg
    assert game.prompt.step == "meg"
    refused(game, 0, "Meg cannot pass to herself")
    game.answer("keep")
    walk_to(game, "inspector_mifroid", {})
    refused(game, [1, 2], "2 other players")
    refused(game, [2, 2], "different players")
    game.answer([2, 3])


def test_other_night_refusals() -> None:
    game = Game(TABLE)
    game.apply(ev.StartNight())
    walk_to(game, None, {"claque": "clockwise", "artifact": ["monkey_music_box", 4],
                         "inspector_mifroid": [2, 3]})
    game.apply(ev.Execute(6))  # the Claque dies
    game.apply(ev.StartNight())
    walk_to(game, "monkey_music_box", {})
    refused(game, 4, "cannot pass to themselves")
    game.answer(1)
    walk_to(game, "stage_designer", {})
    refused(game, 6, "Gus is dead")
    game.answer("no")
    refused(game, 4, "not yourself")
