"""What Sects & Violets' rules did that no other script's do, for the log: the Philosopher's
choice (they gain a character's ability; they do not change character), the Cerenovus's (who
is to be mad, and about which character: the Mad reminder alone does not say), the Pit-Hag's
choice of a character already in play and the Snake Charmer's of a player who is no Demon
(nothing happens, and nothing else says so), the day's public acts (the Juggler's guesses, the
Savant's visit) and an execution for madness."""

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


@frozen
class Juggled:
    """The Juggler's public guesses, judged as they were made: ``correct`` of them right."""

    seat: int
    guesses: tuple[tuple[int, str], ...]
    correct: int
    changes: Changes = ()


@frozen
class Visited:
    """The Savant's visit: whether the first and the second statement was true."""

    seat: int
    first: bool
    second: bool
    why: str = ""  # why not one true and one false: "vortox", or the Savant's drunkenness or poison
    changes: Changes = ()


@frozen
class MadExecuted:
    """The storyteller judged a player broke their madness (the Cerenovus's) or showed it (the
    Mutant's): executed at once, as the day's execution. ``about``: the character they were mad
    about ("" for the Mutant's: being an Outsider)."""

    seat: int
    by: str  # "cerenovus", "mutant", or "" (the storyteller's judgement of no recorded madness)
    about: str = ""
    changes: Changes = ()
