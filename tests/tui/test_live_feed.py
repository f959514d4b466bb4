"""The players' pages' feed: each change written in order (the newest wins), nothing from a
window that may not write, and a disk that refuses is told once, never raised."""

from __future__ import annotations

from pathlib import Path

from grimoire.store import live_table
from grimoire.store.live_table import DayTimer, LiveTable, VoteInProgress
from grimoire.tui.support.live_feed import LiveFeed


def test_the_vote_and_the_timer_are_written_together_and_cleared_at_the_close(tmp_path: Path) -> None:
    game = tmp_path / "g.toml"
    feed = LiveFeed(game)
    timer = DayTimer("Discussion", True, 120.0, 5.0)
    feed.show_timer(timer)
    for at in range(5):  # a vote going round: the file ends as the last one shown
        feed.show_vote(VoteInProgress("k1", 0, 1, at, tuple(range(at))))
    assert feed.flush()
    assert live_table.read_live(game) == LiveTable(VoteInProgress("k1", 0, 1, 4, (0, 1, 2, 3)), timer)
    feed.show_vote(None)
    assert feed.flush() and live_table.read_live(game) == LiveTable(timer=timer)
    feed.close()
    assert live_table.read_live(game) == LiveTable()


def test_a_feed_that_showed_nothing_writes_nothing_and_shows_the_empty_table(tmp_path: Path) -> None:
    feed = LiveFeed(tmp_path / "g.toml")
    assert feed.writes and feed.table == LiveTable()
    feed.show_vote(None)  # the same as nothing shown: nothing to write
    assert feed.flush()
    feed.close()
    assert list(tmp_path.iterdir()) == []


def test_a_feed_without_a_file_writes_nothing(tmp_path: Path) -> None:
    feed = LiveFeed(None)
    feed.show_timer(DayTimer("Nominations", False, 60.0, 0.0))
    assert not feed.writes and feed.flush()
    feed.close()
    assert list(tmp_path.iterdir()) == []


def test_a_write_that_fails_is_told_once(tmp_path: Path) -> None:
    (tmp_path / "not-a-folder").write_text("")
    told: list[str] = []
    feed = LiveFeed(tmp_path / "not-a-folder" / "g.toml", tell=told.append)
    for at in range(3):
        feed.show_vote(VoteInProgress("k1", 0, 1, at))
        feed.flush()
    feed.close()
    assert len(told) == 1 and "not-a-folder" in told[0]
