"""Characters and alignments that change on Sects & Violets (the Pit-Hag, the Barber, the Snake
Charmer, the Fang Gu's jump): the new character's ability comes fresh (a once-per-game ability
unspent), and the reminders that follow the seats are put right at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.happenings import Became
from grimoire.core.model import Alignment, GameState
from grimoire.rules import chronicle
from grimoire.rules import tokens as tk
from grimoire.rules.snv.impair import state

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

NO_ABILITY = "No Ability"
# Why a reminder that follows the seats went: its source no longer reaches the player (the log words it).
FOLLOWS = "follows"


def become(rules: ScriptRules, g: GameState, seat: int, character: str, why: str,
           alignment: Alignment | None = None) -> None:
    """``seat`` is now ``character`` (and ``alignment``, where it changes too)."""
    st = state(g)
    was = g.seats[seat].character
    turned = alignment.value if alignment is not None and alignment is not g.seats[seat].alignment else ""
    changes: dict[str, object] = {"character": character}
    if alignment is not None:
        changes["alignment"] = alignment
    g.replace_seat(seat, **changes)
    st.spent = {(s, c) for s, c in st.spent if s != seat}
    st.philosopher.pop(seat, None)
    if character == "juggler":
        st.juggler_day[seat] = g.night  # made the Juggler on night N: their first day is day N
    for token in [t for t in g.tokens if t.seat == seat and t.name == NO_ABILITY]:
        tk.remove(rules, g, token, "changed")
    chronicle.record(rules, g, Became(seat, character, was, why, turned=turned))
    sync(rules, g)


def sync(rules: ScriptRules, g: GameState) -> None:
    """The reminders of what follows the seats (the No Dashii's and the Vigormortis's Poisoned, the
    Philosopher's Drunk, the Vigormortis's Has Ability) placed and removed to match the rules now."""
    from grimoire.core.model import Expiry
    from grimoire.rules.snv.impair import all_sources, kept

    st = state(g)
    found = all_sources(g)
    want: set[tuple[str, str, int]] = set()
    for seat, sources in found.items():
        for source in sources:
            what, _, owner = source.partition(":")
            if owner in ("nodashii", "vigormortis", "philosopher"):
                want.add(("Poisoned" if what == "poisoned" else "Drunk", owner, seat))
    for minion in st.kept:
        if kept(g, minion):
            want.add(("Has Ability", "vigormortis", minion))
    have = {(t.name, t.owner, t.seat): t for t in g.tokens if t.owner in ("nodashii", "vigormortis", "philosopher")
            and t.name in ("Poisoned", "Drunk", "Has Ability")}
    for key, token in have.items():
        if key not in want:
            tk.remove(rules, g, token, FOLLOWS)
    for name, owner, seat in sorted(want - set(have)):
        tk.place(rules, g, name, owner, seat, Expiry.PERMANENT)
