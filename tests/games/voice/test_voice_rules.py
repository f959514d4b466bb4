"""Voice of the Mummy rules: worked examples and each seed rule."""

from __future__ import annotations

import random

import attrs
import pytest

from grimoire.games.voice import quotes
from grimoire.games.voice import rules as r
from grimoire.games.voice.commands import Effect, MummyCommand, bundled_commands
from grimoire.games.voice.rules import Explorer, Level, RuleError, Tomb, Turn

from .loaded_die import Loaded

COMMANDS = bundled_commands()


def tomb_of(*explorers: Explorer, **kw: object) -> Tomb:
    """A tomb whose board keeps the 26 jewels: whatever the explorers hold is off the lower level.
    The explorer on turn has moved (thrown a 3): what his move ended on comes next."""
    kw.setdefault("turn", Turn(throw=3))
    held = sum(e.precious for e in explorers)
    board = kw.pop("board", (12 - held, 8, 6))
    return Tomb(tuple(explorers), board=board, **kw)  # type: ignore[arg-type]


def moved(tomb: Tomb) -> Tomb:
    """The explorer on turn has thrown a 3 and moved."""
    return r.record_throw(tomb, 3)


def next_turn(tomb: Tomb, step: int = 1) -> Tomb:
    """The next explorer's turn, his move made."""
    return moved(r.next_explorer(tomb, step))


def part_two(*explorers: Explorer, **kw: object) -> Tomb:
    return tomb_of(
        *explorers, part=2, great_jewel_on_mummy=False, cobra_on_mummy=False, **kw
    )


def with_pending(tomb: Tomb, effect: Effect) -> Tomb:
    command = MummyCommand("test command", effect)
    return attrs.evolve(tomb, pending=command, last_command=command)


# --- scores ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("explorer", "expected"),
    [
        (Explorer("red", precious=7, great_jewel=True), 12),
        (Explorer("red", precious=3, cobra=True), -2),
        (Explorer("red", precious=0, great_jewel=True, cobra=True), 0),
        (Explorer("red"), 0),
    ],
)
def test_scores(explorer: Explorer, expected: int) -> None:
    assert r.score(explorer) == expected


def test_end_of_game_bonus_and_scores() -> None:
    # Blue ends with 5; Red 3 + Cobra, Green only the Great Jewel, Yellow nothing.
    tomb = part_two(
        Explorer("blue", precious=5),
        Explorer("red", precious=3, cobra=True),
        Explorer("green", great_jewel=True),
        Explorer("yellow"),
    )
    end = r.go_home(tomb)
    assert end.finished and end.ender == 0
    assert r.scores(end) == (11, -3, 0, 0)
    assert end.explorers[0] == Explorer("blue", precious=6, great_jewel=True)
    assert r.winners(end) == (0,)
    assert r.precious_total(end) == 26


def test_opponent_with_jewels_and_great_jewel_gives_a_precious_one() -> None:
    tomb = part_two(Explorer("blue"), Explorer("red", precious=2, great_jewel=True, cobra=True))
    end = r.go_home(tomb)
    assert end.explorers[1] == Explorer("red", precious=1, great_jewel=True, cobra=True)
    assert end.explorers[0].precious == 1


def test_equal_top_scores_share_the_win() -> None:
    tomb = tomb_of(Explorer("red", precious=3), Explorer("blue", precious=3), Explorer("green"))
    assert r.winners(tomb) == (0, 1)


# --- setup ---------------------------------------------------------------------------------


def test_new_game_everyone_on_the_lower_level() -> None:
    tomb = r.new_tomb(["yellow", "red", "blue"])
    assert [e.colour for e in tomb.explorers] == ["yellow", "red", "blue"]
    assert all(e.level is Level.BOTTOM and e.precious == 0 for e in tomb.explorers)
    assert tomb.board == (12, 8, 6) and tomb.part == 1
    assert tomb.great_jewel_on_mummy and tomb.cobra_on_mummy


@pytest.mark.parametrize(
    ("colours", "quote"),
    [
        (["red"], quotes.PLAYERS),
        (["red", "yellow", "green", "blue", "red"], quotes.PLAYERS),
        (["red", "red"], quotes.TEMPLES),
        (["red", "purple"], quotes.TEMPLES),
    ],
)
def test_bad_setups_are_refused(colours: list[str], quote: str) -> None:
    with pytest.raises(RuleError) as err:
        r.new_tomb(colours)
    assert err.value.quote == quote and quote in str(err.value)


