"""Properties over random games played only with legal actions (hypothesis draws the seeds)."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from grimoire.games.voice import rules as r
from grimoire.games.voice.commands import Effect, bundled_commands
from grimoire.games.voice.rules import CAPACITY, Level, RuleError, Tomb

COMMANDS = bundled_commands()


def _moves(tomb: Tomb, rng: random.Random) -> list[Callable[[Tomb], Tomb]]:
    """Candidate actions with random arguments; the rules refuse the illegal ones."""
    n = len(tomb.explorers)
    others = [i for i in range(n) if i != tomb.active]
    landed = rng.sample(others, rng.randint(1, len(others)))
    target = rng.choice(others)
    level = rng.choice(list(Level))
    return [
        lambda t: r.throw_die(t, rng),
        lambda t: r.throw_die(t, rng),
        r.collect_jewel,
        r.collect_jewel,
        lambda t: r.change_level(t, +1),
        lambda t: r.change_level(t, rng.choice((1, -1))),
        lambda t: r.land_on(t, landed, cobra_to=rng.choice(landed)),
        r.take_great_jewel,
        r.go_home,
        r.next_explorer,
        r.next_explorer,
        lambda t: r.mummy_speaks(t, COMMANDS, rng),
        lambda t: r.resolve(t, target=target, level=level),
    ]


def play(seed: int, steps: int, check: Callable[[Tomb, Tomb], None]) -> Tomb:
    rng = random.Random(seed)
    colours = rng.sample(r.COLOURS, rng.randint(2, 4))
    tomb = r.new_tomb(colours)
    for _ in range(steps):
        if tomb.finished:
            break
        move = rng.choice(_moves(tomb, rng))
        try:
            after = move(tomb)
        except RuleError as err:
            assert err.quote in str(err)
            continue
        check(tomb, after)
        tomb = after
    return tomb


def invariants(before: Tomb, after: Tomb) -> None:
    assert r.precious_total(after) == r.TOTAL_PRECIOUS
    assert all(0 <= after.board[lv] <= CAPACITY[lv] for lv in Level)
    assert all(e.precious >= 0 for e in after.explorers)
    assert sum(e.great_jewel for e in after.explorers) + after.great_jewel_on_mummy == 1
    assert sum(e.cobra for e in after.explorers) + after.cobra_on_mummy == 1
    assert (after.part == 2) == (not after.great_jewel_on_mummy) == (not after.cobra_on_mummy)
    assert after.part >= before.part


def the_voice_obeys_the_special_rules(before: Tomb, after: Tomb) -> None:
    if after.last_command is before.last_command or after.last_command is None:
        return
    command = after.last_command
    me = before.current
    assert r.forbidden_reason(before, command) is None
    assert before.part in command.parts
    if me.precious == 0:
        assert command.effect not in (Effect.GIVE_BACK, Effect.GIVE_TO_OPPONENT)
    if me.level is Level.BOTTOM:
        assert command.effect is not Effect.MOVE_DOWN
    if me.level is Level.TOP:
        assert command.effect is not Effect.MOVE_UP
    if before.part == 1:
        assert command.effect is not Effect.RECEIVE_SPELL


@given(st.integers(min_value=0, max_value=2**32))
def test_jewels_great_jewel_and_cobra_are_conserved(seed: int) -> None:
    play(seed, 400, invariants)


@given(st.integers(min_value=0, max_value=2**32))
def test_the_mummy_never_gives_a_forbidden_command(seed: int) -> None:
    play(seed, 400, the_voice_obeys_the_special_rules)


def test_random_games_reach_part_two_and_the_end() -> None:
    # Guards the properties above against a driver that never gets past Part I.
    ends = [play(seed, 3000, invariants) for seed in range(40)]
    assert sum(t.part == 2 for t in ends) >= 30
    assert sum(t.finished for t in ends) >= 30
    for tomb in ends:
        if tomb.finished:
            assert tomb.ender is not None and not tomb.explorers[tomb.ender].cobra
