"""Who is drunk, poisoned or misregistering on the Phantom's script, derived from its own
tokens, the seats and the Lasso (docs/rules/phantom.md). The Phantom's rules (``PhantomRules``) answer the
generic questions (``grimoire.rules.status``) from here."""

from __future__ import annotations

from collections.abc import Iterator

from grimoire.core.model import Alignment, GameState, Phase
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom.state import ARTIFACTS, LASSO, MMB, config, own

ALWAYS_HEALTHY = frozenset(
    {"auctioneer", "managers", "claque", "trapdoor_keeper", "mirror_keeper", "phantoms_favourite"}
)
ALWAYS_SOBER = frozenset({"phantoms_favourite"})
__all__ = ["ARTIFACTS", "LASSO", "MMB"]  # the artifacts, said here too for the rules that read status

# Why a player is drunk or poisoned on the Phantom's script (``Change.source``).
CLAQUE = "claque"  # the seat under "Claque Seat (is drunk)"
DRUNK_TONIGHT_SOURCE = "drunk_tonight"  # the Auctioneer's "Drunk tonight"
DRUNK_UNTIL_DUSK_SOURCE = "drunk_until_dusk"  # Raoul's "Drunk until dusk"
LASSO_SOURCE = "lasso"  # the Punjab Lasso's holder (poisoned)


def phantom(g: GameState) -> int | None:
    seat = g.seat_of("phantom")
    return None if seat is None else seat.index


def immune_active(g: GameState, i: int) -> bool:
    s = g.seats[i]
    return s.alive and not s.ability_lost


def claque_alive(g: GameState) -> bool:
    seat = g.seat_of("claque")
    return seat is not None and seat.alive


def drunk_sources(g: GameState, i: int) -> Iterator[str]:
    """What makes seat ``i`` drunk now, one source at a time (``grimoire.core.happenings``)."""
    s = g.seats[i]
    if s.character in ALWAYS_SOBER and immune_active(g, i):
        return
    if claque_alive(g) and tk.seat_of_token(g, tk.CLAQUE) == i:
        if g.phase is Phase.NIGHT or config(g).claque_drunk_through_day:
            yield CLAQUE
    if tk.has(g, tk.DRUNK_TONIGHT, i):
        yield DRUNK_TONIGHT_SOURCE
    if tk.has(g, tk.RAOUL, i, side=tk.DRUNK_UNTIL_DUSK):
        yield DRUNK_UNTIL_DUSK_SOURCE


def is_drunk(g: GameState, i: int) -> bool:
    return next(drunk_sources(g, i), None) is not None


def is_poisoned(g: GameState, i: int) -> bool:
    s = g.seats[i]
    if s.character in ALWAYS_HEALTHY and immune_active(g, i):
        return False
    artifact = own(g).artifact
    return artifact.active == LASSO and artifact.holder == i


def impairment_sources(g: GameState, i: int) -> tuple[str, ...]:
    drunk = tuple(drunk_sources(g, i))
    return (*drunk, LASSO_SOURCE) if is_poisoned(g, i) else drunk


def impairments(g: GameState) -> tuple[tuple[int, str], ...]:
    """(seat, source) for everyone drunk or poisoned now. Only a token on the seat or the Lasso
    in hand makes anyone so, so only those seats are read."""
    seats = {t.seat for t in g.tokens}
    artifact = own(g).artifact
    if artifact.active == LASSO and artifact.holder is not None:
        seats.add(artifact.holder)
    return tuple((i, source) for i in sorted(seats) for source in impairment_sources(g, i))


# Why a player is drunk or poisoned: (what they are, by what), as the grimoire words it.
CLAQUE_SEAT = ("drunk", "the Claque's seat")
DRUNK_TONIGHT = ("drunk tonight", "the Phantom passed them the artifact")
DRUNK_UNTIL_DUSK = ("drunk until dusk", "their protection prevented a death")
LASSO_POISON = ("poisoned", "holds the Punjab Lasso")
REASONS = {
    CLAQUE: CLAQUE_SEAT,
    DRUNK_TONIGHT_SOURCE: DRUNK_TONIGHT,
    DRUNK_UNTIL_DUSK_SOURCE: DRUNK_UNTIL_DUSK,
    LASSO_SOURCE: LASSO_POISON,
}


def impaired(g: GameState, i: int) -> bool:
    return is_drunk(g, i) or is_poisoned(g, i)


def ability_works(g: GameState, i: int) -> bool:
    s = g.seats[i]
    if not s.alive or s.ability_lost:
        return False
    if s.character == "claque":
        return True  # A12: the Claque's drunkenness cannot switch itself off
    return not (is_drunk(g, i) or is_poisoned(g, i))


def registers_as(g: GameState, i: int) -> frozenset[Alignment]:
    """The alignments an info ability may see; the storyteller picks when there are two."""
    artifact = own(g).artifact
    if artifact.active == MMB and artifact.holder == i:
        return frozenset({Alignment.EVIL})
    if g.seats[i].character == "mirror_keeper" and ability_works(g, i):
        return frozenset({Alignment.EVIL, Alignment.GOOD})
    return frozenset({g.seats[i].alignment})


def no_wake(g: GameState, i: int) -> bool:
    return tk.has(g, tk.NO_WAKE, i)
