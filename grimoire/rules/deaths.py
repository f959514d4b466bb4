"""Deaths and revivals, for every script: the death itself and what the game's rules set off."""

from __future__ import annotations

from grimoire.core.happenings import Died, Revived
from grimoire.core.model import GameState, Phase
from grimoire.rules import chronicle
from grimoire.rules.status import rules_of


def kill(g: GameState, x: int, cause: str = "storyteller") -> None:
    """The death itself and what it sets off at once; ``cause`` is for the log (Died)."""
    g.replace_seat(x, alive=False)
    if g.phase is Phase.NIGHT and g.nights:
        g.nights[-1].deaths.append(x)
    elif g.today is not None:
        g.today.deaths.append(x)
    chronicle.record(g, Died(x, cause))
    rules_of(g).after_death(g, x)


def revive(g: GameState, x: int, by: str = "storyteller") -> None:
    g.replace_seat(x, alive=True, ghost_vote=True)
    chronicle.record(g, Revived(x, by=by))
