"""A Trouble Brewing table for tests, on the stand-in official data (the ``stand_in`` fixture)."""

from __future__ import annotations

from typing import Any

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, SetupToken, TableSetup
from tests.official.conftest import TB

# 8 players: Ann the Drunk (thinks she is the Chef), Ben the Imp, Cat the Empath, Dan the
# Poisoner, Eve the Monk, Fay the Slayer, Gus the Mayor, Hal the Washerwoman.
EIGHT = (("Ann", "drunk"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk"),
         ("Fay", "slayer"), ("Gus", "mayor"), ("Hal", "washerwoman"))


def tb_game(seats: Any = EIGHT, thinks: str = "chef", red_herring: int | None = None) -> Game:
    table = [SeatSetup(n, c, thinks=thinks if c == "drunk" else None) for n, c in seats]
    tokens = () if red_herring is None else (SetupToken("Red Herring", "fortuneteller", red_herring),)
    return Game(TableSetup(seats=table, script=str(TB), tokens=tokens))


def night(game: Game, **answers: Any) -> list[str]:
    """Play a night from dusk, answering each asked step from ``answers`` (by the prompt's key);
    returns the steps that asked. Stops at dawn's end or when a team has won."""
    return [p.key for p in night_prompts(game, **answers) if p.key is not None]


def night_prompts(game: Game, **answers: Any) -> list[Any]:
    """``night``, returning every prompt the walker gave, those that only wake and tell too."""
    game.apply(ev.StartNight())
    given = []
    while game.prompt is not None:
        prompt = game.prompt
        given.append(prompt)
        game.answer(None if prompt.key is None else answers[prompt.key])
    return given


def woken_at(prompts: list[Any], step: str) -> list[Any]:
    """The prompts at ``step`` that wake someone to tell them something (no answer asked)."""
    return [p for p in prompts if p.step == step and p.key is None]


def info(game: Game, character: str) -> Any:
    found = [r for r in game.state.nights[-1].info if r.character == character]
    return found[-1] if found else None
