"""Who dies on Sects & Violets, and what a death sets off at once: SnV has no protection (a dead
player cannot die again, a drunk or poisoned killer kills no-one); a sober Sweetheart's drunk
and a sober Barber's haircut are owed, a Klutz's choice is owed, the Witch loses her ability at
three alive."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.model import GameState
from grimoire.rules import tokens as tk
from grimoire.rules.deaths import kill
from grimoire.rules.snv.impair import holders, sober, state
from grimoire.rules.status import alive_count

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


# The cause of the old Fang Gu's death when it jumps into an Outsider (the Fang Gu's own kill's
# cause is its step, "fanggu", as every Demon's).
JUMP = "fanggu_jump"


def in_play(g: GameState, character: str) -> bool:
    """A character is in play when any player, alive or dead, has it (the Philosopher's gained one
    is not): the house rules may count only the living, and the Philosopher's gained ability."""
    st = state(g)
    if any(g.seats[x].alive or st.house.dead_in_play for x in holders(g, character)):
        return True
    return not st.house.philosopher_not_in_play and any(
        c == character and (g.seats[x].alive or st.house.dead_in_play) for x, c in st.philosopher.items())


def attempt(rules: ScriptRules, g: GameState, x: int, cause: str) -> bool:
    """``x`` dies of ``cause`` unless already dead; True if they died."""
    if not g.seats[x].alive:
        return False
    kill(rules, g, x, cause)
    return True


def demon_kill(rules: ScriptRules, g: GameState, x: int, demon: int, step: str) -> bool:
    if not g.seats[x].alive:
        return False
    state(g).demon_killed[x] = demon
    kill(rules, g, x, step)
    return True


def after_death(rules: ScriptRules, g: GameState, x: int) -> None:
    from grimoire.rules.snv.changes import sync

    st = state(g)
    character = g.seats[x].character
    if character == "philosopher":  # a Philosopher who gained a character's ability dies with it
        character = st.philosopher.get(x, character)
    fine = sober(g, x)
    if character == "sweetheart":
        if fine:
            st.sweetheart_owed.append(x)
        else:
            st.abnormal.add(x)
    elif character == "barber":
        if fine:
            st.barber_owed = True
        else:
            st.abnormal.add(x)
    elif character == "klutz":
        st.klutz_owed.append(x)
    if st.curse is not None and alive_count(g, include_travellers=False) <= 3:
        st.curse = None
        tk.remove_named(rules, g, "Cursed", why="the Witch lost her ability")
    sync(rules, g)
