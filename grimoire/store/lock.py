"""One window per game file: a lock file beside the game, ``<file>.lock``.

A window takes the lock before it writes a game and keeps it while the game is open; a second
window finds it taken (``GameInUse``, with who holds it) and may only read the game. The lock
is ``flock`` on the lock file, so the system lets go of it when its process dies however it
dies (kill -9 included): a lock file left behind is not locked, and the next window takes it
over. The file holds a few lines naming its holder (pid, host, since when) for the message.
Where ``fcntl`` is missing (Windows) the lock file is created exclusively instead, and a file
whose process is gone is taken over.

Pure: no Textual, no Rich.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
import time
import tomllib
from datetime import datetime
from pathlib import Path

import attrs
import tomli_w

from grimoire.core.limits import refuse_unless_regular
from grimoire.core.value import define, frozen

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]  # (no module: an exclusive lock file instead)

SUFFIX = ".lock"
# An exclusive lock file (no fcntl) that names no holder is being written by its taker, unless
# it is this old: then its taker died between creating and writing it.
UNNAMED_GRACE = 10.0
HOST_CHARS = 64
# A lock file is never followed elsewhere: a link planted in its place is not written through.
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
# Nor is a FIFO in its place waited on: it opens at once, and is refused (regular files only).
NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


@frozen
class Holder:
    """Who holds a game: as the holder wrote it, checked; unknown parts are None."""

    pid: int | None = None
    host: str | None = None
    since: datetime | None = None

    def describe(self, now: datetime | None = None) -> str:
        """``pid 1234 on host, since 10:02`` (with the date when it is not today)."""
        parts = []
        if self.pid is not None:
            parts.append(f"pid {self.pid}")
        if self.host:
            parts.append(f"on {self.host}")
        words = " ".join(parts)
        if self.since is not None:
            since = self.since.astimezone() if self.since.tzinfo else self.since
            today = (now or datetime.now()).date()
            when = since.strftime("%H:%M" if since.date() == today else "%Y-%m-%d %H:%M")
            words = f"{words}, since {when}" if words else f"since {when}"
        return words or "holder unknown"


class GameInUse(Exception):
    """The game's file is held by another window; ``holder`` says which."""

    def __init__(self, path: Path, holder: Holder) -> None:
        self.path = path
        self.holder = holder
        super().__init__(f"{path}: open in another window ({holder.describe()})")


def lock_path(path: Path) -> Path:
    # The real file's folder: two names for one game (a symlink, a relative path) share a lock.
    real = Path(path).resolve()
    return real.with_name(real.name + SUFFIX)


def _me() -> Holder:
    return Holder(os.getpid(), _clean_host(socket.gethostname()), datetime.now().astimezone().replace(microsecond=0))


def _clean_host(host: object) -> str | None:
    # The file is anyone's to write: only printable characters reach a message.
    if not isinstance(host, str):
        return None
    kept = "".join(c for c in host if c.isprintable())[:HOST_CHARS].strip()
    return kept or None


def holder_text(holder: Holder) -> str:
    data: dict[str, object] = {}
    if holder.pid is not None:
        data["pid"] = holder.pid
    if holder.host is not None:
        data["host"] = holder.host
    if holder.since is not None:
        data["since"] = holder.since
    return tomli_w.dumps(data)


def parse_holder(text: str) -> Holder | None:
    """The holder a lock file names; None if it names none (empty, or not ours)."""
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    pid = data.get("pid")
    if not isinstance(pid, int) or isinstance(pid, bool) or not 0 < pid < 2**31:
        pid = None
    since = data.get("since")
    if not isinstance(since, datetime):
        since = None
    holder = Holder(pid, _clean_host(data.get("host")), since)
    return None if holder == Holder() else holder


def _read_text(fd: int) -> str:
    try:
        return os.pread(fd, 4096, 0).decode("utf-8", "replace")
    except (OSError, AttributeError):  # no pread (Windows)
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            return os.read(fd, 4096).decode("utf-8", "replace")
        except OSError:
            return ""


def _write_holder(fd: int) -> None:
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, holder_text(_me()).encode("utf-8"))


