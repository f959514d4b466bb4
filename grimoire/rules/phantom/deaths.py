"""The Phantom's deaths: Raoul's protection, the Managers' substitute, its executions (docs/rules/phantom.md)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from grimoire.core.happenings import Executed, NoEffect, Spared
from grimoire.core.model import Alignment, Execution, Expiry, GameState, Phase
from grimoire.rules import chronicle
from grimoire.rules.deaths import kill
from grimoire.rules.end import declare_winner
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom.end import check_game_end
from grimoire.rules.phantom.state import MMB, config, own
from grimoire.rules.phantom.status import ability_works, impaired, impairment_sources, phantom, registers_as
from grimoire.rules.status import alive_count
from night_order import AnswerKind, Prompt

Steps = Generator[Prompt, Any, None]

MANAGERS_RULE = "“If you die while holding the artifact, an evil player might die instead.”"

# Why an executed player did not die (``Execution.survived_because``), in the game's words.
SURVIVED_BECAUSE = {
    "already_dead": "was already dead",
    "phantoms_favourite": "the Phantom's Favourite can't die by execution",
    "mmb": "holds the Monkey Music Box",
    "phantom_protected": "the Phantom dies by execution only while holding the artifact",
    "cloak_bearer": "the Cloak Bearer saved the Phantom",
    "managers": "an evil player died instead (the Managers)",
}

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


def protected(g: GameState, i: int) -> bool:
    """Raoul's protection holds on seat ``i`` tonight (Raoul alive and working)."""
    if g.phase is not Phase.NIGHT or not tk.has(g, tk.RAOUL, i, side=tk.PROTECTED):
        return False
    raoul = g.seat_of("raoul_de_chagny")
    return raoul is not None and ability_works(g, raoul.index)


def evil_substitutes(g: GameState, managers: int) -> tuple[int, ...]:
    """Who may die instead of the Managers: alive, registers evil, not protected (A20)."""
    ph = phantom(g)
    out = []
    for s in g.seats:
        if s.index == managers or not s.alive or protected(g, s.index):
            continue
        if Alignment.EVIL not in registers_as(g, s.index):
            continue
        if s.index == ph and not config(g).managers_substitute_may_be_phantom:
            continue
        out.append(s.index)
    return tuple(out)


def managers_offer(g: GameState, x: int) -> tuple[int, ...]:
    """The substitutes offered if the Managers on seat ``x`` die now (empty: no offer)."""
    s = g.seats[x]
    if s.character != "managers" or own(g).artifact.holder != x or not ability_works(g, x):
        return ()
    return evil_substitutes(g, x)


def managers_prompt(g: GameState, x: int, offer: tuple[int, ...]) -> Prompt:
    ph = phantom(g)

    def check(value: Any) -> str | None:
        if value == "decline":
            return None
        if not 0 <= value < len(g.seats):  # the shape is checked first: value is a number
            return f"there is no seat {value}"
        if value not in offer:
            return f"{g.name(value)} cannot die instead: {MANAGERS_RULE} (alive, registers evil, not protected)"
        return None

    notes: tuple[str, ...] = ()
    if ph in offer:
        notes = ("Choosing the Phantom kills the Phantom: good wins.",)
    return Prompt(
        step="managers",
        title="Managers",
        reminder=MANAGERS_RULE,
        key="managers",
        kind=AnswerKind.CHOICE,
        question=f"{g.name(x)} (Managers) would die holding the artifact. "
        "Choose an evil player to die instead, or decline.",
        options=("decline",),
        choices=offer,
        notes=notes,
        check=check,
    )


