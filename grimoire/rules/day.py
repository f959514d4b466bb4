"""Day actions every script shares: nominations, votes with ghost votes, the execution
threshold, the day's timer and Traveller exile; a script's own declarations are its
rules' (``ScriptRules.declare``)."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

import attrs

from grimoire.core.happenings import DayTimer, Exiled, Nominated, Pointed, Voted
from grimoire.core.model import DayState, GameState, Nomination, Phase
from grimoire.core.script import load_script
from grimoire.core.vote_count import VoteSpecials, tally, vote_specials
from grimoire.rules import chronicle
from grimoire.rules.deaths import kill
from grimoire.rules.status import alive_count

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


class DayRuleError(ValueError):
    """A day action the rules forbid; the message names the rule."""


def threshold(rules: ScriptRules, g: GameState) -> int:
    """Votes needed to execute: at least half the alive players, rounded up (Travellers count;
    one who registers as dead, the Zombuul, does not: the town counts them dead)."""
    alive = alive_count(g, include_travellers=True) - len(rules.registers_dead(g))
    return (alive + 1) // 2


def may_vote(g: GameState, seat: int, registers_dead: Collection[int] = ()) -> bool:
    """Alive, or dead with the ghost vote unspent (a dead player's vote spends it); one who
    registers as dead (``ScriptRules.registers_dead``) votes as the dead do."""
    s = g.seats[seat]
    return (s.alive and seat not in registers_dead) or s.ghost_vote


def round_order(g: GameState, nominee: int) -> tuple[int, ...]:
    """The seats a vote goes round, as the hand goes round the table: from the player
    clockwise of the nominee, the nominee last (those who left the table are not asked)."""
    ring = g.ring
    if nominee not in ring:
        return ring
    at = ring.index(nominee)
    return ring[at + 1:] + ring[: at + 1]


def on_the_block(rules: ScriptRules, g: GameState, day: DayState | None = None) -> int | None:
    """The nominee about to be executed: enough votes and strictly more than any other."""
    day = day or g.today
    if day is None:
        return None
    counted = [(n.count, n.nominee) for n in day.nominations if n.count is not None]
    if not counted:
        return None
    best = max(v for v, _ in counted)
    leaders = [seat for v, seat in counted if v == best]
    if best < threshold(rules, g) or len(leaders) != 1:
        return None
    return leaders[0]


def block_needs(rules: ScriptRules, g: GameState, day: DayState | None = None) -> tuple[int, tuple[int, ...]]:
    """Votes a nominee needs now to go on the block, and the nominees they must beat: the
    threshold, or one more than the most votes counted today when that many reached it (as
    many only ties, and a tie puts nobody on the block)."""
    day = day or g.today
    need = threshold(rules, g)
    counted = [(n.count, n.nominee) for n in day.nominations if n.count is not None] if day else []
    best = max((v for v, _ in counted), default=0)
    if best < need:
        return need, ()
    return best + 1, tuple(seat for v, seat in counted if v == best)


def nominate(rules: ScriptRules, g: GameState, nominator: int, nominee: int) -> None:
    day = today(g)
    if not g.seats[nominator].alive:
        raise DayRuleError(f"{g.name(nominator)} is dead: dead players cannot nominate")
    if nominator in rules.registers_dead(g):
        raise DayRuleError(f"{g.name(nominator)} registers as dead: dead players cannot nominate")
    if any(n.nominator == nominator for n in day.nominations):
        raise DayRuleError(f"{g.name(nominator)} has already nominated today: each player nominates once a day")
    if any(n.nominee == nominee for n in day.nominations):
        raise DayRuleError(f"{g.name(nominee)} has already been nominated today: each player is nominated once a day")
    if day.execution is not None:
        raise DayRuleError("today's execution has already happened")
    day.nominations.append(Nomination(nominator, nominee))
    chronicle.note(g, Nominated(nominator, nominee))


def vote(rules: ScriptRules, g: GameState, nominee: int, voters: tuple[int, ...]) -> None:
    day = today(g)
    index = next((i for i, n in enumerate(day.nominations) if n.nominee == nominee), None)
    if index is None:
        raise DayRuleError(f"{g.name(nominee)} has not been nominated today")
    if day.nominations[index].votes is not None:
        raise DayRuleError(f"the vote on {g.name(nominee)} has already been counted")
    if len(set(voters)) != len(voters):
        raise DayRuleError("each player votes once")
    dead = rules.registers_dead(g)
    for v in voters:
        if not may_vote(g, v, dead):
            raise DayRuleError(f"{g.seats[v].name} {'registers as' if v in dead else 'is'} dead and has spent their "
                               "ghost vote")
    for v in voters:
        if not g.seats[v].alive or v in dead:
            g.replace_seat(v, ghost_vote=False)
    specials = vote_specials_now(rules, g)
    weighed = tally(voters, specials)
    day.nominations[index] = attrs.evolve(day.nominations[index], votes=tuple(voters), hidden=specials.hidden,
                                          tally=weighed if weighed != len(voters) else None)
    chronicle.note(g, Voted(nominee, tuple(voters), tally=day.nominations[index].tally, hidden=specials.hidden))


def point(g: GameState, character: str, seats: tuple[int, ...], targets: tuple[int, ...]) -> None:
    """The players point, for ``character`` (its ``pointing`` special): recorded for the log
    and the storyteller, who acts on it (the rules of each such character are theirs)."""
    today(g)
    if len(seats) != len(targets):
        raise DayRuleError("each player who points points at one player")
    if len(set(seats)) != len(seats):
        raise DayRuleError("each player points once")
    ring = set(g.ring)
    for seat in (*seats, *targets):
        if seat not in ring:
            raise DayRuleError(f"{g.name(seat)} is not at the table")
    chronicle.note(g, Pointed(character, tuple(seats), tuple(targets)))


def vote_specials_now(rules: ScriptRules, g: GameState) -> VoteSpecials:
    """How a vote counts now: the script's and the visitors' ``vote`` specials whose ability
    works, as the game's rules say (grimoire.core.vote_count)."""
    from grimoire.rules.visitors import in_play

    known = {**load_script(g.script_id).by_id, **in_play(g)}
    return vote_specials(g, known, lambda seat: rules.ability_works(g, seat), rules.vote_multiplier)


TIMER_LABELS = ("Discussion", "Nominations")  # what the day's timer is for
MAX_TIMER = 24 * 3600  # seconds: no day is longer


def start_timer(g: GameState, label: str, seconds: int) -> None:
    """The day's timer: in the record only as that (its pauses and its end are the table's)."""
    day = today(g)
    if label not in TIMER_LABELS:
        raise DayRuleError(f"the day's timer is for {' or '.join(TIMER_LABELS)}, not {label!r}")
    if not 0 < seconds <= MAX_TIMER:
        raise DayRuleError(f"the day's timer runs from 1 second to {MAX_TIMER // 3600} hours")
    day.happenings.append(DayTimer(label, seconds))


def exile(rules: ScriptRules, g: GameState, seat: int) -> None:
    day = today(g)
    s = g.seats[seat]
    if not s.traveller:
        raise DayRuleError(f"{s.name} is not a Traveller: only Travellers are exiled")
    if seat in day.exiles:
        raise DayRuleError(f"{s.name} has already been exiled")
    day.exiles.append(seat)
    chronicle.note(g, Exiled(seat))
    if s.alive:
        kill(rules, g, seat, "exile")  # exiled Travellers count as dead; not an execution


def today(g: GameState) -> DayState:
    """Today, for a day action; refused when the game is over or it is not day."""
    if g.winner is not None:
        raise DayRuleError(f"the game is over: {g.winner.value} won")
    if g.phase is not Phase.DAY or g.today is None:
        raise DayRuleError("this is a day action, and it is not day")
    return g.today
