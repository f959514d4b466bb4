"""Property: random legal Trouble Brewing games (the random-game player, random tables with the
Drunk and the red herring, random choices, told answers, Slayer shots, nominations and
executions) end, and the rules' invariants hold after every event."""

from __future__ import annotations

import random

from grimoire.core import events as ev
from grimoire.core.model import Alignment
from grimoire.core.script import Team, load_script
from grimoire.game import Game
from grimoire.simulate import play_day, random_answer, random_table, random_told
from tests.official.conftest import TB

GAMES = 25  # on the stand-in data (imported once per test): a few seconds


def check(game: Game, dead_before: set[int]) -> set[int]:
    g = game.state
    script = load_script(TB)
    dead = {s.index for s in g.seats if not s.alive}
    assert dead_before <= dead, "nobody comes back to life"
    demons = [s for s in g.seats if s.alive and script.team_of(s.character) is Team.DEMON]
    assert len(demons) <= 1, "one living Demon at most"
    passing = game.prompt is not None and game.prompt.key == "starpass"  # the new Imp is being chosen
    if g.winner is None and not passing:
        assert demons, "the game goes on only while a Demon lives"
        assert sum(1 for s in g.seats if s.alive) > 2
    elif g.winner is Alignment.EVIL:
        saint = any(s.character == "saint" and not s.alive for s in g.seats)
        assert demons and (sum(1 for s in g.seats if s.alive) <= 2 or saint)
    assert len([t for t in g.tokens if t.name == "Poisoned"]) <= 1
    assert len([t for t in g.tokens if t.name == "Safe"]) <= 1
    for record in (g.nights[-1].info if g.nights else []):
        assert record.character in script.by_id
    return dead


def test_random_tb_games_end_and_keep_the_rules(stand_in) -> None:
    ended = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        game = Game(random_table(rng.randint(5, 15), seed=seed, script=str(TB)))
        dead: set[int] = set()
        while game.state.winner is None and game.state.night < 30:
            if game.prompt is None:
                today = game.state.today
                if today is not None and today.execution is None and game.state.night:
                    play_day(game, rng)
                    dead = check(game, dead)
                    if game.state.winner is not None:
                        break
                game.apply(ev.StartNight())
            while game.prompt is not None:
                game.answer(random_answer(game.prompt, game, rng), told=random_told(game.prompt, game, rng))
                dead = check(game, dead)
        ended += game.state.winner is not None
        # The log refolds to the same state (undo's promise).
        replay = Game(game.setup, game.events)
        assert [s.alive for s in replay.state.seats] == [s.alive for s in game.state.seats]
        assert replay.state.winner == game.state.winner
    assert ended == GAMES
