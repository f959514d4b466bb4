"""The Phantom's day declarations: Christine's unmask and Piangi's performance, once per game
each, by a living player (docs/rules/phantom.md, "The day")."""

from __future__ import annotations

from grimoire.core.happenings import Declared, NoEffect
from grimoire.core.model import GameState
from grimoire.rules import chronicle
from grimoire.rules.contract import DayDeclaration, ScriptRules
from grimoire.rules.day import DayRuleError, today
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom.state import own
from grimoire.rules.phantom.status import ability_works, impairment_sources

DECLARERS = ("christine_daae", "ubaldo_piangi")
WORDS = {"christine_daae": "unmasks the Phantom", "ubaldo_piangi": "will perform tonight"}


def declarations(g: GameState) -> list[DayDeclaration]:
    """Christine's unmask and Piangi's performance, for the seats that hold them."""
    out = []
    for character in DECLARERS:
        seat = g.seat_of(character)
        if seat is None:
            continue
        refused = ("has already declared: it is once per game" if character in g.used
                   else "is dead: a dead player has no ability to declare" if not seat.alive else "")
        out.append(DayDeclaration(seat.index, character, WORDS[character], refused=refused))
    return out


def declare(rules: ScriptRules, g: GameState, seat: int, character: str) -> None:
    today(g)
    s = g.seats[seat]
    if s.character != character:
        raise DayRuleError(f"{s.name} is not the {character.replace('_', ' ').title()}")
    if character not in DECLARERS:
        raise DayRuleError(f"the {character} has no day declaration")
    if character in g.used:
        raise DayRuleError(f"{s.name} has already declared: it is once per game")
    if not s.alive:
        raise DayRuleError(f"{s.name} is dead: a dead player has no ability to declare")
    day = today(g)
    g.used.add(character)
    day.declarations.append(character)
    chronicle.note(g, Declared(seat, character))
    works = ability_works(g, seat)  # a drunk declaration is spent for nothing
    if not works:
        chronicle.note(g, NoEffect(character, seat, "impaired", impaired=impairment_sources(g, seat)))
    if character == "christine_daae" and works:
        st = own(g)
        st.unmasked = st.unmasked | {day.number}
    if character == "ubaldo_piangi" and works:
        tk.place(rules, g, tk.PERFORMANCE, "ubaldo_piangi", seat, tk.AFTER_PHANTOM)


