"""A secret vote (a character's ``hidden`` vote special, its ability working) sends no hand and
no count to any page, while it goes round or once counted, today or in the Days view; a
weighted count is never sent (a page gets the hands raised). Over random days of votes."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.public import public_view
from grimoire.game import Game
from grimoire.store import live_table
from grimoire.store.live_table import LiveTable, PhoneHands, VoteInProgress
from grimoire.web.state import page_state
from tests.townsquare.test_secrecy_property import DEEP
from tests.votes.ballot import ballot_day

GAME = ballot_day()


def pages(game: Game, live: LiveTable) -> list[dict]:  # type: ignore[type-arg]
    g = game.state
    view = public_view(g)
    hands = PhoneHands("k", tuple((s, True) for s in g.ring))
    return [page_state(view, live, game.script, me=me, hands=hands) for me in (None, *g.ring)]


def check_secret(state: dict) -> None:  # type: ignore[type-arg]
    for nomination in state["nominations"] + [n for d in state["days"] for n in d["nominations"]]:
        if nomination["hidden"]:
            assert nomination["votes"] is None and nomination["voters"] == [], nomination
    vote = state["vote"]
    if vote is not None:
        assert vote["hidden"] and vote["up"] == [] and vote["count"] is None and vote["raised"] == []
    if state["me"] is not None:
        assert state["me"]["hand"] is None and not state["me"]["can_vote"]


@settings(max_examples=200 if DEEP else 25, deadline=None)
@given(st.data())
def test_a_secret_vote_sends_no_hand_and_no_count(data: st.DataObject) -> None:
    game = Game(GAME.setup)
    for event in GAME.events:
        game.apply(event)
    g = game.state
    seats = list(g.ring)
    nominators = data.draw(st.lists(st.sampled_from(seats), unique=True, min_size=1, max_size=4))
    nominees = data.draw(st.permutations(seats))[:len(nominators)]
    for by, on in zip(nominators, nominees):
        game.apply(ev.Nominate(by, on))
        check_secret_pages(game, by, on, data)
        voters = data.draw(st.lists(st.sampled_from(seats), unique=True))
        game.apply(ev.Vote(on, tuple(voters)))
        for state in pages(game, LiveTable()):
            check_secret(state)
            assert state["nominations"][-1]["hidden"]


def check_secret_pages(game: Game, by: int, on: int, data: st.DataObject) -> None:
    """The vote going round, as the vote screen writes it (and as a file might say it, hands and all)."""
    seats = list(game.state.ring)
    up = tuple(data.draw(st.lists(st.sampled_from(seats), unique=True)))
    at = data.draw(st.sampled_from([None, *seats]))
    for live in (LiveTable(VoteInProgress("k", by, on, at, (), hidden=True)),
                 LiveTable(VoteInProgress("k", by, on, at, up, hidden=True, raised=up))):
        for state in pages(game, live):
            check_secret(state)
            assert state["vote"] is not None and state["vote"]["at"] == (None if at is None else at + 1)


def test_a_secret_vote_read_from_the_live_file_keeps_no_hands(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    live_table.live_path(game).write_text(json.dumps(
        {"vote": {"key": "k", "nominator": 0, "nominee": 1, "at": 2, "up": [0, 2], "hidden": True, "raised": [3]}}))
    vote = live_table.read_live(game).vote
    assert vote is not None and vote.hidden and vote.up == () and vote.raised == ()


def test_the_pages_get_the_hands_not_the_weighted_count() -> None:
    game = ballot_day(hurdy=False)
    game.apply(ev.PlaceToken("3 Votes", "tallyclerk", 0))
    game.apply(ev.Nominate(3, 5))
    game.apply(ev.Vote(5, (0, 3)))
    assert game.state.today.nominations[0].count == 4  # type: ignore[union-attr]
    for state in pages(game, LiveTable()):
        sent = state["nominations"][0]
        assert sent["votes"] == 2 and [v["n"] for v in sent["voters"]] == [1, 4] and not sent["hidden"]
        assert state["days"][-1]["nominations"][0] == sent
