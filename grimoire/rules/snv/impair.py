"""Who is drunk or poisoned on Sects & Violets, and whose ability works. Two kinds of source:
lasting ones the state keeps (the Snake Charmer's old Demon, the Sweetheart's drunk), and ones
that follow the seats and hold only while their source's ability works (the No Dashii's nearest
Townsfolk each way, the Vigormortis's dead Minions' Townsfolk, the Philosopher's drunk
original), worked out again whenever asked, until they settle. Dead players are listed too."""

from __future__ import annotations

from grimoire.core.model import GameState
from grimoire.core.script import Team, load_script
from grimoire.rules.snv import DEMONS, MINIONS, OUTSIDERS, TOWNSFOLK
from grimoire.rules.snv.state import SnvState

DRUNK, POISONED = "drunk", "poisoned"


def state(g: GameState) -> SnvState:
    st = g.script_state
    assert isinstance(st, SnvState), "a Sects & Violets game keeps its own state"
    return st


# Sects & Violets' characters' types, fixed by the script (read here, not from the data, for speed).
TEAMS = {**dict.fromkeys(TOWNSFOLK, Team.TOWNSFOLK), **dict.fromkeys(OUTSIDERS, Team.OUTSIDER),
         **dict.fromkeys(MINIONS, Team.MINION), **dict.fromkeys(DEMONS, Team.DEMON)}


def team(g: GameState, x: int) -> Team:
    """The type of the player's current character (a Traveller's: Traveller)."""
    s = g.seats[x]
    if s.traveller:
        return Team.TRAVELLER
    found = TEAMS.get(s.character)
    return found if found is not None else load_script(g.script_id).team_of(s.character)


def players(g: GameState) -> list[int]:
    return [i for i in g.ring if not g.seats[i].traveller]


def holders(g: GameState, character: str) -> list[int]:
    return [s.index for s in g.seats if s.character == character and not s.traveller]


def nearest_townsfolk(g: GameState, me: int) -> list[int]:
    """The nearest Townsfolk clockwise and anticlockwise, dead or alive (one if both are the same)."""
    ring = players(g)
    if me not in ring:
        return []
    at = ring.index(me)
    out: list[int] = []
    for step in (1, -1):
        for k in range(1, len(ring)):
            i = ring[(at + step * k) % len(ring)]
            if team(g, i) is Team.TOWNSFOLK:
                if i not in out:
                    out.append(i)
                break
    return out


def kept(g: GameState, x: int) -> bool:
    """A dead Minion the Vigormortis killed keeps its ability (while a Vigormortis's works)."""
    st = state(g)
    return (x in st.kept and not g.seats[x].alive and team(g, x) is Team.MINION
            and any(g.seats[v].alive and not _raw(g, v) for v in holders(g, "vigormortis")))


def _lasting(g: GameState, x: int) -> list[str]:
    st = state(g)
    out = []
    if x in st.sweetheart_drunk:
        out.append(f"{DRUNK}:sweetheart")
    if x in st.snake_poisoned:
        out.append(f"{POISONED}:snakecharmer")
    return out


def _raw(g: GameState, x: int) -> list[str]:
    return all_sources(g).get(x, [])


def all_sources(g: GameState) -> dict[int, list[str]]:
    """Every seat's sources now, worked out until they settle."""
    st = state(g)
    seats = players(g)
    found: dict[int, list[str]] = {x: _lasting(g, x) for x in seats}
    for _ in range(len(seats) + 2):
        now: dict[int, list[str]] = {x: _lasting(g, x) for x in seats}

        def works_now(x: int, found: dict[int, list[str]] = found) -> bool:
            return g.seats[x].alive and not found.get(x)

        for d in holders(g, "nodashii"):
            if works_now(d):
                for t in nearest_townsfolk(g, d):
                    now[t].append(f"{POISONED}:nodashii")
        if any(works_now(v) for v in holders(g, "vigormortis")):
            for minion, townsfolk in st.kept.items():
                if (townsfolk is not None and not g.seats[minion].alive and team(g, minion) is Team.MINION
                        and team(g, townsfolk) is Team.TOWNSFOLK):
                    now[townsfolk].append(f"{POISONED}:vigormortis")
        for p, gained in st.philosopher.items():
            if g.seats[p].character == "philosopher" and works_now(p):
                for t in holders(g, gained):
                    if t != p:
                        now[t].append(f"{DRUNK}:philosopher")
        now = {x: list(dict.fromkeys(v)) for x, v in now.items()}
        if now == found:
            break
        found = now
    return {x: v for x, v in found.items() if v}


def sources(g: GameState, i: int) -> tuple[str, ...]:
    return tuple(all_sources(g).get(i, ()))


def works(g: GameState, i: int) -> bool:
    """Seat ``i``'s ability works now: alive (or a dead Minion the Vigormortis keeps), sober and healthy."""
    return (g.seats[i].alive or kept(g, i)) and not sources(g, i)


def sober(g: GameState, i: int) -> bool:
    return not sources(g, i)


def vortox(g: GameState) -> bool:
    """A Vortox is alive, sober and healthy: every Townsfolk's information is false."""
    return any(g.seats[v].alive and sober(g, v) for v in holders(g, "vortox"))
