"""Property: random legal Bad Moon Rising games (random tables with the grandchild and the
Lunatic's Demon, random choices, told answers, day acts, nominations and executions) end, and
the rules' promises hold after every event: no death that a working protection stops, the
Zombuul's first death registers it as dead, the Pukka's victim dies at its next step, and
nothing is asked once a team has won."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.happenings import Died, Spared
from grimoire.core.model import GameState, Phase
from grimoire.core.official import OfficialData
from grimoire.game import Game
from grimoire.rules.bmr.deaths import tea_lady_protects
from grimoire.rules.bmr.impair import state, works
from grimoire.simulate import play_day, random_answer, random_table, random_told
from night_order import AnswerKind
from tests.examples import quick_and_full
from tests.official.conftest import BMR


def _new(before: GameState, g: GameState) -> list[Any]:
    """What the rules recorded since ``before`` (tonight's and today's records)."""
    out: list[Any] = []
    for a, b in ((before.nights, g.nights), (before.days, g.days)):
        if b:
            same = len(a) == len(b)
            out += b[-1].happenings[len(a[-1].happenings) if same else 0:]
    return out


def _protected(g: GameState, x: int, night: bool, cause: str = "") -> str | None:
    """The protection that holds on ``x`` now, if any (the Assassin's kill goes through them)."""
    st = state(g)
    s = g.seats[x]
    advocate = g.seat_of("devilsadvocate")
    if cause == "execution" and advocate is not None and st.advocate == x and works(g, advocate.index):
        return "devilsadvocate"
    inn = g.seat_of("innkeeper")
    if night and inn is not None and x in st.guests and works(g, inn.index):
        return "innkeeper"
    if tea_lady_protects(g, x) is not None:
        return "tealady"
    if s.character == "sailor" and works(g, x):
        return "sailor"
    if s.character == "fool" and "fool" not in st.spent and works(g, x):
        return "fool"
    return None


def _pukka_done(g: GameState, prompt: Any) -> bool:
    """Tonight's Pukka step is over (woken, or passed by, and not waiting for its choice)."""
    if not g.nights:
        return False
    night = g.nights[-1]
    reached = "pukka" in night.woke or "pukka" in night.skipped or (prompt is not None and prompt.step == "pukka")
    return reached and not (prompt is not None and prompt.step == "pukka") and (
        "pukka" in night.woke or "pukka" in night.skipped)


def check(before: GameState, game: Game, asked: Any) -> None:
    g = game.state
    if g.winner is not None:
        assert game.prompt is None, "nothing is asked once a team has won"
    new = _new(before, g)
    night = before.phase is Phase.NIGHT
    for h in new:
        if not isinstance(h, Died) or h.cause in ("assassin", "starpass"):
            continue
        why = _protected(before, h.seat, night, h.cause)
        # another death of the same event may have ended the protection (the Innkeeper killed first)
        if why is not None and _protected(g, h.seat, night, h.cause) == why:
            raise AssertionError(f"{g.name(h.seat)} died of {h.cause} though the {why} protected them")
        zombuul = before.seats[h.seat].character == "zombuul"
        if zombuul and h.seat not in state(before).registers_dead and works(before, h.seat):
            assert h.cause == "assassin", "the sober Zombuul's first death registers it as dead"
    prev = state(before).pukka_victim
    pukka = before.seat_of("pukka")
    stepped = _pukka_done(g, game.prompt) and g.night == before.night
    if (prev is not None and pukka is not None and stepped and g.night > 1
            and not _pukka_done(before, asked) and works(before, pukka.index) and works(g, pukka.index)):
        died = not g.seats[prev].alive
        spared = any(isinstance(h, Spared) and h.seat == prev for h in new)
        assert died or spared, "the Pukka's victim dies at the Pukka's next step (or is protected)"


def answer(prompt: Any, game: Game, rng: random.Random) -> Any:
    """A random answer, a living player more often than not: a Pukka that chose among the dead
    as often as the living left a 15-seat table of three players to night 30 (seed 189335)."""
    living = [i for i in prompt.choices if game.state.seats[i].alive]
    if prompt.kind is AnswerKind.PLAYER and living and rng.random() < 0.8:
        pick = rng.choice(living)
        if not prompt.check(pick):
            return pick
    return random_answer(prompt, game, rng)


def play(seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(random_table(rng.randint(5, 15), seed=seed, script=str(BMR)))
    while game.state.winner is None and game.state.night < 30:
        if game.prompt is None:
            today = game.state.today
            if today is not None and today.execution is None and game.state.night:
                before = game.state.clone()
                play_day(game, rng)
                check(before, game, None)
                if game.state.winner is not None:
                    break
            game.apply(ev.StartNight())
        while game.prompt is not None:
            before, asked = game.state.clone(), game.prompt
            game.answer(answer(game.prompt, game, rng), told=random_told(game.prompt, game, rng))
            check(before, game, asked)
    return game


# The stand-in data is imported once for the test and only read by its examples: 5 random games
# in make test, 100 in make test-slow (and CI).
@quick_and_full(st.integers(0, 1 << 30), quick=5, full=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_random_bmr_games_end_and_keep_the_rules(stand_in: OfficialData, seed: int) -> None:
    game = play(seed)
    assert game.state.winner is not None, "a game of Bad Moon Rising ends within 30 nights"
    replay = Game(game.setup, game.events)  # the log refolds to the same state (undo's promise)
    assert [s.alive for s in replay.state.seats] == [s.alive for s in game.state.seats]
    assert replay.state.winner == game.state.winner
