"""What a reader cannot take, in words and with its place: a file that is no regular file or
is too big, nesting too deep, numbers too long.

Every saved game, script, scenario and data file is read by ``read_bytes`` or ``read_text``:
only a regular file (a symlink is followed) and only up to ``MAX_BYTES``. A device
(``/dev/zero`` never ends), a named pipe (a FIFO waits for a writer that may never come), a
socket or a folder is refused at once with ``FileRefused``, which says what the path is and
names it; so is a file larger than any real one. The path is looked at before it is opened
(a device is never opened), opened without waiting (a FIFO swapped in meanwhile opens at
once), and looked at again once open, through the descriptor: what is read is what was looked
at, and never more than ``limit`` + 1 bytes.

``tomllib`` and ``json`` read nested arrays and tables by recursion, so 100,000 ``[`` in a
row end in a RecursionError (quickly: a few hundred levels in); and Python converts at most
4,300 digits to a number, so a longer one ends in a ValueError. The readers catch these and
call ``unreadable`` to say what the file holds, and where. No game file, scenario or script
nests more than a handful of levels, or needs a number of more than a few digits.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path

# The seats a table may have: players and Travellers (a file with more is refused at once).
MAX_SEATS = 20

LIMIT = 64
# Bytes: a 15-seat game of 100,000 events is some 10 MB, the official data a few MB.
MAX_BYTES = 64 * 1024 * 1024
_CHUNK = 1024 * 1024
# Opened without waiting (a FIFO), never as this process's terminal (a tty), unchanged (Windows).
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_FLAGS = os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


class FileRefused(OSError):
    """A path that is not read: no regular file, or too big. ``problem`` says why, without
    the path; the message is the path and the problem."""

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem
        self.strerror = problem  # a reader that says "cannot be read ({strerror})" says why


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; FileRefused for anything else
    (OSError as ever for a file missing or not allowed)."""
    _check(path, os.stat(path), limit)  # follows symlinks: a link to /dev/zero is a device
    # Not blocking: a FIFO put in the file's place since the stat opens at once, and is
    # refused below; a regular file reads the same either way.
    fd = os.open(path, _FLAGS)
    try:
        st = os.fstat(fd)  # the file opened, which may not be the one looked at
        _check(path, st, limit)
        if _NONBLOCK:
            os.set_blocking(fd, True)
        chunks: list[bytes] = []
        left = limit + 1  # one byte more than allowed tells a file that grew too big
        want = st.st_size + 1  # the whole file, and then its end, as a rule
        while left > 0:
            chunk = os.read(fd, min(left, want))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
            want = _CHUNK  # it grew since the fstat
    finally:
        os.close(fd)
    if left <= 0:
        raise FileRefused(path, _too_big(limit))
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> str:
    """``read_bytes`` as UTF-8 text (UnicodeDecodeError if it is not), line ends made "\\n"
    as ``Path.read_text`` makes them."""
    text = read_bytes(path, limit).decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def check_file(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> None:
    """Refuse (FileRefused) what ``read_bytes`` would refuse, without reading it: a folder, a
    FIFO, a device, a file too big. OSError as ever for a file missing or not allowed."""
    _check(path, os.stat(path), limit)


def refuse_unless_regular(path: str | os.PathLike[str], st: os.stat_result) -> None:
    """FileRefused unless ``st`` (of ``path``, or of a file opened by that name) is a regular file."""
    _check(path, st, sys.maxsize)


def _check(path: str | os.PathLike[str], st: os.stat_result, limit: int) -> None:
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        raise FileRefused(path, "a folder, not a file")
    if not stat.S_ISREG(mode):
        if stat.S_ISFIFO(mode):
            what = "a named pipe (FIFO)"
        elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            what = "a device"
        elif stat.S_ISSOCK(mode):
            what = "a socket"
        else:
            what = "a special file"
        raise FileRefused(path, f"{what}, not a regular file: not read")
    if st.st_size > limit:
        raise FileRefused(path, _too_big(limit))


def _too_big(limit: int) -> str:
    size = f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit:,} bytes"
    return f"larger than {size}, more than any file Grimoire reads: not read"


# Strings and comments hold brackets that open nothing and digits that count nothing.
_TOML = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]|[0-9_]+',
    re.S,
)
_JSON = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def unreadable(text: str, toml: bool, exc: Exception) -> str:
    """The problem of a file its parser gave up on: nesting (a RecursionError) or a number too
    long (a ValueError; JSON readers take long numbers by a hook, so this is TOML's)."""
    tokens = (_TOML if toml else _JSON).finditer(text)
    if isinstance(exc, RecursionError):
        what = "arrays or tables" if toml else "arrays or objects"
        depth = 0
        for match in tokens:
            token = match.group()
            if token in "[{":
                depth += 1
                if depth > LIMIT:
                    return f"{what} nested more than {LIMIT} deep ({_place(text, match.start())})"
            elif token in "]}":
                depth = max(0, depth - 1)
        return f"{what} nested too deeply"
    digits = sys.get_int_max_str_digits()
    for match in tokens:
        token = match.group()
        if digits and token[0] in "0123456789_" and len(token.replace("_", "")) > digits:
            return f"a number of more than {digits:,} digits ({_place(text, match.start())})"
    return str(exc)


def _place(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - text.rfind("\n", 0, index)
    return f"line {line}, column {column}"
