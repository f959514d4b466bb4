"""A weighted vote is counted once, by the rules, and every view of it says that count: the vote
panel before Enter, the day panel's nominations line, the log, the Markdown, HTML and JSON
session logs. The players' views never show a weighted count: they show the hands raised, as
hands, and a secret vote shows neither."""

from __future__ import annotations

import json

from grimoire.core import events as ev
from grimoire.core.public import public_view, summary_lines
from grimoire.game import Game
from grimoire.present.export import to_html, to_json, to_markdown
from grimoire.present.narrate import story
from grimoire.rules import day as day_rules
from grimoire.tui.support.text import day_text
from grimoire.tui.support.vote_round import VoteRound
from grimoire.tui.support.vote_view import heading
from tests.votes.ballot import ballot_day

LOGGED = "4 Dan nominated 6 Fay: 7 vote(s) from 5 hand(s) (1 Ann, 2 Ben, 3 Cat, 4 Dan, 5 Eve)."


def weighted_vote() -> tuple[Game, str]:
    """Dan nominates Fay; five hands go up, Ann's counts as 3: the panel's words before Enter."""
    game = ballot_day(hurdy=False)
    game.apply(ev.PlaceToken("3 Votes", "tallyclerk", 0))
    game.apply(ev.Nominate(3, 5))
    rnd = VoteRound.start(game.state, 5)
    while rnd.at is not None:
        rnd = rnd.hand(rnd.at in (0, 1, 2, 3, 4))
    panel = heading(game.rules, game.state, rnd, 3, day_rules.vote_specials_now(game.rules, game.state))
    game.apply(ev.Vote(5, rnd.up))
    return game, panel


def test_the_panel_the_nominations_line_and_the_log_say_the_rules_count() -> None:
    game, panel = weighted_vote()
    assert game.state.today.nominations[0].count == 7  # type: ignore[union-attr]
    assert "Enter records 7 votes" in panel and "[b]5[/b] hands up · [b]counts as 7[/b]" in panel
    line = next(line for line in day_text(game).splitlines() if "→" in line)
    assert "[b]7[/b] vote(s) from 5 hand(s)" in line and "5 vote(s)" not in line, line
    assert LOGGED in dict(story(game.rules, game.state))["Day 1"]


def test_the_session_logs_say_the_rules_count() -> None:
    game, _panel = weighted_vote()
    assert LOGGED in to_markdown(game) and LOGGED in to_html(game)
    data = json.loads(to_json(game))
    [day] = data["days"]
    assert day["day"] == 1
    assert day["nominations"] == [{"nominator": 3, "nominee": 5, "voters": [0, 1, 2, 3, 4], "votes": 7,
                                   "hidden": False}]


def test_the_players_see_hands_never_the_weighted_count() -> None:
    game, _panel = weighted_vote()
    view = public_view(game.state)
    assert view.nominations[0].votes == 5  # the hands raised, as the town saw them
    lines = summary_lines(view)
    assert "  Dan → Fay: 5 hands" in lines, lines
    assert not any("7" in line for line in lines), lines


def test_a_secret_vote_shows_no_count_to_the_players() -> None:
    game = ballot_day()
    game.apply(ev.Nominate(3, 5))
    game.apply(ev.Vote(5, (0, 1, 2)))
    lines = summary_lines(public_view(game.state))
    assert "  Dan → Fay: a secret vote" in lines and not any("3 hands" in line for line in lines), lines
    assert "[b]3[/b] vote(s) (a secret vote)" in day_text(game)
    data = json.loads(to_json(game))
    assert data["days"][0]["nominations"][0]["hidden"] is True