@define(eq=False)
class GameLock:
    """The lock on one game's file, held until ``release`` (or this process ends)."""

    path: Path  # the game's file
    _fd: int | None = attrs.field(alias="fd")
    _exclusive: bool = attrs.field(default=False, alias="exclusive")  # the no-fcntl kind

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let go, and remove the lock file (a clean exit leaves none). Safe to call twice."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        where = lock_path(self.path)
        if self._exclusive:  # Windows removes no open file: close first
            os.close(fd)
            _unlink(where)
            return
        try:
            # Removed while still held, and only if it is still ours: a window that opened it
            # meanwhile finds, once it gets the lock, that it locked a file no longer there.
            if _same_file(where, fd):
                _unlink(where)
        finally:
            os.close(fd)

    def __enter__(self) -> GameLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        # Gone already, or its folder made read-only: a lock file left behind is not held
        # once its holder lets go, and the next window takes it over.
        pass


def _same_file(path: Path, fd: int) -> bool:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)


def take(path: Path) -> GameLock:
    """Hold the game at ``path`` for this process; ``GameInUse`` if a live window holds it.

    A lock file left by a process that died is taken over. OSError: the folder cannot be
    written (then nobody can save the game there anyway).
    """
    where = lock_path(path)
    where.parent.mkdir(parents=True, exist_ok=True)
    if fcntl is None:
        return _take_exclusive(Path(path), where)
    return _take_flock(Path(path), where)


def _open_lock(where: Path) -> int:
    """The lock file, opened (made if need be); a FIFO, a device or a folder in its place is
    refused (FileRefused) rather than waited on or written to."""
    if where.is_dir():  # os.open says only "Is a directory", which reads as a fault of ours
        refuse_unless_regular(where, where.stat())
    fd = os.open(where, os.O_RDWR | os.O_CREAT | NOFOLLOW | NONBLOCK, 0o600)
    try:
        refuse_unless_regular(where, os.fstat(fd))
    except OSError:
        os.close(fd)
        raise
    return fd


def _take_flock(path: Path, where: Path, attempts: int = 20) -> GameLock:
    assert fcntl is not None
    for _ in range(attempts):
        fd = _open_lock(where)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            text = _read_text(fd)
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise GameInUse(path, parse_holder(text) or Holder()) from None
            raise
        # Its last holder may have let go and removed it between our open and our lock.
        if not _same_file(where, fd):
            os.close(fd)
            continue
        try:
            _write_holder(fd)
        except OSError:
            os.close(fd)
            raise
        return GameLock(path, fd=fd)
    raise OSError(f"{where}: the lock file keeps being replaced")


def _take_exclusive(path: Path, where: Path, attempts: int = 3) -> GameLock:
    for _ in range(attempts):
        try:
            fd = os.open(where, os.O_RDWR | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o600)
        except FileExistsError:
            holder = _holder_at(where)
            if _alive(holder, where):
                raise GameInUse(path, holder or Holder()) from None
            try:  # its holder is gone: take it over
                os.unlink(where)
            except FileNotFoundError:
                pass
            except PermissionError:  # still open in a live process (Windows keeps it)
                raise GameInUse(path, holder or Holder()) from None
            continue
        try:
            _write_holder(fd)
        except OSError:
            os.close(fd)
            _unlink(where)
            raise
        return GameLock(path, fd=fd, exclusive=True)
    raise GameInUse(path, _holder_at(where) or Holder())


def _holder_at(where: Path) -> Holder | None:
    try:
        return parse_holder(where.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return None


def _alive(holder: Holder | None, where: Path) -> bool:
    """Whether an exclusive lock file's holder may still be running."""
    if holder is None or holder.pid is None:
        try:
            return time.time() - where.stat().st_mtime < UNNAMED_GRACE
        except FileNotFoundError:
            return False
    if holder.host is not None and holder.host != _clean_host(socket.gethostname()):
        return True  # another machine's process: it cannot be asked, so it holds
    return pid_alive(holder.pid)


def pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        return _windows_pid_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    except OSError:
        return True
    return True


if sys.platform == "win32":  # pragma: no cover - Windows only (and so read by the type checker)

    def _windows_pid_alive(pid: int) -> bool:
        # os.kill would end the process on Windows: ask for its exit code instead.
        import ctypes

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return ctypes.get_last_error() == 5  # access denied: it exists
        try:
            code = ctypes.c_ulong()
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == 259  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)


def holder_of(path: Path) -> Holder | None:
    """Who holds the game now (None: nobody). A lock file left by a dead process is taken
    and let go of (which removes it) to find out."""
    if not lock_path(path).exists():  # a holder always has its lock file
        return None
    try:
        take(path).release()
    except GameInUse as exc:
        return exc.holder
    return None