# --- collecting and landing ---------------------------------------------------------------


def test_collect_then_middle_level_runs_out() -> None:
    tomb = r.change_level(moved(r.new_tomb(["red", "blue"])), +1)
    for _ in range(8):
        tomb = r.collect_jewel(next_turn(next_turn(tomb)))
    assert tomb.board[Level.MIDDLE] == 0 and tomb.explorers[0].precious == 8
    with pytest.raises(RuleError) as err:
        r.collect_jewel(next_turn(next_turn(tomb)))
    assert err.value.quote == quotes.COLLECT


def test_one_jewel_per_move() -> None:
    tomb = r.collect_jewel(moved(r.new_tomb(["red", "blue"])))
    with pytest.raises(RuleError, match="already collected"):
        r.collect_jewel(tomb)


def test_landing_takes_one_from_each_and_nothing_from_the_empty() -> None:
    tomb = tomb_of(Explorer("red", precious=1), Explorer("blue", precious=2), Explorer("green"))
    after = r.land_on(tomb, [1, 2])
    assert [e.precious for e in after.explorers] == [2, 1, 0]
    assert "no penalty" in after.news


@pytest.mark.parametrize("targets", [[], [0], [1, 1], [5]])
def test_landing_needs_distinct_opponents(targets: list[int]) -> None:
    with pytest.raises(RuleError):
        r.land_on(moved(r.new_tomb(["red", "blue"])), targets)


def test_part_one_landing_never_moves_the_cobra() -> None:
    tomb = tomb_of(Explorer("red"), Explorer("blue", precious=2))
    after = r.land_on(tomb, [1])
    assert not any(e.cobra for e in after.explorers) and after.cobra_on_mummy


def test_cobra_passes_in_part_two() -> None:
    # Red (Cobra) lands on Green (2): Red +1; Green 1 + Cobra.
    tomb = part_two(
        Explorer("red", cobra=True), Explorer("green", precious=2), Explorer("blue", great_jewel=True)
    )
    after = r.land_on(tomb, [1])
    assert after.explorers[0] == Explorer("red", precious=1)
    assert after.explorers[1] == Explorer("green", precious=1, cobra=True)


def test_landing_on_the_great_jewel_takes_only_it() -> None:
    # Yellow lands on Green (GJ + Cobra + 3): Yellow gets the GJ only.
    tomb = part_two(Explorer("yellow"), Explorer("green", precious=3, great_jewel=True, cobra=True))
    after = r.land_on(tomb, [1])
    assert after.explorers[0] == Explorer("yellow", great_jewel=True)
    assert after.explorers[1] == Explorer("green", precious=3, cobra=True)


def test_cobra_holder_on_several_must_say_who_gets_it() -> None:
    tomb = part_two(
        Explorer("red", cobra=True),
        Explorer("green", precious=1),
        Explorer("blue", precious=1, great_jewel=True),
    )
    with pytest.raises(RuleError) as err:
        r.land_on(tomb, [1, 2])
    assert err.value.quote == quotes.COBRA_PASSES
    after = r.land_on(tomb, [1, 2], cobra_to=2)
    assert after.explorers[0] == Explorer("red", precious=1, great_jewel=True)
    assert after.explorers[2] == Explorer("blue", precious=1, cobra=True)


# --- levels --------------------------------------------------------------------------------


def test_change_level_once_per_turn_and_within_the_tomb() -> None:
    tomb = moved(r.new_tomb(["red", "blue"]))
    with pytest.raises(RuleError) as err:
        r.change_level(tomb, -1)
    assert err.value.quote == quotes.THREE_LEVELS
    up = r.change_level(tomb, +1)
    assert up.current.level is Level.MIDDLE
    with pytest.raises(RuleError) as err:
        r.change_level(up, +1)
    assert err.value.quote == quotes.CHANGE_LEVEL
    later = r.change_level(next_turn(next_turn(up)), +1)
    assert later.current.level is Level.TOP
    with pytest.raises(RuleError):
        r.change_level(next_turn(next_turn(later)), +1)


# --- the Great Jewel ------------------------------------------------------------------------


def test_great_jewel_locked_while_top_jewels_remain() -> None:
    tomb = tomb_of(Explorer("red", level=Level.TOP, precious=5), Explorer("blue"), board=(12, 8, 1))
    with pytest.raises(RuleError) as err:
        r.take_great_jewel(tomb)
    assert err.value.quote == quotes.GREAT_JEWEL_LOCKED


