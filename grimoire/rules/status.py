"""Who is drunk, poisoned or misregistering, derived from tokens and seats (§4, §5.0).

On the Phantom's script its rules' own tokens and the Lasso say it; on any other, the
reminder tokens the storyteller placed (``grimoire.rules.impairing``): the script's rules
choose (``ScriptRules.reminders_impair``)."""

from __future__ import annotations

from collections.abc import Iterator

from grimoire.core import happenings as hp
from grimoire.core.model import Alignment, GameState, Phase
from grimoire.core.script import Team, load_script
from grimoire.rules import impairing
from grimoire.rules import tokens as tk

ALWAYS_HEALTHY = frozenset(
    {"auctioneer", "managers", "claque", "trapdoor_keeper", "mirror_keeper", "phantoms_favourite"}
)
ALWAYS_SOBER = frozenset({"phantoms_favourite"})
MMB = "monkey_music_box"
LASSO = "punjab_lasso"
ARTIFACTS = (MMB, LASSO)


def team(g: GameState, seat: int) -> Team:
    s = g.seats[seat]
    if s.traveller:
        return Team.TRAVELLER
    return load_script(g.script_id).team_of(s.character)


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
        if g.phase is Phase.NIGHT or g.config.claque_drunk_through_day:
            yield hp.CLAQUE
    if tk.has(g, tk.DRUNK_TONIGHT, i):
        yield hp.DRUNK_TONIGHT
    if tk.has(g, tk.RAOUL, i, side=tk.DRUNK_UNTIL_DUSK):
        yield hp.DRUNK_UNTIL_DUSK


def by_reminders(g: GameState) -> bool:
    """Drunk and poisoned come from the reminders placed (every script but the Phantom's)."""
    from grimoire.rules.engine import rules_for  # the rules' nights read this module

    return rules_for(load_script(g.script_id)).reminders_impair


def _reminded(g: GameState, i: int, what: str) -> bool:
    return any(found.partition(":")[0] == what for found in impairing.sources(g, i))


def is_drunk(g: GameState, i: int) -> bool:
    if by_reminders(g):
        return _reminded(g, i, impairing.DRUNK)
    return next(drunk_sources(g, i), None) is not None


def is_poisoned(g: GameState, i: int) -> bool:
    if by_reminders(g):
        return _reminded(g, i, impairing.POISONED)
    s = g.seats[i]
    if s.character in ALWAYS_HEALTHY and immune_active(g, i):
        return False
    return g.artifact.active == LASSO and g.artifact.holder == i


def impaired(g: GameState, i: int) -> bool:
    return is_drunk(g, i) or is_poisoned(g, i)


def impairment_sources(g: GameState, i: int) -> tuple[str, ...]:
    """Every source of seat ``i``'s drunkenness and poisoning now (empty: sober and healthy)."""
    if by_reminders(g):
        return impairing.sources(g, i)
    drunk = tuple(drunk_sources(g, i))
    return (*drunk, hp.LASSO) if is_poisoned(g, i) else drunk


def impairments(g: GameState) -> tuple[tuple[int, str], ...]:
    """(seat, source) for everyone drunk or poisoned now. Only a token on the seat or the Lasso
    in hand makes anyone so, so only those seats are read."""
    if by_reminders(g):
        return impairing.impairments(g)
    seats = {t.seat for t in g.tokens}
    if g.artifact.active == LASSO and g.artifact.holder is not None:
        seats.add(g.artifact.holder)
    return tuple((i, source) for i in sorted(seats) for source in impairment_sources(g, i))


# Why a player is drunk or poisoned: (what they are, by what), as the grimoire words it.
CLAQUE_SEAT = ("drunk", "the Claque's seat")
DRUNK_TONIGHT = ("drunk tonight", "the Phantom passed them the artifact")
DRUNK_UNTIL_DUSK = ("drunk until dusk", "their protection prevented a death")
LASSO_POISON = ("poisoned", "holds the Punjab Lasso")
REASONS = {
    hp.CLAQUE: CLAQUE_SEAT,
    hp.DRUNK_TONIGHT: DRUNK_TONIGHT,
    hp.DRUNK_UNTIL_DUSK: DRUNK_UNTIL_DUSK,
    hp.LASSO: LASSO_POISON,
}


def impairment_reasons(g: GameState, i: int) -> list[tuple[str, str]]:
    """Each reason seat ``i`` is drunk or poisoned now, as (what they are, by what)."""
    return [reason(g, source) for source in impairment_sources(g, i)]


def reason(g: GameState, source: str) -> tuple[str, str]:
    """(what they are, by what) for a source of drunkenness or poisoning, as the grimoire words it."""
    return REASONS[source] if source in REASONS else impairing.reason(g, source)


def impaired_why(g: GameState, i: int) -> str:
    return "; ".join(f"{what}: {why}" for what, why in impairment_reasons(g, i))


def ability_works(g: GameState, i: int) -> bool:
    s = g.seats[i]
    if not s.alive or s.ability_lost:
        return False
    if s.character == "claque":
        return True  # A12: the Claque's drunkenness cannot switch itself off
    return not impaired(g, i)


def registers_as(g: GameState, i: int) -> frozenset[Alignment]:
    """The alignments an info ability may see; the storyteller picks when there are two."""
    if g.artifact.active == MMB and g.artifact.holder == i:
        return frozenset({Alignment.EVIL})
    if g.seats[i].character == "mirror_keeper" and ability_works(g, i):
        return frozenset({Alignment.EVIL, Alignment.GOOD})
    return frozenset({g.seats[i].alignment})


def alive_count(g: GameState, include_travellers: bool) -> int:
    return sum(1 for s in g.seats if s.alive and (include_travellers or not s.traveller))


def no_wake(g: GameState, i: int) -> bool:
    return tk.has(g, tk.NO_WAKE, i)
