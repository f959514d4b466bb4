"""Who is drunk, poisoned or misregistering, derived from tokens and seats (§4, §5.0)."""

from __future__ import annotations

from grimoire.core.model import Alignment, GameState, Phase
from grimoire.core.script import Team, load_script
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


def is_drunk(g: GameState, i: int) -> bool:
    s = g.seats[i]
    if s.character in ALWAYS_SOBER and immune_active(g, i):
        return False
    if claque_alive(g) and tk.seat_of_token(g, tk.CLAQUE) == i:
        if g.phase is Phase.NIGHT or g.config.claque_drunk_through_day:
            return True
    if tk.has(g, tk.DRUNK_TONIGHT, i):
        return True
    return tk.has(g, tk.RAOUL, i, side=tk.DRUNK_UNTIL_DUSK)


def is_poisoned(g: GameState, i: int) -> bool:
    s = g.seats[i]
    if s.character in ALWAYS_HEALTHY and immune_active(g, i):
        return False
    return g.artifact.active == LASSO and g.artifact.holder == i


def impaired(g: GameState, i: int) -> bool:
    return is_drunk(g, i) or is_poisoned(g, i)


# Why a player is drunk or poisoned: (what they are, by what), as the grimoire words it.
CLAQUE_SEAT = ("drunk", "the Claque's seat")
DRUNK_TONIGHT = ("drunk tonight", "the Phantom passed them the artifact")
DRUNK_UNTIL_DUSK = ("drunk until dusk", "their protection prevented a death")
LASSO_POISON = ("poisoned", "holds the Punjab Lasso")


def impairments(g: GameState, i: int) -> list[tuple[str, str]]:
    """Each reason seat ``i`` is drunk or poisoned now, as (what they are, by what)."""
    reasons = []
    if is_drunk(g, i):
        if claque_alive(g) and tk.seat_of_token(g, tk.CLAQUE) == i:
            reasons.append(CLAQUE_SEAT)
        if tk.has(g, tk.DRUNK_TONIGHT, i):
            reasons.append(DRUNK_TONIGHT)
        if tk.has(g, tk.RAOUL, i, side=tk.DRUNK_UNTIL_DUSK):
            reasons.append(DRUNK_UNTIL_DUSK)
    if is_poisoned(g, i):
        reasons.append(LASSO_POISON)
    return reasons


def impaired_why(g: GameState, i: int) -> str:
    return "; ".join(f"{what}: {why}" for what, why in impairments(g, i))


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
