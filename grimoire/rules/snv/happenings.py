"""What Sects & Violets' rules did that no other script's do, for the log: the Philosopher's
choice (they gain a character's ability; they do not change character), the Cerenovus's (who
is to be mad, and about which character: the Mad reminder alone does not say), and the
Pit-Hag's choice of a character already in play and the Snake Charmer's of a player who is no
Demon (nothing happens, and nothing else says so)."""

from __future__ import annotations

from grimoire.core.happenings import Changes
from grimoire.core.value import frozen


@frozen
class Gained:
    """The Philosopher chose a good character and gained its ability."""

    seat: int
    character: str
    changes: Changes = ()


@frozen
class Maddened:
    """The Cerenovus (``seat``) chose ``player`` and a good character: mad about it tomorrow."""

    seat: int
    player: int
    character: str
    changes: Changes = ()


@frozen
class InPlay:
    """The Pit-Hag (``seat``) chose ``player`` and a character already in play: nothing happens."""

    seat: int
    player: int
    character: str
    changes: Changes = ()


@frozen
class NotTheDemon:
    """The Snake Charmer (``seat``) chose ``player``, who is no Demon (or themself): nothing happens."""

    seat: int
    player: int
    changes: Changes = ()