def test_great_jewel_needs_the_top_level() -> None:
    tomb = tomb_of(Explorer("red", level=Level.MIDDLE, precious=6), Explorer("blue"), board=(12, 8, 0))
    with pytest.raises(RuleError) as err:
        r.take_great_jewel(tomb)
    assert err.value.quote == quotes.GREAT_JEWEL_SPACE


def test_great_jewel_not_on_the_move_that_took_a_jewel() -> None:
    tomb = tomb_of(Explorer("red", level=Level.TOP, precious=5), Explorer("blue"), board=(12, 8, 1))
    with pytest.raises(RuleError) as err:
        r.take_great_jewel(r.collect_jewel(tomb))
    assert err.value.quote == quotes.GREAT_JEWEL_SPACE


def test_great_jewel_brings_the_cobra_and_part_two() -> None:
    tomb = tomb_of(Explorer("red"), Explorer("blue", level=Level.TOP, precious=6), board=(12, 8, 0), active=1)
    after = r.take_great_jewel(tomb)
    assert after.part == 2 and not after.great_jewel_on_mummy and not after.cobra_on_mummy
    assert after.explorers[1] == Explorer("blue", level=Level.TOP, precious=6, great_jewel=True, cobra=True)
    with pytest.raises(RuleError) as err:
        r.take_great_jewel(after)
    assert err.value.quote == quotes.GREAT_JEWEL_TAKEN
    # Side 2 of the record is now the one played: the Spell can be received.
    seen = {r.choose_command(next_turn(after), COMMANDS, random.Random(i)).effect for i in range(300)}
    assert Effect.RECEIVE_SPELL in seen


def test_jewel_given_back_to_the_top_locks_the_great_jewel_again() -> None:
    tomb = tomb_of(Explorer("red", level=Level.TOP, precious=6), Explorer("blue"), board=(12, 8, 0))
    tomb = r.resolve(with_pending(tomb, Effect.GIVE_BACK), level=Level.TOP)
    assert tomb.board[Level.TOP] == 1
    with pytest.raises(RuleError, match="still lie on the top"):
        r.take_great_jewel(tomb)


# --- going home ---------------------------------------------------------------------------


def test_cobra_holder_cannot_end_the_game() -> None:
    tomb = part_two(Explorer("red", precious=2, cobra=True, great_jewel=True), Explorer("blue"))
    with pytest.raises(RuleError) as err:
        r.go_home(tomb)
    assert err.value.quote == quotes.COBRA_BLOCKS_END


def test_no_going_home_in_part_one_or_from_upstairs() -> None:
    with pytest.raises(RuleError) as err:
        r.go_home(moved(r.new_tomb(["red", "blue"])))
    assert err.value.quote == quotes.PART_TWO
    tomb = part_two(Explorer("red", level=Level.MIDDLE), Explorer("blue", great_jewel=True, cobra=True))
    with pytest.raises(RuleError):
        r.go_home(tomb)


def test_nothing_happens_after_the_end() -> None:
    end = r.go_home(part_two(Explorer("red"), Explorer("blue", cobra=True, great_jewel=True)))
    for act in (r.collect_jewel, r.next_explorer, r.go_home, lambda t: r.change_level(t, 1)):
        with pytest.raises(RuleError) as err:
            act(end)
        assert err.value.quote == quotes.GAME_END


# --- the Voice -----------------------------------------------------------------------------


def test_poor_explorer_on_the_lower_level_in_part_one() -> None:
    tomb = moved(r.new_tomb(["red", "blue"]))
    forbidden = {Effect.GIVE_BACK, Effect.GIVE_TO_OPPONENT, Effect.MOVE_DOWN, Effect.RECEIVE_SPELL}
    rng = random.Random(2)
    seen = {r.choose_command(tomb, COMMANDS, rng).effect for _ in range(2000)}
    assert not seen & forbidden
    assert {Effect.MOVE_UP, Effect.TAKE_FROM_OPPONENT, Effect.RETURN_TO_TEMPLE} <= seen


def test_never_up_from_the_top() -> None:
    tomb = tomb_of(Explorer("red", level=Level.TOP, precious=2), Explorer("blue"))
    rng = random.Random(3)
    seen = {r.choose_command(tomb, COMMANDS, rng).effect for _ in range(2000)}
    assert Effect.MOVE_UP not in seen and Effect.MOVE_DOWN in seen and Effect.GIVE_BACK in seen


