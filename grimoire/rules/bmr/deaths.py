"""Who dies on Bad Moon Rising, and what stops it, in the rules' order: the Innkeeper's guests
(at night), the Tea Lady's good neighbours, the sober Sailor, the Devil's Advocate's choice and
the Pacifist (at an execution), the Fool's first death, the Zombuul's first death (it registers
as dead instead). The Assassin's kill goes through all of them but the last."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.happenings import Spared
from grimoire.core.model import Alignment, Expiry, GameState, Phase
from grimoire.core.script import Team, load_script
from grimoire.rules import chronicle
from grimoire.rules import tokens as tk
from grimoire.rules.bmr.impair import end_where, state, works
from grimoire.rules.bmr.state import TARGET_DIED
from grimoire.rules.deaths import kill
from grimoire.rules.info import alive_neighbours

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

NO_ABILITY = "No Ability"
DEMON_CAUSES = ("zombuul", "pukka", "shabaloth", "po")


def team(g: GameState, x: int) -> Team:
    s = g.seats[x]
    return Team.TRAVELLER if s.traveller else load_script(g.script_id).team_of(s.character)


def holder(g: GameState, character: str) -> int | None:
    seat = g.seat_of(character)
    return None if seat is None else seat.index


def appears_alive(g: GameState, x: int) -> bool:
    """Alive, and not the Zombuul registering as dead."""
    return g.seats[x].alive and x not in state(g).registers_dead


def tea_lady_protects(g: GameState, x: int) -> int | None:
    lady = holder(g, "tealady")
    if lady is None or lady == x or not works(g, lady):
        return None
    near = [i for i in _neighbours(g, lady)]
    if x not in near or len(near) < 2:
        return None
    return lady if all(g.seats[i].alignment is Alignment.GOOD for i in near) else None


def _neighbours(g: GameState, me: int) -> list[int]:
    """The nearest neighbours who appear alive (the Zombuul registering dead is skipped)."""
    ring = [i for i in g.ring if not g.seats[i].traveller]
    if me not in ring:
        return list(alive_neighbours(g, me))
    at = ring.index(me)
    out: list[int] = []
    for step in (1, -1):
        for k in range(1, len(ring)):
            i = ring[(at + step * k) % len(ring)]
            if i == me:
                break
            if appears_alive(g, i):
                if i not in out:
                    out.append(i)
                break
    return out


def execution_saved(g: GameState, x: int) -> str | None:
    """Why ``x`` executed now would not die before the Pacifist is asked (the rules' steps 2 to
    4: the Tea Lady, the sober Sailor, the Devil's Advocate), or None."""
    if tea_lady_protects(g, x) is not None:
        return "tealady"
    if g.seats[x].character == "sailor" and works(g, x):
        return "sailor"
    advocate = holder(g, "devilsadvocate")
    if advocate is not None and state(g).advocate == x and works(g, advocate):
        return "devilsadvocate"
    return None


def spared(rules: ScriptRules, g: GameState, x: int, cause: str, pacifist: bool = False) -> tuple[str, int | None] | None:
    """Why ``x`` does not die of ``cause`` now (None: they die), in the rules' order; the
    Fool's ability is spent here when it is what saves them."""
    st = state(g)
    s = g.seats[x]
    if not s.alive:
        return ("already_dead", None)
    assassin = cause == "assassin"
    if not assassin:
        inn = holder(g, "innkeeper")
        if g.phase is Phase.NIGHT and inn is not None and x in st.guests and works(g, inn):
            return ("innkeeper", inn)
        lady = tea_lady_protects(g, x)
        if lady is not None:
            return ("tealady", lady)
        if s.character == "sailor" and works(g, x):
            return ("sailor", None)
        if cause == "execution":
            advocate = holder(g, "devilsadvocate")
            if advocate is not None and st.advocate == x and works(g, advocate):
                return ("devilsadvocate", advocate)
            if pacifist:
                return ("pacifist", holder(g, "pacifist"))
        if s.character == "fool" and "fool" not in st.spent and works(g, x):
            st.spent.add("fool")
            tk.place(rules, g, NO_ABILITY, "fool", x, Expiry.PERMANENT)
            return ("fool", None)
    zombuul_first = s.character == "zombuul" and x not in st.registers_dead and works(g, x)
    if zombuul_first and (not assassin or st.house.assassin_spares_zombuul):
        st.registers_dead.add(x)
        if g.phase is not Phase.NIGHT:
            st.died_today = True
        return ("registers_dead", None)
    return None


def attempt(rules: ScriptRules, g: GameState, x: int, cause: str, pacifist: bool = False) -> bool:
    """``x`` would die of ``cause``: dies, or is spared (recorded with why); True if they died."""
    why = spared(rules, g, x, cause, pacifist)
    if why is not None:
        if why[0] != "already_dead" or cause != "execution":
            chronicle.note(g, Spared(x, why[0], by=why[1]))
        return False
    if cause in DEMON_CAUSES:
        state(g).demon_killed.add(x)
    kill(rules, g, x, cause)
    return True


def after_death(rules: ScriptRules, g: GameState, x: int) -> None:
    """What every death sets off at once: the abilities it ended (every drunkenness and poison
    of the dead player's ability), the Pukka's victim let go, the day's deaths counted."""
    st = state(g)
    end_where(rules, g, "death", source=x)
    end_where(rules, g, TARGET_DIED, target=x)  # a dead player's drunkenness or poison is over
    st.registers_dead.discard(x)
    if st.pukka_victim == x or g.seats[x].character == "pukka":
        st.pukka_victim = None  # the victim's death, or the Pukka's (its poison ends with it)
    if g.phase is not Phase.NIGHT:
        st.died_today = True
        if team(g, x) is Team.OUTSIDER:
            st.outsider_died_today = True
        if g.seats[x].character == "moonchild":
            st.moonchild_owed = True
    elif g.seats[x].character == "moonchild":
        st.moonchild_owed = True
