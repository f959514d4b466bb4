"""What Bad Moon Rising's rules did that no other script's do, for the log: the Mastermind
keeping the game going after the Demon's execution, and the choices the log tells that nothing
else records (the Sailor's, the Innkeeper's guests, the Lunatic's, the Gambler's right guess)."""

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


@frozen
class Chose:
    """A player's choice at their step, told as it is (what came of it is told after it)."""

    character: str  # the step
    seat: int
    about: tuple[int, ...]
    guess: str = ""  # the Gambler's: the character guessed
    changes: Changes = ()
