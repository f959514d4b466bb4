"""What the commands print: every message through ``printable``, so that a name or a path read
from a file never sends a terminal command (ESC, BEL) nor breaks the output (a lone surrogate)."""

from __future__ import annotations

import sys

from grimoire.core.freetext import printable


def echo(text: str = "", err: bool = False, end: str = "\n") -> None:
    """Print ``text`` (line breaks kept, every other control character as an escape)."""
    (sys.stderr if err else sys.stdout).write(printable(text, lines=True) + end)
