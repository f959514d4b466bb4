"""Voice of the Mummy: the tomb survives to_dict / TOML / from_dict."""

from __future__ import annotations

import random
import tomllib

import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from grimoire.games.voice import rules, save
from grimoire.games.voice.commands import bundled_commands
from grimoire.games.voice.rules import Level, RuleError

COMMANDS = bundled_commands()


def random_tomb(seed: int, players: int, steps: int) -> rules.Tomb:
    rng = random.Random(seed)
    names = [rng.choice(["", "Ann", "Bo Li", "[b]Cy[/]", "Dee"]) + str(i) for i in range(players)]
    tomb = rules.new_tomb(rng.sample(rules.COLOURS, players), names, rng.randrange(players))
    for _ in range(steps):
        n = len(tomb.explorers)
        kind = rng.randrange(10)
        try:
            if rng.random() < 0.5:  # head for the Great Jewel and home, so Part II is reached
                tomb = purposeful(tomb, rng)
                continue
            if kind == 0:
                tomb = rules.collect_jewel(tomb)
            elif kind == 1:
                tomb = rules.land_on(tomb, rng.sample(range(n), rng.randint(1, n)))
            elif kind == 2:
                tomb = rules.change_level(tomb, rng.choice((1, -1)))
            elif kind == 3:
                tomb = rules.take_great_jewel(tomb)
            elif kind == 4:
                tomb = rules.go_home(tomb)
            elif kind == 5:
                tomb = rules.next_explorer(tomb, rng.choice((1, 1, -1)))
            elif kind == 6:
                tomb = rules.mummy_speaks(tomb, COMMANDS, rng)
            elif kind == 7:
                tomb = rules.throw_die(tomb, rng)
            else:
                tomb = rules.resolve(tomb, target=rng.randrange(n), level=rng.choice(list(Level)))
        except RuleError:
            pass
    return tomb


def purposeful(tomb: rules.Tomb, rng: random.Random) -> rules.Tomb:
    me = tomb.current
    if tomb.pending is not None:
        others = [i for i in range(len(tomb.explorers)) if i != tomb.active]
        return rules.resolve(tomb, target=rng.choice(others), level=rng.choice(list(Level)))
    if tomb.turn.throw is None:  # the move first
        return rules.throw_die(tomb, rng)
    if tomb.part == 1:
        if me.level == Level.TOP and tomb.board[Level.TOP] and not tomb.turn.collected:
            return rules.collect_jewel(tomb)
        if me.level == Level.TOP and not tomb.board[Level.TOP] and not tomb.turn.collected:
            return rules.take_great_jewel(tomb)
        if me.level < Level.TOP and not tomb.turn.changed_level:
            return rules.change_level(tomb, 1)  # the steps, at the end of the turn
        return rules.next_explorer(tomb)
    if me.cobra and not tomb.turn.landed:
        others = [i for i in range(len(tomb.explorers)) if i != tomb.active]
        return rules.land_on(tomb, [rng.choice(others)])
    if me.level > Level.BOTTOM and not tomb.turn.changed_level:
        return rules.change_level(tomb, -1)
    if me.level == Level.BOTTOM and not me.cobra and rng.random() < 0.1:
        return rules.go_home(tomb)
    return rules.next_explorer(tomb)


@given(st.integers(0, 2**32), st.integers(2, 4), st.integers(0, 120))
def test_round_trip_of_random_legal_games(seed: int, players: int, steps: int) -> None:
    tomb = random_tomb(seed, players, steps)
    assert save.from_dict(save.to_dict(tomb)) == tomb
    assert save.from_dict(tomllib.loads(tomli_w.dumps(save.to_dict(tomb)))) == tomb


def test_a_save_from_before_names_the_die_and_rule_7_2_still_loads() -> None:
    old = {
        "format": 1,
        "explorers": [
            {"colour": "red", "level": 1, "precious": 2, "great_jewel": False, "cobra": False},
            {"colour": "blue", "level": 0, "precious": 0, "great_jewel": False, "cobra": False},
        ],
        "part": 1,
        "board": [10, 8, 6],
        "great_jewel_on_mummy": True,
        "cobra_on_mummy": True,
        "active": 1,
        "turn": {"collected": True, "landed": False, "spoke": False, "changed_level": False},
        "news": "Blue collects a Precious Jewel on the lower level.",
    }
    tomb = save.from_dict(old)
    assert [e.name for e in tomb.explorers] == ["Red", "Blue"]
    assert not any(e.fresh_level for e in tomb.explorers) and tomb.turn.throw is None
    assert tomb.turn.collected and tomb.active == 1


def test_names_throws_and_a_fresh_level_are_saved() -> None:
    tomb = rules.new_tomb(["red", "blue"], ["Ann", ""], first=1)
    tomb = rules.change_level(rules.throw_die(tomb, random.Random(2)), 1)
    data = tomllib.loads(tomli_w.dumps(save.to_dict(tomb)))
    assert data["explorers"][0]["player"] == "Ann" and "player" not in data["explorers"][1]
    assert save.from_dict(data) == tomb
    assert save.from_dict(data).explorers[1].fresh_level
