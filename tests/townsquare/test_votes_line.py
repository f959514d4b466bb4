"""The votes an execution needs, in words: "1 vote to execute" for one, "4 votes to execute"
for more; the grimoire's title and day panel say it so; and a finished game's square has no
votes line."""

from __future__ import annotations

import attrs
import pytest

from grimoire.core.public import public_view, summary_lines
from grimoire.rules import day as day_rules
from grimoire.tui.support.text import day_text
from grimoire.tui.support.view import title_line
from tests.townsquare.test_public_view import first_day


def test_one_vote_is_one_vote_and_more_are_votes() -> None:
    view = public_view(first_day().state)
    assert any(line.endswith(f"· {view.votes_needed} votes to execute") for line in summary_lines(view))
    one = summary_lines(attrs.evolve(view, votes_needed=1))
    assert any(line.endswith("· 1 vote to execute") for line in one), one


def test_the_grimoire_says_one_vote_in_the_singular(monkeypatch: pytest.MonkeyPatch) -> None:
    game = first_day()
    monkeypatch.setattr(day_rules, "threshold", lambda _rules, _g: 1)
    assert "· 1 vote to execute" in title_line(game), title_line(game)
    assert "[b]1 vote[/b] to execute" in day_text(game).splitlines()[0]


def test_a_finished_games_square_has_no_votes_line() -> None:
    view = attrs.evolve(public_view(first_day().state), phase="over")
    assert not any("to execute" in line for line in summary_lines(view)), summary_lines(view)
