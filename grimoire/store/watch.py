"""Has a file changed since we last looked? One stat, no reading.

The town square (in the terminal and in the players' browsers) follows the save file this
way: a stat every half second costs one system call, and the file is read and parsed only
when its stamp (inode, size, modification time) moved. A stat works the same on every
platform and file system (inotify does not see changes made over a network share, and would
be one more dependency), and the autosave replaces the file atomically, so the inode alone
already tells a new save. Pure: no Textual, no Rich.
"""

from __future__ import annotations

from pathlib import Path

Stamp = tuple[int, int, int]


def stamp(path: Path) -> Stamp | None:
    """The file's (inode, size, mtime in ns), or None if it cannot be seen now."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


class FileWatch:
    """Tells, each time it is asked, whether ``path`` changed since the last ``changed()``
    that said so (the first look at a file that exists says it did)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._seen: Stamp | None = None

    def changed(self) -> bool:
        now = stamp(self.path)
        if now is None or now == self._seen:
            return False
        self._seen = now
        return True

    @property
    def missing(self) -> bool:
        return stamp(self.path) is None