def test_silence_when_the_file_allows_nothing() -> None:
    only_down = [MummyCommand("Down you go.", Effect.MOVE_DOWN)]
    tomb = r.mummy_speaks(moved(r.new_tomb(["red", "blue"])), only_down, random.Random(0))
    assert tomb.last_command is not None and tomb.last_command.effect is Effect.NO_EFFECT
    assert tomb.pending is None


def test_pending_command_must_be_obeyed_first() -> None:
    tomb = with_pending(moved(r.new_tomb(["red", "blue"])), Effect.MOVE_UP)
    for act in (r.next_explorer, r.collect_jewel, lambda t: r.mummy_speaks(t, COMMANDS, random.Random())):
        with pytest.raises(RuleError) as err:
            act(tomb)
        assert err.value.quote == quotes.MUMMY_HEAD


def test_move_up_command_lets_him_collect_on_the_new_space() -> None:
    tomb = with_pending(r.collect_jewel(moved(r.new_tomb(["red", "blue"]))), Effect.MOVE_UP)
    tomb = r.resolve(tomb)
    assert tomb.current.level is Level.MIDDLE and tomb.pending is None
    tomb = r.collect_jewel(tomb)
    assert tomb.current.precious == 2 and tomb.board == (11, 7, 6)


def test_move_down_and_return_to_temple() -> None:
    tomb = tomb_of(Explorer("red", level=Level.TOP), Explorer("blue"))
    assert r.resolve(with_pending(tomb, Effect.MOVE_DOWN)).current.level is Level.MIDDLE
    assert r.resolve(with_pending(tomb, Effect.RETURN_TO_TEMPLE)).current.level is Level.BOTTOM


def test_give_back_to_a_full_level_is_refused() -> None:
    tomb = with_pending(tomb_of(Explorer("red", precious=1), Explorer("blue"), board=(11, 8, 6)), Effect.GIVE_BACK)
    with pytest.raises(RuleError) as err:
        r.resolve(tomb, level=Level.MIDDLE)
    assert err.value.quote == quotes.NO_JEWELS_TO_GIVE
    after = r.resolve(tomb, level=Level.BOTTOM)
    assert after.board == (12, 8, 6) and after.current.precious == 0


def test_take_and_give_between_explorers() -> None:
    tomb = tomb_of(Explorer("red", precious=1), Explorer("blue", precious=1), Explorer("green"))
    took = r.resolve(with_pending(tomb, Effect.TAKE_FROM_OPPONENT), target=1)
    assert [e.precious for e in took.explorers] == [2, 0, 0]
    nothing = r.resolve(with_pending(tomb, Effect.TAKE_FROM_OPPONENT), target=2)
    assert [e.precious for e in nothing.explorers] == [1, 1, 0]
    gave = r.resolve(with_pending(tomb, Effect.GIVE_TO_OPPONENT), target=2)
    assert [e.precious for e in gave.explorers] == [0, 1, 1]
    with pytest.raises(RuleError):
        r.resolve(with_pending(tomb, Effect.GIVE_TO_OPPONENT), target=0)
    with pytest.raises(RuleError):
        r.resolve(with_pending(tomb, Effect.GIVE_TO_OPPONENT))


def test_receiving_the_spell() -> None:
    tomb = part_two(Explorer("red"), Explorer("blue", great_jewel=True, cobra=True))
    after = r.resolve(with_pending(tomb, Effect.RECEIVE_SPELL))
    assert after.explorers[0].cobra and not after.explorers[1].cobra
    again = r.resolve(with_pending(after, Effect.RECEIVE_SPELL))
    assert again.explorers[0].cobra and "must keep it" in again.news


def test_resolve_without_a_command_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        r.resolve(moved(r.new_tomb(["red", "blue"])))
    assert err.value.quote == quotes.MUMMY_HEAD


def test_needs() -> None:
    tomb = moved(r.new_tomb(["red", "blue"]))
    assert r.needs(tomb) is None
    assert r.needs(with_pending(tomb, Effect.TAKE_FROM_OPPONENT)) == "opponent"
    assert r.needs(with_pending(tomb, Effect.GIVE_BACK)) == "level"
    assert r.needs(with_pending(tomb, Effect.MOVE_UP)) is None


# --- issue 14: levels, the die and the explorers' names -------------------------------------


