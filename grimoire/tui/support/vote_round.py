"""A vote being counted round the circle: whose hand is asked now, the hands the storyteller
has keyed, and those raised from the phones. Pure (no Textual): the vote screen holds one and
draws it; who may vote and in what order come from ``grimoire.rules.day``.

The storyteller's key always wins: a seat they have keyed counts as they keyed it, whatever
its phone says; a seat they have not keyed counts as its phone says (down if it said nothing)
once the vote's clock has reached it, as a hand at the table counts when the hand going round
reaches it: a phone's hand raised before shows as raised, and is not counted yet. ``up`` is
the one count: what the screen says, what the pages show and what Enter records (the rules
weigh those hands, grimoire.rules.day.vote).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import attrs

from grimoire.core.model import GameState
from grimoire.core.value import frozen
from grimoire.rules import day as day_rules

Hands = tuple[tuple[int, bool], ...]  # (seat, up), at most one pair a seat


def _with(hands: Hands, seat: int, up: bool) -> Hands:
    return tuple(sorted({**dict(hands), seat: up}.items()))


@frozen
class VoteRound:
    nominee: int
    order: tuple[int, ...]  # every seat at the table, from the one after the nominee, the nominee last
    voting: frozenset[int]  # the seats that may vote (the living, the dead with a ghost vote)
    at: int | None  # the seat asked now; None: the round has gone all the way round
    keyed: Hands = ()  # the storyteller's keys
    phoned: Hands = ()  # the phones' hands for this vote

    @classmethod
    def start(cls, g: GameState, nominee: int, registers_dead: Collection[int] = ()) -> VoteRound:
        order = day_rules.round_order(g, nominee)
        voting = frozenset(s for s in order if day_rules.may_vote(g, s, registers_dead))
        first = next((s for s in order if s in voting), None)
        return cls(nominee, order, voting, first)

    # --- what counts ---------------------------------------------------------------------------
    def reached(self, seat: int) -> bool:
        """The vote's clock has come to ``seat`` (it is asked now, or was): all, once round."""
        return self.at is None or (seat in self.order and self.order.index(seat) <= self.order.index(self.at))

    def counted(self, seat: int) -> bool:
        if seat not in self.voting:
            return False
        keyed = dict(self.keyed)
        if seat in keyed:
            return keyed[seat]
        return self.reached(seat) and dict(self.phoned).get(seat, False)

    def by_phone(self, seat: int) -> bool | None:
        """The phone's hand where it counts (the storyteller has not keyed the seat), else None."""
        if seat not in self.voting or seat in dict(self.keyed):
            return None
        return dict(self.phoned).get(seat)

    @property
    def up(self) -> tuple[int, ...]:
        """The hands up, in the order of the round: the voters of the Vote event."""
        return tuple(s for s in self.order if self.counted(s))

    @property
    def raised(self) -> tuple[int, ...]:
        """The hands raised from the phones that the clock has not reached yet: shown, not counted."""
        keyed = dict(self.keyed)
        return tuple(s for s in self.order if s in self.voting and s not in keyed and not self.reached(s)
                     and dict(self.phoned).get(s, False))

    @property
    def touched(self) -> bool:
        """Anything counted so far that cancelling would throw away."""
        return bool(self.keyed) or bool(self.up)

    # --- the storyteller's keys ------------------------------------------------------------------
    def hand(self, up: bool) -> VoteRound:
        """The seat asked now raises (or keeps down) their hand; the next seat is asked."""
        if self.at is None:
            return self
        return attrs.evolve(self, keyed=_with(self.keyed, self.at, up), at=self._step(self.at, 1))

    def skip(self) -> VoteRound:
        """On to the next seat, its hand as it stands (a phone's)."""
        return self if self.at is None else attrs.evolve(self, at=self._step(self.at, 1))

    def back(self) -> VoteRound:
        """Back one seat (from the round's end: the last seat that may vote)."""
        if self.at is None:
            last = next((s for s in reversed(self.order) if s in self.voting), None)
            return attrs.evolve(self, at=last)
        before = self._step(self.at, -1)
        return self if before is None else attrs.evolve(self, at=before)

    def toggle(self, seat: int) -> VoteRound:
        """A seat's number typed: its hand the other way (the seat asked stays the same)."""
        if seat not in self.voting:
            return self
        return attrs.evolve(self, keyed=_with(self.keyed, seat, not self.counted(seat)))

    def with_phones(self, hands: Mapping[int, bool]) -> VoteRound:
        """The phones' hands for this vote, as they stand now; a seat that may not vote is ignored."""
        phoned = tuple(sorted((s, bool(up)) for s, up in hands.items() if s in self.voting))
        return self if phoned == self.phoned else attrs.evolve(self, phoned=phoned)

    def _step(self, seat: int, step: int) -> int | None:
        """The next seat (``step`` 1) or the one before (-1) that may vote; None past either end."""
        i = self.order.index(seat) + step
        while 0 <= i < len(self.order):
            if self.order[i] in self.voting:
                return self.order[i]
            i += step
        return None