def die(rules: ScriptRules, g: GameState, x: int, cause: str, preventable: bool = True) -> Steps:
    """A player dies (or is saved). Yields the Managers' choice when it is offered."""
    s = g.seats[x]
    if not s.alive:
        chronicle.note(g, Spared(x, "already_dead"))
        return
    if g.phase is Phase.NIGHT and preventable and tk.has(g, tk.RAOUL, x, side=tk.PROTECTED) and not protected(g, x):
        raoul = g.seat_of("raoul_de_chagny")  # on the seat, but a drunk Raoul's protection does not hold
        if raoul is not None:
            why = impairment_sources(g, raoul.index)
            chronicle.note(g, NoEffect("raoul_de_chagny", raoul.index, "impaired", about=x, impaired=why))
    if g.phase is Phase.NIGHT and preventable and protected(g, x):
        raoul = g.seat_of("raoul_de_chagny")
        assert raoul is not None
        token = tk.find(g, tk.RAOUL, x, side=tk.PROTECTED)
        assert token is not None
        chronicle.note(g, Spared(x, "protected", by=raoul.index))
        tk.move(rules, g, token, raoul.index, side=tk.DRUNK_UNTIL_DUSK, expiry=Expiry.NEXT_DUSK)
        return
    if cause != "execution" and preventable:
        offer = managers_offer(g, x)
        if offer:
            choice = yield managers_prompt(g, x, offer)
            if choice != "decline":
                chronicle.note(g, Spared(x, "managers", by=choice))
                yield from die(rules, g, choice, cause="managers", preventable=True)
                return
    kill(rules, g, x, cause)


def after_death(rules: ScriptRules, g: GameState, x: int) -> None:
    """What a death sets off on the Phantom's script at once: the Mirror target's token, the
    Claque's and Raoul's tokens, and the end."""
    st = own(g)
    if x == st.mirror_target:  # the token moves now, not at the MK's step (A28)
        mk = g.seat_of("mirror_keeper")
        token = tk.find(g, tk.MIRROR)
        if mk is not None:
            g.replace_seat(mk.index, ability_lost=True)
            if token is not None:
                tk.move(rules, g, token, mk.index, side=tk.ABILITY_LOST)
    character = g.seats[x].character
    if character == "claque":
        tk.remove_named(rules, g, tk.CLAQUE, why="death")  # A13
    if character == "raoul_de_chagny":
        tk.remove_named(rules, g, tk.RAOUL, side=tk.PROTECTED, why="death")
    check_game_end(g)


def execute(rules: ScriptRules, g: GameState, x: int) -> Steps:
    """The day's execution, every branch (docs/rules/phantom.md, "An execution"). Yields the Managers' offer if it arises."""
    today = g.today
    assert today is not None
    s = g.seats[x]
    ph = phantom(g)

    def result(died: bool, because: str | None = None, substitute: int | None = None) -> None:
        # Not noted before: an execution refused for want of the Managers' answer changes nothing.
        chronicle.note(g, Executed(x))  # what the execution sets off is told after it
        today.execution = Execution(seat=x, died=died, survived_because=because, substitute=substitute)

    if not s.alive:
        result(False, "already_dead")
        return
    if s.character == "phantoms_favourite" and ability_works(g, x):
        result(False, "phantoms_favourite")
        return
    if own(g).artifact.active == MMB and own(g).artifact.holder == x and x != ph:
        result(False, "mmb")
        return
    if x == ph:
        can_die = (
            own(g).artifact.holder == x
            or today.number in own(g).unmasked
            or (config(g).phantom_execution_protection_is_ability and impaired(g, x))
        )
        if not can_die:
            result(False, "phantom_protected")
            return
        cb = g.seat_of("cloak_bearer")
        if (
            cb is not None
            and ability_works(g, cb.index)
            and "cloak_bearer" not in g.used
            and alive_count(g, include_travellers=config(g).cloak_count_includes_travellers) >= 5
        ):
            g.used.add("cloak_bearer")
            result(False, "cloak_bearer")
            tk.place(rules, g, tk.CLOAK, "cloak_bearer", x, tk.AFTER_PHANTOM)
            return
    offer = managers_offer(g, x)
    if offer:
        choice = yield managers_prompt(g, x, offer)
        if choice != "decline":
            result(False, "managers", substitute=choice)
            yield from die(rules, g, choice, cause="managers")
            return
    works_at_death = ability_works(g, x)  # read before the death takes the ability away
    result(True)
    kill(rules, g, x, "execution")
    if s.character == "doomed" and works_at_death and own(g).artifact.holder == ph and ph is not None:
        declare_winner(
            g,
            s.alignment.other,
            f"the Doomed ({s.name}) died by execution while the Phantom held the artifact",
        )
    if s.character == "primadonna" and works_at_death:
        st = own(g)
        st.primadonna_executed = st.primadonna_executed | {today.number}