def test_landing_is_only_on_opponents_of_the_same_level() -> None:
    tomb = tomb_of(
        Explorer("yellow"),
        Explorer("blue", level=Level.TOP, precious=2),
        Explorer("green", precious=1),
    )
    with pytest.raises(RuleError, match="Blue is on the top level, Yellow on the lower") as err:
        r.land_on(tomb, [1])
    assert err.value.quote == quotes.LAND
    with pytest.raises(RuleError):
        r.land_on(tomb, [1, 2])  # one of them is upstairs: nothing is taken from either
    after = r.land_on(tomb, [2])
    assert [e.precious for e in after.explorers] == [1, 2, 0]


def test_a_new_level_is_travelled_for_a_turn_before_changing_again() -> None:
    # Rule 7.2: Blue is moved up by a command, collects a jewel, then tries the steps up.
    tomb = with_pending(moved(r.new_tomb(["red", "blue"], first=1)), Effect.MOVE_UP)
    tomb = r.collect_jewel(r.resolve(tomb))
    assert tomb.current.level is Level.MIDDLE and tomb.current.precious == 1
    with pytest.raises(RuleError, match="Blue has not yet moved along the middle level") as err:
        r.change_level(tomb, +1)
    assert err.value.quote == quotes.CHANGE_LEVEL
    with pytest.raises(RuleError, match="not yet moved along"):
        r.change_level(tomb, -1)
    # Red's turn does not count for Blue; Blue's next turn on the middle level does.
    tomb = next_turn(tomb)
    tomb = r.change_level(tomb, +1)  # Red himself may climb
    tomb = next_turn(tomb)
    assert r.change_level(tomb, +1).current.level is Level.TOP
    # Stepping back to Blue's turn (to fix a mistake) does not count as a turn moved.
    tomb = next_turn(r.change_level(tomb, +1))
    with pytest.raises(RuleError, match="not yet moved along the top level"):
        r.change_level(next_turn(tomb, -1), -1)


def test_the_steps_after_a_command_changed_the_level_are_refused_too() -> None:
    tomb = tomb_of(Explorer("red", level=Level.TOP), Explorer("blue"))
    tomb = r.resolve(with_pending(tomb, Effect.RETURN_TO_TEMPLE))
    with pytest.raises(RuleError, match="not yet moved along the lower level"):
        r.change_level(tomb, +1)


def test_the_die_is_thrown_once_a_turn() -> None:
    tomb = r.new_tomb(["red", "blue"])
    thrown = r.throw_die(tomb, random.Random(3))
    value = thrown.turn.throw
    assert value is not None and 1 <= value <= 6
    assert thrown.news == f"Red throws a {value}: move {value} clockwise."
    with pytest.raises(RuleError, match=f"Red has already thrown a {value}") as err:
        r.throw_die(thrown, random.Random(3))
    assert err.value.quote == quotes.DIE
    assert r.next_explorer(thrown).turn.throw is None
    faces = {r.throw_die(tomb, random.Random(seed)).turn.throw for seed in range(200)}
    assert faces == {1, 2, 3, 4, 5, 6}


def test_the_high_roll_goes_first_and_ties_throw_again() -> None:
    roll = r.high_roll(3, Loaded(3, 6, 6, 2, 5))
    assert roll.rounds == (((0, 3), (1, 6), (2, 6)), ((1, 2), (2, 5)))
    assert roll.winner == 2
    tomb = r.new_tomb(["red", "yellow", "blue"], names=["Ann", "", "Cy"], first=roll.winner)
    assert tomb.active == 2 and tomb.current.name == "Cy (Blue)"
    assert r.describe_high_roll(tomb, roll) == (
        "High roll: Ann (Red) 3, Yellow 6, Cy (Blue) 6; again: Yellow 2, Cy (Blue) 5. "
        "Cy (Blue) starts."
    )
    assert [e.colour for e in tomb.explorers] == ["red", "yellow", "blue"]  # still clockwise
    assert r.next_explorer(tomb).active == 0


def test_explorers_have_names_as_well_as_colours() -> None:
    tomb = r.new_tomb(["red", "blue"], names=["  Ann \t Lee ", ""])
    assert [e.name for e in tomb.explorers] == ["Ann Lee (Red)", "Blue"]
    assert "Ann Lee (Red), Blue enter the tomb" in tomb.news
    with pytest.raises(RuleError, match="Two explorers are both called ann"):
        r.new_tomb(["red", "blue"], names=["Ann", "ann"])
    with pytest.raises(RuleError, match="one name per explorer"):
        r.new_tomb(["red", "blue"], names=["Ann"])
    assert r.new_tomb(["red", "blue"], names=["A\x1b[2Jnn", ""]).explorers[0].player == "A[2Jnn"
