"""What Bad Moon Rising's rules did that no other script's do, for the log: the Mastermind
keeping the game going after the Demon's execution."""

from __future__ import annotations

from grimoire.core.happenings import Changes
from grimoire.core.value import frozen


@frozen
class PlaysOn:
    """The Demon was executed and died while the Mastermind's ability works: the game goes on
    for one more night and day, whose execution decides."""

    demon: int
    mastermind: int
    changes: Changes = ()
