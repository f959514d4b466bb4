"""Paths that are no files to read: FIFOs, devices, files big on paper; and what keeps a test
that meets a reader waiting on a FIFO from hanging."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PIPE = "a named pipe (FIFO), not a regular file: not read"
DEVICE = "a device, not a regular file: not read"
TOO_BIG = "larger than 64 MiB, more than any file Grimoire reads: not read"


def release(path: Path) -> None:
    """A reader left waiting on the FIFO (the fault these tests look for) gets its end of file
    and goes on: nothing stays blocked after the test."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:  # nobody is waiting on it
        return
    os.close(fd)


@contextmanager
def at_once(seconds: float = 5.0) -> Iterator[None]:
    """An in-process read that would wait on a FIFO fails instead (the alarm interrupts it)."""
    def late(signum, frame):  # type: ignore[no-untyped-def]
        raise AssertionError(f"still reading after {seconds} s")

    old = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def sparse(path: Path, size: int) -> Path:
    with path.open("wb") as handle:
        handle.truncate(size)  # a size on paper: nothing written, no disk used
    return path
