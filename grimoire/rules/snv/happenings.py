"""What Sects & Violets' rules did that no other script's do, for the log: the Philosopher's
choice (they gain a character's ability; they do not change character)."""

from __future__ import annotations

from grimoire.core.happenings import Changes
from grimoire.core.value import frozen


@frozen
class Gained:
    """The Philosopher chose a good character and gained its ability."""

    seat: int
    character: str
    changes: Changes = ()
