"""The table as the players' pages show it between two events: the vote going round and the
day's timer, written to ``<game>.live.json`` (``grimoire.store.live_table``) for ``grimoire
serve`` to read.

The file is tiny, but a write ends with an fsync: it goes to a writer thread (the autosave's
ordered writer, newest wins), so no key ever waits for the disk. A write that fails is told
once (until one succeeds again), never raised. A window that may not write its game (read-only,
or with no file) has a feed that writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from grimoire.store.autosaver import AutoSaver

if TYPE_CHECKING:
    from grimoire.store.live_table import DayTimer, LiveTable, VoteInProgress


class LiveFeed:
    """Holds what the pages are shown (``table``) and writes each change of it.

    ``tell`` is called from the writer thread with what went wrong (the screen makes it a notice).

    Until a vote or a timer is first shown, the pages are shown nothing and nothing is written:
    the pages' data (``grimoire.store.live_table``) and the writer are made then, not at the
    grimoire's start.
    """

    def __init__(self, game: Path | None, tell: Callable[[str], None] | None = None) -> None:
        self.game = game
        self._table: LiveTable | None = None  # nothing shown yet: no vote, no timer
        self._tell = tell
        self._told: str | None = None
        self._saver: AutoSaver[LiveTable] | None = None

    @property
    def writes(self) -> bool:
        return self.game is not None

    @property
    def table(self) -> LiveTable:
        from grimoire.store.live_table import LiveTable

        return LiveTable() if self._table is None else self._table

    def show_vote(self, vote: VoteInProgress | None) -> None:
        self._show(attrs.evolve(self.table, vote=vote))

    def show_timer(self, timer: DayTimer | None) -> None:
        self._show(attrs.evolve(self.table, timer=timer))

    def _show(self, table: LiveTable) -> None:
        if table == self.table:
            return
        self._table = table
        if self.game is not None:
            if self._saver is None:
                from grimoire.store.live_table import live_path

                self._saver = AutoSaver(live_path(self.game), self._write, on_error=self._failed,
                                        held_elsewhere=True)
            self._saver.save(table)

    def close(self, timeout: float = 2.0) -> None:
        """The grimoire closes: the pages show no vote and no timer (if this feed showed any)."""
        saver = self._saver
        if saver is None:  # nothing was ever shown: nothing to take back
            return
        from grimoire.store.live_table import LiveTable

        if self._table != LiveTable():
            self._table = LiveTable()
            saver.save(self._table)
        saver.close(timeout)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until what was shown is on disk (tests; quitting)."""
        return True if self._saver is None else self._saver.flush(timeout)

    # --- in the writer thread ------------------------------------------------------------------
    def _write(self, table: LiveTable, _path: Path) -> None:
        from grimoire.store.live_table import write_live

        assert self.game is not None
        write_live(self.game, table)
        self._told = None  # written again: the next failure is worth telling

    def _failed(self, problem: str) -> None:
        if problem != self._told and self._tell is not None:
            self._told = problem
            self._tell(problem)
