"""Small file jobs the storyteller never waits for (which game is open, for the town square;
what killed writes left behind), done in the order given by one plain thread, which ends as
soon as none is left. Pure: no Textual, no Rich.

Textual's thread workers run in asyncio's thread pool, which, once started, keeps its thread
and its modules for the rest of the app: for these two small writes at start, it held 0.13 MiB
more of the start's peak memory than a thread of their own does (tests/bench/bench_app.py).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable


class FileJobs:
    """One thread at a time runs the jobs, in order; a job's error goes to ``on_error`` (called
    in that thread) and the next job still runs."""

    def __init__(self, name: str, on_error: Callable[[BaseException], None]) -> None:
        self._name = name
        self._on_error = on_error
        self._jobs: deque[Callable[[], None]] = deque()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def run(self, job: Callable[[], None]) -> None:
        """Do ``job`` after those already given, in the jobs' thread (started if none runs)."""
        with self._lock:
            self._jobs.append(job)
            if self._thread is None:
                # Not a daemon: a write begun when the app ends is finished, never cut off.
                self._thread = threading.Thread(target=self._work, name=self._name)
                self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every job given is done (a disk that never answers: until ``timeout``);
        whether they are."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._lock:
                thread = self._thread
            if thread is None or thread is threading.current_thread():
                return thread is None
            thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if deadline is not None and time.monotonic() >= deadline:
                return self.idle

    @property
    def idle(self) -> bool:
        with self._lock:
            return self._thread is None

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._jobs:
                    self._thread = None
                    return
                job = self._jobs.popleft()
            try:
                job()
            except Exception as exc:  # a bug in a job: said, and the next job still runs
                self._on_error(exc)
