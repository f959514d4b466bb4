"""What the rules did, in the order they did it: the full story of each night and day.

The rules record a happening where they decide it, with their reason (a word the log's
narration turns into a sentence); nothing here decides anything. Each happening carries the
drunkenness and poisoning it started or ended, as ``grimoire.rules.status`` reads them.
"""

from __future__ import annotations

from grimoire.core.model import Token
from grimoire.core.value import frozen


@frozen
class Change:
    """A drunkenness or a poisoning that began or ended."""

    seat: int
    source: str
    began: bool


Changes = tuple[Change, ...]


@frozen
class TokenChange:
    """A reminder token placed, moved (or turned to its other side) or removed."""

    how: str  # "placed", "moved" or "removed"
    token: Token  # as it is now (as it was, once removed)
    frm: int | None = None  # the seat a moved token left
    why: str = ""  # a removal's occasion: "dawn", "next_dusk", "death", a script's own expiry
    by: str = "rules"  # or "storyteller": an override
    changes: Changes = ()


@frozen
class Spared:
    """A player who would have died did not: "protected" (by Raoul, ``by``), "already_dead",
    or "managers" (``by`` died instead)."""

    seat: int
    why: str
    by: int | None = None
    changes: Changes = ()


@frozen
class Died:
    seat: int
    cause: str  # "phantom", "cloak_bearer", "ubaldo_piangi", "managers", "execution", "exile", "storyteller"
    changes: Changes = ()


@frozen
class Revived:
    seat: int  # the storyteller brought them back, or the rules (``by``: the character whose ability)
    changes: Changes = ()
    by: str = "storyteller"


@frozen
class Skipped:
    """A step of the night order that did not run, and why (as the sheet says)."""

    step: str
    seat: int | None
    why: str
    changes: Changes = ()


@frozen
class NoEffect:
    """An ability used while drunk or poisoned (or with nothing to act on): spent for nothing."""

    character: str
    seat: int | None
    why: str  # "impaired" or "not_townsfolk" (the Primadonna's holder)
    about: int | None = None  # the player chosen, or the holder
    impaired: tuple[str, ...] = ()
    changes: Changes = ()
    option: str = ""  # what was chosen when it is no player (a character's id)


@frozen
class Executed:
    """The day's execution began here; what came of it is ``DayState.execution``."""

    seat: int
    changes: Changes = ()


@frozen
class Settled:
    """Drunkenness or poisoning that changed with no rule acting: a new phase, an override."""

    by: str  # "dusk", "dawn" or "storyteller"
    changes: Changes = ()


@frozen
class Shown:
    """What a player chose and was shown at their step (a script without rules), or was shown
    that the rules made them (the new Demon woken to learn it)."""

    step: str
    seat: int | None
    what: str  # in words: "chose 6 Fay and was shown “YES”"
    changes: Changes = ()


@frozen
class Joined:
    """A Traveller joined the game, sitting clockwise of ``after``."""

    seat: int
    after: int
    changes: Changes = ()


@frozen
class Left:
    """A Traveller left the game (out of the circle)."""

    seat: int
    changes: Changes = ()


@frozen
class DayTimer:
    """The day's timer, started by the storyteller (the only trace of it in the record)."""

    label: str  # "Discussion" or "Nominations"
    seconds: int
    changes: Changes = ()


@frozen
class Fabled:
    """A Fabled placed for the table, or taken away."""

    character: str
    placed: bool
    changes: Changes = ()


@frozen
class Nominated:
    """A nomination, told where it was made (its vote may come later, after other things)."""

    nominator: int
    nominee: int
    changes: Changes = ()


@frozen
class Voted:
    """The vote on a nominee was counted: who voted."""

    nominee: int
    voters: tuple[int, ...]
    changes: Changes = ()
    tally: int | None = None  # what the hands counted as, where a character weighed some
    hidden: bool = False  # a secret vote


@frozen
class Pointed:
    """The players pointed, for a character whose ability has them point (its ``pointing``
    special): each seat in ``seats`` at the seat at the same place in ``targets``."""

    character: str
    seats: tuple[int, ...]
    targets: tuple[int, ...]
    changes: Changes = ()


STORYTELLER = "storyteller"  # a Became's ``why`` when the storyteller changed the character by hand


@frozen
class Became:
    """A player's character changed by the rules: a Minion became the Imp at a star-pass, the
    Scarlet Woman when the Demon died (``was`` their character before); or by the storyteller
    (``why`` STORYTELLER). The log's lines before it name the player's character as ``was``."""

    seat: int
    character: str
    was: str
    why: str  # the rules' word for it, which their plug-in puts in words: "star_passed", "scarletwoman"
    changes: Changes = ()
    learns: bool = True  # the player is told (their dealt card follows); not, by the storyteller's say
    turned: str = ""  # "good" or "evil" when the change turned their alignment too


@frozen
class Declared:
    """A public declaration by day: Christine's unmask, Piangi's performance, the Slayer's shot."""

    seat: int
    character: str
    about: int | None = None  # the player it names (the Slayer's)
    changes: Changes = ()


@frozen
class Exiled:
    seat: int  # a Traveller, exiled by the town
    changes: Changes = ()


# Every game's happenings; a script's rules may record their own besides (the Phantom's artifact).
Happening = (
    TokenChange | Spared | Died | Revived | Skipped | NoEffect | Executed | Settled | Shown
    | Joined | Left | Fabled | DayTimer | Nominated | Voted | Pointed | Became | Declared | Exiled
)
