"""A homebrew script whose characters carry every ``vote`` special (tests/votes/scripts/ballot.json),
played to its first day: a secret vote, weighted and negative hands, a multiplier without a value."""

from __future__ import annotations

import random
from pathlib import Path

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.simulate import random_answer

BALLOT = Path(__file__).with_name("scripts") / "ballot.json"
CAST = (("Ann", "lamplighter"), ("Ben", "cooper"), ("Cat", "tanner"), ("Dan", "carter"),
        ("Eve", "hurdygurdy"), ("Fay", "gloomwyrm"))
VISITORS = (("Gus", "tallyclerk"), ("Hal", "cutpurse"), ("Ivy", "scrivener"))


def ballot_day(hurdy: bool = True, visitors: tuple[tuple[str, str], ...] = VISITORS) -> Game:
    """Day one on the Ballot Box (``hurdy``: the secret-vote Minion at seat 4, else a Townsfolk)."""
    cast = CAST if hurdy else (*CAST[:4], ("Eve", "miller"), CAST[5])
    seats = [SeatSetup(n, c) for n, c in cast] + [SeatSetup(n, c, traveller=True) for n, c in visitors]
    game = Game(TableSetup(seats=seats, script=str(BALLOT)))
    game.apply(ev.StartNight())
    rng = random.Random(1)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    if game.state.phase is not Phase.DAY:
        game.apply(ev.StartNight())  # the storyteller's night ends at the next call
    assert game.state.phase is Phase.DAY, game.state.phase
    return game
