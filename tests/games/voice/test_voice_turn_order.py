"""A turn in its seed order (issue #51, item 10): the move first (the die), then what the move
ended on (a jewel, opponents, a Mummy's head, the Great Jewel, home), and the steps last, "at the
end of his turn". The first moves are on the lower level: nobody climbs before moving."""

from __future__ import annotations

import random

import pytest

from grimoire.games.voice import quotes
from grimoire.games.voice import rules as r
from grimoire.games.voice.commands import bundled_commands
from grimoire.games.voice.rules import Explorer, Level, RuleError, Tomb

COMMANDS = bundled_commands()


def start() -> Tomb:
    return r.new_tomb(["red", "blue"])


def top_free() -> Tomb:
    """Red on the top level, its jewels all taken: the Great Jewel is free."""
    return Tomb((Explorer("red", level=Level.TOP, precious=6), Explorer("blue")), board=(12, 8, 0))


def part_two_home() -> Tomb:
    return Tomb((Explorer("red"), Explorer("blue", cobra=True, great_jewel=True)), part=2,
                great_jewel_on_mummy=False, cobra_on_mummy=False)


BEFORE_THE_MOVE = {
    "the steps up": lambda t: r.change_level(t, +1),
    "a jewel": r.collect_jewel,
    "opponents": lambda t: r.land_on(t, (1,)),
    "a Mummy's head": lambda t: r.mummy_speaks(t, COMMANDS, random.Random(1)),
}


@pytest.mark.parametrize("action", BEFORE_THE_MOVE.values(), ids=BEFORE_THE_MOVE)
def test_nothing_before_the_first_move(action) -> None:  # type: ignore[no-untyped-def]
    # The first explorer could go up, collect, land or hear the Mummy before any throw.
    with pytest.raises(RuleError, match="Red has not moved yet this turn") as err:
        action(start())
    assert err.value.quote == quotes.DIE


def test_the_great_jewel_and_home_come_after_the_move() -> None:
    with pytest.raises(RuleError, match="has not moved yet") as err:
        r.take_great_jewel(top_free())
    assert err.value.quote == quotes.DIE
    with pytest.raises(RuleError, match="has not moved yet"):
        r.go_home(part_two_home())
    assert r.take_great_jewel(r.record_throw(top_free(), 4)).part == 2
    assert r.go_home(r.record_throw(part_two_home(), 2)).finished


def test_no_steps_at_the_start_of_the_next_turn() -> None:
    # "He cannot change his mind at the beginning of his next turn."
    tomb = r.next_explorer(r.next_explorer(r.throw_die(start(), random.Random(1))))
    assert tomb.current.name == "Red"
    with pytest.raises(RuleError, match="Red has not moved yet this turn"):
        r.change_level(tomb, +1)


def test_the_steps_end_the_turn() -> None:
    # "The player must make his decision and move up or down at the end of his turn": after
    # the steps, nothing more of this move is taken on the new level.
    tomb = r.change_level(r.record_throw(start(), 5), +1)
    assert tomb.current.level is Level.MIDDLE
    for name, action in BEFORE_THE_MOVE.items():
        if name == "the steps up":
            continue
        with pytest.raises(RuleError, match="Red took the steps: the turn is over") as err:
            action(tomb)
        assert err.value.quote == quotes.END_OF_TURN
    assert r.next_explorer(tomb).current.name == "Blue"


def test_the_move_then_the_jewel_then_the_steps() -> None:
    tomb = r.collect_jewel(r.throw_die(start(), random.Random(2)))
    tomb = r.change_level(tomb, +1)
    assert tomb.current.precious == 1 and tomb.current.level is Level.MIDDLE
    assert tomb.board == (11, 8, 6)  # collected on the lower level, where the move ended


def test_a_real_die_is_told_by_its_number() -> None:
    tomb = r.record_throw(start(), 6)
    assert tomb.turn.throw == 6
    assert tomb.news == "Red throws a 6: move 6 clockwise."
    for wrong in (0, 7):
        with pytest.raises(RuleError, match=f"A die shows 1 to 6, not {wrong}") as err:
            r.record_throw(start(), wrong)
        assert err.value.quote == quotes.DIE
    with pytest.raises(RuleError, match="Red has already thrown a 6"):
        r.record_throw(tomb, 2)
