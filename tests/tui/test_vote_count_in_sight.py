"""On a small terminal (80x24 with ten players and the day's reminders, played by keys) a long
round scrolls the vote's list to keep the seat asked in sight, and the count went out of sight
with it; once the round is done, the count and what it needs are in sight again, to read before
Enter records it."""

from __future__ import annotations

from grimoire.tui.app import GrimoireApp
from grimoire.tui.widgets.side import SidePanel

from .helpers import open_vote, settle
from .test_side_panel import rows_text
from .test_vote_round import with_the_dead


async def test_the_count_is_in_sight_when_the_round_is_done_on_a_small_terminal() -> None:
    game = with_the_dead()
    async with GrimoireApp(game=game).run_test(size=(80, 16)) as pilot:  # nine seats: a list longer than the panel
        await settle(pilot)
        vote = await open_vote(pilot)
        panel = vote.query_one("#vote-panel", SidePanel)
        await pilot.press("y", "n", "y", "y", "n", "n", "y", "y")
        await pilot.pause()
        assert vote.round.at is None
        shown = "\n".join(rows_text(panel))
        assert "hands up" in shown and "needed" in shown and "Round done" in shown, shown
