"""Every phone sees the live table: what the public view holds in the day, from public facts."""

from __future__ import annotations

import random

from grimoire.core import events as ev
from grimoire.core.public import public_view, summary_lines
from grimoire.game import Game
from grimoire.simulate import random_answer, random_table


def first_day(players: int = 7, seed: int = 4) -> Game:
    game = Game(random_table(players, seed=seed, script="phantom"))
    game.apply(ev.StartNight())
    rng = random.Random(seed)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    assert game.state.phase.value == "day"
    return game


def alive_seats(game: Game) -> list[int]:
    return [s.index for s in game.state.seats if s.alive]


def test_the_nomination_in_progress_then_its_votes_and_who_raised_a_hand() -> None:
    game = first_day()
    a, b, c, d, *_ = alive_seats(game)
    game.apply(ev.Nominate(a, b))
    view = public_view(game.state)
    assert view.nominations[-1].votes is None
    assert f"  {game.state.name(a)} → {game.state.name(b)}: voting now" in summary_lines(view)
    game.apply(ev.Vote(b, (a, c, d)))
    view = public_view(game.state)
    (n,) = view.nominations
    assert n.votes == 3 and n.voters == tuple(game.state.name(i) for i in (a, c, d))
    lines = summary_lines(view)
    assert "    " + ", ".join(n.voters) in lines


def test_the_day_and_its_number_the_votes_needed_and_who_is_on_the_block() -> None:
    game = first_day()
    g = game.state
    alive = alive_seats(game)
    view = public_view(g)
    assert (view.phase, view.number) == ("day", 1)
    assert view.votes_needed == (len(alive) + 1) // 2
    assert view.on_the_block == ""
    game.apply(ev.Nominate(alive[0], alive[1]))
    game.apply(ev.Vote(alive[1], tuple(alive[: view.votes_needed])))
    view = public_view(game.state)
    assert view.on_the_block == g.name(alive[1])
    assert f"On the block: {g.name(alive[1])}" in summary_lines(view)


def test_a_dead_players_ghost_vote_is_shown_until_spent() -> None:
    game = first_day()
    dead = alive_seats(game)[2]
    game.apply(ev.SetAlive(dead, False))
    name = game.state.name(dead)
    assert f"Ghost votes left: {name}" in summary_lines(public_view(game.state))
    game.apply(ev.SetGhostVote(dead, False))
    assert not any(line.startswith("Ghost votes") and name in line for line in summary_lines(public_view(game.state)))
