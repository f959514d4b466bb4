"""Day actions, refusals that name their rule, storyteller overrides, and undo of each."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game, IllegalAction, SeatSetup, TableSetup
from grimoire.rules.day import block_needs, may_vote, on_the_block, round_order, threshold
from grimoire.rules.phantom.events import MoveArtifact
from tests.phantom_table import phantom_table

TABLE = phantom_table(
    seats=(
        SeatSetup("Ann", "meg"),
        SeatSetup("Ben", "sorelli"),
        SeatSetup("Cat", "trapdoor_keeper"),
        SeatSetup("Dan", "phantom"),
        SeatSetup("Eve", "christine_daae"),
        SeatSetup("Fay", "ubaldo_piangi"),
        SeatSetup("Gus", "claque"),
        SeatSetup("Tia", "scapegoat", traveller=True),
    ),
    artifacts=("monkey_music_box",),
)


def to_day_one(table: TableSetup = TABLE) -> Game:
    game = Game(table)
    game.apply(ev.StartNight())
    answers = {"claque": "anticlockwise", "artifact": ["monkey_music_box", 1], "meg": "keep"}
    while game.prompt is not None:
        game.answer(answers.get(game.prompt.key) if game.prompt.key else None)
    assert game.phase is Phase.DAY
    return game


def test_votes_threshold_and_the_block() -> None:
    game = to_day_one()
    g = game.state
    assert threshold(game.rules, g) == 4  # 8 alive (the Traveller counts): half, rounded up
    game.apply(ev.Nominate(0, 2))
    game.apply(ev.Vote(2, (0, 1, 2, 4)))
    assert on_the_block(game.rules, game.state) == 2
    assert block_needs(game.rules, game.state) == (5, (2,))  # to take the block: one more than Cat's 4
    game.apply(ev.Nominate(1, 3))
    game.apply(ev.Vote(3, (0, 1, 2, 4)))
    assert on_the_block(game.rules, game.state) is None  # a tie executes nobody
    assert block_needs(game.rules, game.state) == (5, (2, 3))


def test_votes_needed_are_the_threshold_until_a_nominee_reaches_it() -> None:
    game = to_day_one()
    assert block_needs(game.rules, game.state) == (4, ())
    game.apply(ev.Nominate(0, 2))
    game.apply(ev.Vote(2, (0, 1, 2)))  # 3 of 4: nobody on the block, the threshold stands
    assert block_needs(game.rules, game.state) == (4, ())


def test_the_vote_goes_round_from_the_seat_after_the_nominee_to_the_nominee() -> None:
    game = to_day_one()
    assert round_order(game.state, 2) == (3, 4, 5, 6, 7, 0, 1, 2)
    assert round_order(game.state, 7) == (0, 1, 2, 3, 4, 5, 6, 7)
    game.apply(ev.RemoveTraveller(7))  # a Traveller who left the table is not asked
    assert round_order(game.state, 6) == (0, 1, 2, 3, 4, 5, 6)


def test_who_may_vote_the_living_and_the_dead_with_a_ghost_vote() -> None:
    game = to_day_one()
    assert all(may_vote(game.state, s) for s in range(8))
    game.apply(ev.SetAlive(4, False))
    assert may_vote(game.state, 4)  # dead: the ghost vote is still theirs
    game.apply(ev.SetGhostVote(4, False))
    assert not may_vote(game.state, 4)
    game.apply(ev.Nominate(0, 2))
    with pytest.raises(IllegalAction, match="spent their ghost vote"):
        game.apply(ev.Vote(2, (4,)))


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([ev.Nominate(0, 2), ev.Nominate(0, 3)], "already nominated today"),
        ([ev.Nominate(0, 2), ev.Nominate(1, 2)], "already been nominated today"),
        ([ev.Vote(2, (0,))], "has not been nominated"),
        ([ev.Execute(2), ev.Execute(3)], "one execution a day"),
        ([ev.Exile(0)], "only Travellers are exiled"),
        ([ev.Declare(0, "christine_daae")], "is not the Christine"),
        ([ev.Declare(4, "christine_daae"), ev.Declare(4, "christine_daae")], "once per game"),
        ([ev.Execute(99)], "there is no seat 99"),
        ([ev.StartNight(), ev.Execute(2)], "executions happen by day"),
    ],
)
def test_illegal_day_actions_are_refused_and_change_nothing(actions, message) -> None:
    game = to_day_one()
    *legal, illegal = actions
    for action in legal:
        game.apply(action)
    before, count = game.state.clone(), len(game.events)
    with pytest.raises(IllegalAction, match=message):
        game.apply(illegal)
    assert game.state == before and len(game.events) == count


def test_a_dead_player_votes_once_with_the_ghost_vote() -> None:
    game = to_day_one()
    game.apply(ev.Execute(2))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        key = game.prompt.key
        game.answer({"holder": 0, "meg": "keep", "phantom": 5}.get(key) if key else None)
    game.apply(ev.Nominate(0, 6))
    game.apply(ev.Vote(6, (2,)))
    assert not game.state.seats[2].ghost_vote
    game.apply(ev.Nominate(1, 4))
    with pytest.raises(IllegalAction, match="spent their ghost vote"):
        game.apply(ev.Vote(4, (2,)))


def test_wrong_night_answers_name_their_rule() -> None:
    game = Game(TABLE)
    game.apply(ev.StartNight())
    game.answer(None)  # dusk
    game.answer("clockwise")
    with pytest.raises(IllegalAction, match="cannot choose themselves"):
        game.answer(["monkey_music_box", 3])
    with pytest.raises(IllegalAction, match="artifact must be one of"):
        game.answer(["punjab_lasso", 1])


def test_exile_is_not_an_execution() -> None:
    game = to_day_one()
    game.apply(ev.Exile(7))
    g = game.state
    assert not g.seats[7].alive and g.today.execution is None


@pytest.mark.parametrize(
    "override",
    [
        ev.PlaceToken("Received tonight", "meg", 4),
        ev.SetAlive(4, False),
        ev.SwapCharacter(4, "usher"),
        ev.SetAlignment(4, "evil"),
        MoveArtifact(5),
        ev.SetGhostVote(4, False),
        ev.Nominate(0, 2),
        ev.Declare(5, "ubaldo_piangi"),
        ev.Execute(2),
        ev.Exile(7),
    ],
)
def test_every_kind_of_action_undoes_and_redoes(override) -> None:
    game = to_day_one()
    before = game.state.clone()
    game.apply(override)
    after = game.state.clone()
    assert after != before
    assert game.undo() == override
    assert game.state == before
    game.redo()
    assert game.state == after


def test_removing_the_claque_token_sobers_the_seat_at_once() -> None:
    game = to_day_one()
    g = game.state
    drunk = [s.index for s in g.seats if game.rules.is_drunk(g, s.index)]
    assert drunk == [5]  # anticlockwise from Gus
    game.apply(ev.RemoveToken("Claque Seat (is drunk)", 5))
    assert not game.rules.is_drunk(game.state, 5)
    with pytest.raises(IllegalAction, match="no 'Claque Seat"):
        game.apply(ev.RemoveToken("Claque Seat (is drunk)", 5))


def test_undo_inside_a_night_returns_to_the_same_prompt() -> None:
    game = Game(TABLE)
    game.apply(ev.StartNight())
    game.answer(None)
    prompt = game.prompt
    game.answer("clockwise")
    game.undo()
    assert game.prompt == prompt
    assert Game(TABLE, game.events).prompt == prompt


def test_the_days_timer_is_in_the_record_only_as_that() -> None:
    from grimoire.core import events as ev
    from grimoire.game import IllegalAction
    from grimoire.present.narrate import story

    game = _timer_day()
    game.apply(ev.StartDayTimer("Nominations", 90))
    assert "The day's timer: nominations, 1 minute 30 s." in story(game.rules, game.state)[-1][1]
    for wrong in (ev.StartDayTimer("Lunch", 60), ev.StartDayTimer("Discussion", 0),
                  ev.StartDayTimer("Discussion", 10**9)):
        with pytest.raises(IllegalAction):
            game.apply(wrong)
    game.apply(ev.StartNight())
    with pytest.raises(IllegalAction, match="not day"):
        game.apply(ev.StartDayTimer("Discussion", 60))


def _timer_day():  # type: ignore[no-untyped-def]
    import random

    from grimoire.core import events as ev
    from grimoire.game import Game
    from grimoire.simulate import random_answer, random_table

    game = Game(random_table(7, seed=2, script="phantom"))
    game.apply(ev.StartNight())
    rng = random.Random(2)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    return game
