"""One autosave writer for every game the app keeps: the grimoire's and the assistant games'.

Pure (no Textual, no Rich). After each change the screen takes a snapshot of its game (a copy
the writer may read while the game goes on) and hands it over; one writer thread per file
writes the newest snapshot waiting and skips the older ones still waiting (the newest holds all
they hold). A snapshot older than one already written is never written over it. A handed-over
``DELETE`` removes the file instead (a game finished: nothing left to resume).

Handing over costs the screen a lock and a notify, never a thread of its own. How a snapshot
becomes the file is the caller's ``write(snapshot, path)`` (the grimoire's record writer, a
game's save writer), so this module knows no game.

A file is written only by the window that holds its lock (``grimoire.store.lock``): a saver
either holds it itself (``hold``, as the assistant games do) or is told so by its owner
(``held_elsewhere``: the grimoire's app holds its game's lock). While ``blocked`` (the file on
disk could not be read and is left as it is) nothing is written or deleted.

A write that fails (the disk full, the folder made read-only) leaves the file as it was and is
told (``on_error``); from then on ``unsaved`` counts the changes not on disk and
``failing_since`` says since when, until a write succeeds (``on_saved``). The next change is
written anew, and ``retry`` writes the newest again without one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

if TYPE_CHECKING:
    from grimoire.store.lock import GameLock

T = TypeVar("T")


class _Delete:
    def __repr__(self) -> str:
        return "DELETE"


DELETE: Final[Any] = _Delete()  # the snapshot that removes the file


class AutoSaver(Generic[T]):
    """Ordered saving of one file in one writer thread, started on the first hand-over.

    ``take`` numbers a snapshot (in the order the changes were made); ``submit`` hands it to
    the writer; ``save`` does both. ``flush`` waits until everything taken is on disk.
    """

    def __init__(self, path: Path, write: Callable[[T, Path], object], *,
                 on_error: Callable[[str], None] | None = None, held_elsewhere: bool = False,
                 on_saved: Callable[[], None] | None = None) -> None:
        self.path = path
        self._write = write
        self.on_error = on_error  # called in the writer thread with what went wrong
        self.last_error: str | None = None
        self.on_saved = on_saved  # called in the writer thread when a write succeeds after failing
        self.failing_since: float | None = None  # time.time() of the first failed write since the last good one
        self.blocked = False
        self.held: GameLock | None = None  # the file's lock, while this saver holds it
        self._held_elsewhere = held_elsewhere
        self._cond = threading.Condition()
        self._writing = threading.Lock()  # one write at a time: the writer thread's, or a copy
        self._taken = 0
        self._done = 0  # the last number written, deleted or dropped (not writable then)
        self._tried = 0  # the last number the writer thread picked up (a failed write is not retried)
        self._waiting: tuple[int, Any] | None = None  # handed over, not yet picked up
        self._last: tuple[int, Any] | None = None  # the newest snapshot taken
        self._busy = False
        self._closing = False
        self._ended = False  # closed once: a later hand-over's thread ends when it is done
        self._thread: threading.Thread | None = None

    # --- who may write ---------------------------------------------------------------------
    @property
    def writable(self) -> bool:
        return not self.blocked and (self._held_elsewhere or self.held is not None)

    def hold(self) -> None:
        """Take the file's lock for this saver: GameInUse if another window holds it (then
        this saver never writes), OSError if its folder cannot be written."""
        from grimoire.store.lock import take
        from grimoire.store.tidy import remove_temps_of

        if self.held is None:
            self.held = take(self.path)
            try:
                remove_temps_of(self.path)  # a killed write's leftovers: nobody writes it now
            except OSError:
                pass

    def let_go(self, timeout: float | None = 10.0) -> None:
        """Write what is still waiting, end the writer thread, then give the lock up. A write
        that does not end in ``timeout`` keeps the lock until the process ends."""
        written = self.close(timeout)
        with self._cond:
            held = self.held
            if written:
                self.held = None
        if held is not None and written:
            held.release()

    # --- handing over ----------------------------------------------------------------------
    def take(self, snap: T) -> int:
        """Number ``snap`` (or ``DELETE``), the newest change; the writer gets it on ``submit``."""
        with self._cond:
            self._taken += 1
            self._last = (self._taken, snap)
            return self._taken

    def submit(self, number: int, snap: T) -> None:
        """Hand a snapshot to the writer thread; an older one still waiting is dropped."""
        with self._cond:
            if number <= max(self._done, self._tried) or self._closing:
                return  # done, being written, or failed and told
            if self._waiting is None or number > self._waiting[0]:
                self._waiting = (number, snap)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="grimoire-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def hand_over(self) -> None:
        """``submit`` the newest snapshot taken, if it was not yet: a call that needs no
        arguments, so a frame's callback or a timer may carry it as it is."""
        last = self._last
        if last is not None:
            self.submit(*last)

    def save(self, snap: T) -> int:
        number = self.take(snap)
        self.submit(number, snap)
        return number

    def delete(self) -> int:
        """Remove the file once what was handed over before is done (a game finished)."""
        return self.save(DELETE)

    # --- writing ---------------------------------------------------------------------------
    def write(self, number: int, snap: T) -> bool:
        """Write (or delete) now, in the calling thread, unless something newer was done or
        the file is not this saver's to write. Raises OSError (``last_error`` says it)."""
        if number <= self._done:
            return False
        if not self.writable:
            self._done = number  # dropped: nothing may be written now
            return False
        try:
            if snap is DELETE:
                self.path.unlink(missing_ok=True)  # its .bak stays
            else:
                with self._writing:
                    self._write(snap, self.path)
        except OSError as exc:
            self.last_error = f"{self.path}: {exc.strerror or exc}"
            if self.failing_since is None:
                self.failing_since = time.time()
            raise
        self._done = number
        self.last_error = self.failing_since = None
        return True

    def retry(self) -> None:
        """Write the newest snapshot again after a failed write (no new change needed)."""
        with self._cond:
            last = self._last
            if (last is None or last[0] <= self._done or self.last_error is None
                    or self._busy or self._waiting is not None):
                return  # nothing unsaved, or a write of it is on its way
            self._tried = min(self._tried, last[0] - 1)
        self.submit(*last)

    def write_copy(self, path: Path) -> bool:
        """Write the newest snapshot to another file (the game saved elsewhere when its own
        file cannot be written), under that file's lock; False if there is nothing to write.
        OSError, or GameInUse, if it cannot be written there."""
        from grimoire.store.lock import take

        last = self._last
        if last is None or last[1] is DELETE:
            return False
        with self._writing, take(path):
            self._write(last[1], path)
        return True

    @property
    def unsaved(self) -> int:
        """How many changes are not on disk because writing failed (0: all is saved, or on its way)."""
        with self._cond:
            return self._taken - self._done if self.last_error is not None else 0

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._waiting is not None or self._closing or self._ended)
                if self._waiting is None:  # closing (or closed before), and nothing left
                    if self._thread is threading.current_thread():
                        self._thread = None  # a later hand-over starts another
                    return
                number, snap = self._waiting
                self._waiting, self._busy, self._tried = None, True, number
            failing = self.last_error is not None
            try:
                written = self.write(number, snap)
            except OSError:
                if self.on_error is not None:
                    self.on_error(self.last_error or str(self.path))
            except Exception as exc:  # a bug in a writer: said, and the thread goes on
                self.last_error = f"{self.path}: {exc!r}"
                if self.failing_since is None:
                    self.failing_since = time.time()
                if self.on_error is not None:
                    self.on_error(self.last_error)
            else:
                if written and failing and self.on_saved is not None:
                    self.on_saved()
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every snapshot taken is written (or has failed); False on timeout.

        The newest is handed over now if it was not yet (its hand-over may wait for a frame
        that a closing app never draws)."""
        self.hand_over()
        with self._cond:
            return self._cond.wait_for(lambda: self._waiting is None and not self._busy, timeout)

    def close(self, timeout: float | None = 10.0) -> bool:
        """``flush``, then end the writer thread (a later hand-over starts a new one).
        False: a write did not end in ``timeout``."""
        written = self.flush(timeout)
        with self._cond:
            self._closing = self._ended = True
            thread, self._thread = self._thread, None
            self._cond.notify_all()
        if thread is not None and written:
            thread.join(timeout)
        with self._cond:
            self._closing = False
        return written

    @property
    def behind(self) -> bool:
        """A snapshot was taken that is not on disk yet (and the last write did not fail)."""
        with self._cond:
            return (self._waiting is not None or self._busy
                    or (self._taken > self._done and self.last_error is None))
