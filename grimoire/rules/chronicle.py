"""The rules' own record of what they did, for the log (``grimoire.core.happenings``).

Each happening goes to tonight's record by night and to today's by day, with the drunkenness
and poisoning that began or ended since the last one: ``GameState.impairments`` is kept equal
to what ``grimoire.rules.status`` reads, so nothing is ever guessed afterwards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from grimoire.core.happenings import Change, Changes, Settled
from grimoire.core.model import DayState, GameState, NightRecord, Phase

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


def record_of(g: GameState) -> NightRecord | DayState | None:
    """Where a happening now belongs: the night or day the log tells it under."""
    if g.phase is Phase.NIGHT:
        return g.nights[-1]
    if g.phase is Phase.DAY:
        return g.days[-1]
    if g.phase is Phase.OVER:
        if g.days and g.day == g.night:
            return g.days[-1]
        return g.nights[-1] if g.nights else None
    return None


def settle(rules: ScriptRules, g: GameState) -> Changes:
    """The drunkenness and poisoning begun and ended since the last look (and look again), as
    the game's rules say who is drunk or poisoned."""
    now = rules.impairments(g)
    before = g.impairments
    if now == before:
        return ()
    g.impairments = now
    began = [Change(seat, source, True) for seat, source in now if (seat, source) not in before]
    ended = [Change(seat, source, False) for seat, source in before if (seat, source) not in now]
    return (*began, *ended)


def record(rules: ScriptRules, g: GameState, happening: Any) -> None:
    """Record what the rules just did to a token, a seat or the holder, with what it changed."""
    changes = settle(rules, g)
    where = record_of(g)
    if where is not None:
        where.happenings.append(attrs.evolve(happening, changes=changes) if changes else happening)


def note(g: GameState, happening: Any, at: int | None = None) -> None:
    """Record a happening that changes no token, seat or holder (a skip, a choice, an outcome)."""
    where = record_of(g)
    if where is not None:
        where.happenings.insert(len(where.happenings) if at is None else at, happening)


def mark(g: GameState) -> int:
    """Where the next happening goes: a step that records its outcome last can put it first."""
    where = record_of(g)
    return len(where.happenings) if where is not None else 0


def recheck(rules: ScriptRules, g: GameState, by: str) -> None:
    """After a change no rule made (a new phase, an override): record what it began or ended."""
    changes = settle(rules, g)
    where = record_of(g)
    if changes and where is not None:
        where.happenings.append(Settled(by, changes))
