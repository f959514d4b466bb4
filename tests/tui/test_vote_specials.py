"""The vote screen counts as the script's vote specials say: a weighted hand marked ×3 or ×-1
and the count it makes shown to the storyteller and recorded; a secret vote said so, and its
hands kept off the players' pages (the live file gets no hand)."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.store import live_table
from grimoire.tui.app import GrimoireApp
from grimoire.tui.widgets.side import SidePanel
from tests.votes.ballot import ballot_day

from .helpers import SIZE, open_vote, settle


async def test_weighted_hands_are_marked_and_counted_for_the_storyteller() -> None:
    game = ballot_day(hurdy=False)
    game.apply(ev.PlaceToken("3 Votes", "tallyclerk", 0))
    game.apply(ev.PlaceToken("Negative Vote", "cutpurse", 1))
    game.apply(ev.Nominate(3, 5))  # Dan nominates Fay: the round starts at Gus
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        vote = await open_vote(pilot)
        rows = vote.query_one("#vote-panel", SidePanel).text("round").splitlines()
        assert "×3" in next(r for r in rows if "1 Ann" in r) and "×-1" in next(r for r in rows if "2 Ben" in r)
        while vote.round.at is not None:
            await pilot.press("y" if vote.round.at in (0, 2, 4) else "n")
        head = vote.query_one("#vote-panel", SidePanel).text("head")
        assert "3 hands up · counts as 5" in head and "Enter records 5 votes" in head  # 3 + 1 + 1
        assert "enough" in head  # 5 of 9 alive
        assert "Secret vote" not in head
        await pilot.press("enter")
        await settle(pilot)
        assert game.events[-1] == ev.Vote(5, (0, 2, 4))
        assert game.state.today.nominations[0].count == 5  # type: ignore[union-attr]


async def test_a_secret_vote_is_said_so_and_its_hands_stay_in_the_grimoire() -> None:
    game = ballot_day()
    game.apply(ev.Nominate(3, 5))
    app = GrimoireApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        vote = await open_vote(pilot)
        assert "Secret vote" in vote.query_one("#vote-panel", SidePanel).text("head")
        await pilot.press("y", "y")
        assert len(vote.round.up) == 2
        assert vote.feed.flush()  # written by the feed's writer thread: on disk before it is read
        shown = live_table.read_live(app.autosave_path()).vote
        assert shown is not None and shown.hidden and shown.up == () and shown.at == vote.round.at
