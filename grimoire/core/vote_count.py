"""How a vote counts, read from the script's ``special`` entries (type ``vote``): a ``hidden``
vote (eyes closed, the tally secret) and a ``multiplier`` (the hand of a player marked by the
character's reminder counts as so many votes, negative too). Pure: whose ability works now is
asked of the caller (the game's rules), so this module names no character and knows no script's
rules.

A ``multiplier`` whose value the data leaves out is asked of ``fallback`` (the script's rules:
``ScriptRules.vote_multiplier``); with no answer there, the hand counts as one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from grimoire.core.model import GameState
from grimoire.core.script import Character
from grimoire.core.value import frozen

VOTE = "vote"
HIDDEN, MULTIPLIER = "hidden", "multiplier"
POINTING = "pointing"  # an ``ability`` special: the players point (at once, or in turn)


@frozen
class VoteSpecials:
    """What changes the count of a vote now: secret, and the seats whose hand counts otherwise."""

    hidden: bool = False
    weights: tuple[tuple[int, int], ...] = ()  # (seat, how many votes its hand counts as), by seat

    def weight(self, seat: int) -> int:
        return dict(self.weights).get(seat, 1)

    @property
    def weighted(self) -> bool:
        return any(w != 1 for _, w in self.weights)


def multiplier_of(character: Character) -> int | None:
    """The character's vote multiplier as its data gives it (None: it has none, or no value)."""
    for special in character.special:
        if special.type == VOTE and special.name == MULTIPLIER:
            try:
                return int(float(special.value))
            except ValueError:
                return None
    return None


def _has(character: Character, name: str) -> bool:
    return any(s.type == VOTE and s.name == name for s in character.special)


def vote_specials(g: GameState, known: Mapping[str, Character], works: Callable[[int], bool],
                  fallback: Callable[[Character], int | None] = lambda c: None) -> VoteSpecials:
    """The specials of the characters in play (``known``: the script's and the visitors', by
    id) whose ability works (``works(seat)``: the game's rules; a Fabled or Loric in play, held
    by no seat, always works): a ``hidden`` one hides the vote, a ``multiplier`` one weighs the
    hand of each seat bearing one of its reminders. Two multipliers on one seat multiply."""
    sources: list[Character] = []
    for seat in g.ring:
        found = known.get(g.seats[seat].character)
        if found is not None and any(s.type == VOTE for s in found.special) and works(seat):
            sources.append(found)
    for char_id in g.fabled:
        found = known.get(char_id)
        if found is not None and any(s.type == VOTE for s in found.special):
            sources.append(found)
    hidden = any(_has(c, HIDDEN) for c in sources)
    weights: dict[int, int] = {}
    for character in sources:
        if not _has(character, MULTIPLIER):
            continue
        times = multiplier_of(character)
        if times is None:
            times = fallback(character)
        if times is None:
            continue
        for seat in sorted({t.seat for t in g.tokens if t.owner == character.id}):
            weights[seat] = weights.get(seat, 1) * times
    return VoteSpecials(hidden, tuple(sorted(weights.items())))


def pointing_in_play(g: GameState, known: Mapping[str, Character]) -> tuple[Character, ...]:
    """The characters in play (a seat's, or a Fabled or Loric) whose ability has the players
    point (the ``pointing`` special), in the circle's order."""
    found = [known.get(g.seats[s].character) for s in g.ring] + [known.get(f) for f in g.fabled]
    out = {c.id: c for c in found if c is not None and any(s.name == POINTING for s in c.special)}
    return tuple(out.values())


def point_tally(targets: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Each seat pointed at and how many pointed at it, the most first (then by seat)."""
    counts: dict[int, int] = {}
    for t in targets:
        counts[t] = counts.get(t, 0) + 1
    return tuple(sorted(counts.items(), key=lambda tc: (-tc[1], tc[0])))


def tally(voters: Iterable[int], specials: VoteSpecials) -> int:
    """The votes the raised hands count as."""
    return sum(specials.weight(v) for v in voters)
