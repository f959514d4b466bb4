"""The true answers of Trouble Brewing's information characters, in scenario terms
(docs/rules/trouble-brewing.md, "True answers"). Where the Recluse or the Spy may register
otherwise, the answer is every one the storyteller may give: a list of numbers, "either",
or every valid ping."""

from __future__ import annotations

from itertools import product

from grimoire.core.model import Alignment, GameState
from grimoire.core.script import Team, load_script
from grimoire.core.thinks import thinks_of
from grimoire.rules.info import alive_neighbours, yes_no
from grimoire.rules.tb import registration
from grimoire.rules.tb.registration import alignments, team, teams

RED_HERRING = "Red Herring"
Ping = tuple[int, str]


def pings(g: GameState, me: int, of: Team) -> tuple[Ping | str, ...] | str:
    """Washerwoman, Librarian, Investigator: each [player, character] that may be shown (never
    the player themself, unless they are not what they think: the Drunk who thinks they are the
    Librarian is an Outsider in play, whom the Librarian's ability sees); "zero" for the
    Librarian when no one can be an Outsider, and "zero" last among the pings when every
    Outsider only might register as one (the Spy; the Recluse, who might register as a Minion
    instead)."""
    script = load_script(g.script_id)
    out: list[Ping] = []
    surely = False  # someone is of the team whatever the storyteller chooses
    for s in g.seats:
        if (s.index == me and thinks_of(s) is None) or s.traveller:
            continue
        if team(g, s.index) is of:
            out.append((s.index, s.character))
            surely = surely or not registration.misregisters(g, s.index)
        elif of in teams(g, s.index):  # the Spy as a Townsfolk or Outsider, the Recluse as a Minion
            out += [(s.index, c.id) for c in script.characters if c.team is of]
    if not out:
        return "zero"
    zero: tuple[str, ...] = ("zero",) if of is Team.OUTSIDER and not surely else ()
    return (*sorted(out), *zero)


def by_player(pings: tuple[Ping | str, ...]) -> list[tuple[int, list[str]]]:
    """The pings seat by seat, each seat once with every character it may be shown as (a Spy
    may register as any Townsfolk: one line, not one per character)."""
    out: dict[int, list[str]] = {}
    for p in pings:
        if not isinstance(p, str):
            out.setdefault(p[0], []).append(p[1])
    return sorted(out.items())


def either(names: list[str]) -> str:
    """"the Chef", "the Chef or Empath", "the Chef, Empath or Mayor"."""
    return "the " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1])


def _ways(g: GameState, seats: list[int]) -> list[dict[int, Alignment]]:
    """Every way the seats may register, as alignments."""
    options = [sorted(alignments(g, i), key=lambda a: a.value) for i in seats]
    return [dict(zip(seats, way, strict=True)) for way in product(*options)]


def chef(g: GameState) -> tuple[int, ...]:
    """Pairs of neighbouring evil players around the whole circle, dead ones included."""
    ring = [i for i in g.ring if not g.seats[i].traveller]
    pairs = list(zip(ring, ring[1:] + ring[:1], strict=True)) if len(ring) > 1 else []
    counts = {sum(1 for a, b in pairs if way[a] is Alignment.EVIL and way[b] is Alignment.EVIL)
              for way in _ways(g, ring)}
    return tuple(sorted(counts))


def empath(g: GameState, me: int) -> tuple[int, ...]:
    """How many of the two nearest living neighbours are evil."""
    near = list(alive_neighbours(g, me))
    counts = {sum(1 for i in near if way[i] is Alignment.EVIL) for way in _ways(g, near)}
    return tuple(sorted(counts))


def fortuneteller(g: GameState, a: int, b: int) -> str:
    """"yes" if either is the Demon or the red herring; "either" if only a registration makes it so."""
    seen: set[bool] = set()
    fixed = any(team(g, x) is Team.DEMON or any(t.name == RED_HERRING for t in g.tokens_on(x)) for x in (a, b))
    if fixed:
        return "yes"
    seen.add(False)
    if any(Team.DEMON in teams(g, x) for x in (a, b)):
        seen.add(True)
    return yes_no(seen)


def executed_today(g: GameState) -> int | None:
    today = g.today
    ex = today.execution if today is not None else None
    return ex.seat if ex is not None and ex.died else None


def character(g: GameState, x: int) -> str | tuple[str, ...]:
    """The Undertaker's and the Ravenkeeper's answer: the character (the Drunk shows as the
    Drunk); every character they may register as, sorted, for a Recluse or a Spy."""
    may = registration.characters(g, x)
    return g.seats[x].character if len(may) == 1 else tuple(sorted(may))
