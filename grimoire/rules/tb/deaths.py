"""Who dies on Trouble Brewing, and what a death sets off: the Imp's attack (the Monk's Safe,
the Soldier, the Mayor's bounce), the star-pass, the Scarlet Woman catching the Demon, and
the Poisoner's poisoning ending with her."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from grimoire.core.happenings import Became, NoEffect, Shown, Spared, TokenChange
from grimoire.core.model import Expiry, GameState
from grimoire.core.script import Team, load_script
from grimoire.rules import chronicle
from grimoire.rules import tokens as tk
from grimoire.rules.deaths import kill
from grimoire.rules.prompts import ack, choose
from grimoire.rules.status import alive_count
from grimoire.rules.tb.end import check_end
from grimoire.rules.tb.impairment import ability_works, impaired, impairment_sources
from grimoire.rules.tb.registration import team
from night_order import Prompt

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

Steps = Generator[Prompt, Any, None]

POISONED, SAFE, DEAD, IS_THE_DEMON = "Poisoned", "Safe", "Dead", "Is The Demon"
IMP = "imp"


def safe(g: GameState, x: int) -> int | None:
    """The Monk whose Safe holds on ``x`` tonight (a drunk or poisoned Monk protects no one)."""
    monk = g.seat_of("monk")
    if monk is None or not tk.has(g, SAFE, x) or not ability_works(g, monk.index):
        return None
    return monk.index


def spared_by(g: GameState, x: int) -> tuple[str, int | None] | None:
    """Why the Demon's attack on ``x`` does not kill them, or None."""
    if not g.seats[x].alive:
        return ("already_dead", None)
    monk = safe(g, x)
    if monk is not None:
        return ("protected", monk)
    if g.seats[x].character == "soldier" and ability_works(g, x):
        return ("soldier", None)
    return None


def imp_attack(rules: ScriptRules, g: GameState, imp: int, target: int, reminder: str) -> Steps:
    """The Imp's kill tonight: ``target`` dies, unless the rules say otherwise."""
    if not ability_works(g, imp):
        chronicle.note(g, NoEffect(IMP, imp, "impaired", about=target, impaired=impairment_sources(g, imp)))
        return
    if target == imp:
        yield from star_pass(rules, g, imp, reminder)
        return
    spared = spared_by(g, target)
    if spared is None and g.seats[target].character == "mayor" and ability_works(g, target):
        instead = yield choose(
            g, IMP, "Mayor", reminder, key="mayor", rule=lambda q: None if g.seats[q].alive else "dead",
            question=f"The Demon attacked the Mayor ({g.name(target)}): choose who dies "
                     "(the Mayor, or another player instead).",
        )
        if instead != target:
            chronicle.note(g, Spared(target, "mayor", by=instead))
            target = instead
            spared = spared_by(g, target)
    if spared is not None:
        chronicle.note(g, Spared(target, spared[0], by=spared[1]))
        return
    tk.place(rules, g, DEAD, IMP, target, Expiry.DAWN)
    die(rules, g, target, "imp")


def star_pass(rules: ScriptRules, g: GameState, imp: int, reminder: str) -> Steps:
    """The Imp kills themself: a living Minion becomes the Imp (the Scarlet Woman first)."""
    before = alive_count(g, include_travellers=False)
    kill(rules, g, imp, "starpass")
    minions = [s.index for s in g.seats if s.alive and not s.traveller and team(g, s.index) is Team.MINION]
    sw = g.seat_of("scarletwoman")
    if catches(rules, g, before):
        heir, was = sw.index, "scarletwoman"  # type: ignore[union-attr]  # catches found her
    elif minions:
        heir = minions[0]
        if len(minions) > 1:
            heir = yield choose(
                g, IMP, "Star-pass", reminder, key="starpass",
                rule=lambda q: None if q in minions else "only a living Minion becomes the Imp",
                question="The Imp killed themself: choose the Minion who becomes the Imp.",
            )
        was = g.seats[heir].character
        become_imp(rules, g, heir, "star_passed")
    else:
        check_end(g)  # no Minion: good wins
        return
    check_end(g)  # two left alive: evil wins
    if g.winner is None:  # the new Imp learns it now, at the Imp's step
        yield ack(IMP, "Star-pass", reminder, wake=(heir,),
                  question=f"Wake {g.seats[heir].name} (the {_name(g, was)}, now the Imp): show them the "
                           "'You are' card, then the Imp token.")
        shown_the_imp(g, IMP, heir, "the star-pass")


def shown_the_imp(g: GameState, step: str, seat: int, why: str) -> None:
    """The player who became the Imp was woken and shown it: something they were told."""
    chronicle.note(g, Shown(step, seat, f"was woken and shown that they are the {_name(g, IMP)} now ({why})"))


def catches(rules: ScriptRules, g: GameState, alive_before: int) -> bool:
    """The Scarlet Woman becomes the Demon when it dies with 5 or more players alive."""
    sw = g.seat_of("scarletwoman")
    if sw is None or not sw.alive or impaired(g, sw.index) or alive_before < 5:
        return False
    become_imp(rules, g, sw.index, "scarletwoman")
    tk.place(rules, g, IS_THE_DEMON, "scarletwoman", sw.index, Expiry.PERMANENT)
    return True


def caught_today(g: GameState) -> int | None:
    """The Scarlet Woman who became the Demon by day (the Imp executed or slain), to wake
    tonight at her step and learn it; None on any other night."""
    day = next((d for d in reversed(g.days) if d.number == g.night - 1), None)
    for h in day.happenings if day is not None else ():
        if isinstance(h, TokenChange) and h.how == "placed" and h.token.name == IS_THE_DEMON:
            return h.token.seat
    return None


def become_imp(rules: ScriptRules, g: GameState, seat: int, why: str) -> None:
    was = g.seats[seat].character
    g.replace_seat(seat, character=IMP)
    chronicle.record(rules, g, Became(seat, IMP, was, why))
    if was == "poisoner":  # the poisoning ends when the Poisoner changes character
        tk.remove_named(rules, g, POISONED, why="changed")
    chronicle.recheck(rules, g, "storyteller")


def _name(g: GameState, character: str) -> str:
    script = load_script(g.script_id)
    return script.character(character).name if character in script.by_id else character


def die(rules: ScriptRules, g: GameState, x: int, cause: str) -> None:
    """A death, and what it sets off at once."""
    before = alive_count(g, include_travellers=False)
    kill(rules, g, x, cause)
    after_death(rules, g, x, before)


def after_death(rules: ScriptRules, g: GameState, x: int, alive_before: int) -> None:
    character = g.seats[x].character
    if character == "poisoner":
        tk.remove_named(rules, g, POISONED, why="death")
    if team(g, x) is Team.DEMON:
        catches(rules, g, alive_before)
    check_end(g)
