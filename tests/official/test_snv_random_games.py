"""Property: random legal Sects & Violets games (random tables with the Evil Twin's twin, random
choices, told answers, nominations and executions) end, and the rules' promises hold after every
event: every answer reads the current character (the Dreamer's), a step the Vortox makes false is
never told the truth, the players' view never shows a player's character (nor a change of it), no
prompt is asked once a team has won, and the log refolds to the same game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.happenings import Became
from grimoire.core.model import GameState
from grimoire.core.official import OfficialData
from grimoire.core.public import public_view
from grimoire.core.script import load_script
from grimoire.game import Game
from grimoire.rules import told as told_rules
from grimoire.rules.snv.impair import state
from grimoire.simulate import play_day, random_answer, random_table, random_told
from tests.examples import quick_and_full
from tests.official.conftest import SNV


def check(game: Game) -> None:
    g: GameState = game.state
    if g.winner is not None:
        assert game.prompt is None, "nothing is asked once a team has won"
    prompt = game.prompt
    record = prompt.informs if prompt is not None else None
    if record is not None and record.character.removeprefix("philosopher_") == "dreamer":
        assert record.truth == g.seats[record.about[0]].character, "the Dreamer reads the current character"
    if g.winner is None:
        shown = repr(public_view(g))
        script = load_script(g.script_id)
        for seat in g.seats:
            assert script.character(seat.character).name not in shown, "the players' view shows no character"
        for record in (*g.nights, *g.days):  # nor a change of one: neither what they were nor that they changed
            for h in record.happenings:
                if isinstance(h, Became):
                    assert script.character(h.was).name not in shown and "became" not in shown.lower()
    for night in g.nights[-1:]:
        for r in night.info:
            if r.character in state(g).false_info and r.told is not None:
                assert not told_rules.is_true(game.rules, r, r.told), "the Vortox's Townsfolk are never told the truth"


def play(seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(random_table(rng.randint(5, 15), seed=seed, script=str(SNV)))
    while game.state.winner is None and game.state.night < 30:
        if game.prompt is None:
            today = game.state.today
            if today is not None and today.execution is None and game.state.night:
                play_day(game, rng)
                check(game)
                if game.state.winner is not None:
                    break
            game.apply(ev.StartNight())
            check(game)
        while game.prompt is not None:
            game.answer(random_answer(game.prompt, game, rng), told=random_told(game.prompt, game, rng))
            check(game)
    return game


# The stand-in data is imported once for the test and only read by its examples: 3 random games
# in make test, 100 in make test-slow (and CI).
@quick_and_full(st.integers(0, 1 << 30), quick=3, full=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_random_snv_games_end_and_keep_the_rules(stand_in: OfficialData, seed: int) -> None:
    game = play(seed)
    assert game.state.winner is not None or game.state.night >= 30
    replay = Game(game.setup, game.events)  # the log refolds to the same state (undo's promise)
    assert [s.alive for s in replay.state.seats] == [s.alive for s in game.state.seats]
    assert [s.character for s in replay.state.seats] == [s.character for s in game.state.seats]
    assert replay.state.winner == game.state.winner
