"""Bad Moon Rising's day: the execution and what stops it (the Tea Lady, the Sailor, the Devil's
Advocate, the Pacifist, the Fool, the Zombuul), the Minstrel and the Mastermind after it, and the
day's public acts: the Tinker's death, the Moonchild's choice, the Gossip's statement."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grimoire.core.happenings import Declared, Executed, NoEffect, Spared
from grimoire.core.model import Alignment, Execution, GameState
from grimoire.core.script import Team
from grimoire.rules import chronicle
from grimoire.rules.bmr.deaths import attempt, execution_saved, holder, team
from grimoire.rules.bmr.end import mastermind_day_ends, mastermind_verdict
from grimoire.rules.bmr.happenings import PlaysOn
from grimoire.rules.bmr.impair import begin, state, works
from grimoire.rules.bmr.state import DRUNK, Span
from grimoire.rules.contract import DayDeclaration, ScriptRules
from grimoire.rules.day import DayRuleError
from grimoire.rules.prompts import choose
from night_order import AnswerKind, Prompt

Steps = Generator[Prompt, Any, None]
LIVES, DIES = "lives", "dies"
MASTERMIND_DAY = "mastermind_day"  # an execution on the Mastermind's day: the game ends with it
REGISTERS_DEAD = "registers_dead"  # the Zombuul's first death: it seems to die, and lives


def pacifist_asks(g: GameState, seat: int) -> bool:
    """The Pacifist's choice is the storyteller's: a living good player executed while the
    Pacifist's ability works (not on the Mastermind's day), whom nothing before the Pacifist
    in the rules' order (the Tea Lady, the Sailor, the Devil's Advocate) already saves."""
    pacifist = holder(g, "pacifist")
    st = state(g)
    return (pacifist is not None and works(g, pacifist) and g.seats[seat].alive
            and g.seats[seat].alignment is Alignment.GOOD and st.mastermind_day != g.day
            and execution_saved(g, seat) is None)


def execute(rules: ScriptRules, g: GameState, seat: int) -> Steps:
    today = g.today
    assert today is not None
    st = state(g)
    chronicle.note(g, Executed(seat))
    if st.mastermind_day == g.day:  # the executed player's team loses: nothing more today
        today.execution = Execution(seat=seat, died=False, survived_because=MASTERMIND_DAY)
        mastermind_verdict(g, seat)
        return
    if not g.seats[seat].alive:
        today.execution = Execution(seat=seat, died=False, survived_because="already_dead")
        return
    save = False
    if pacifist_asks(g, seat):
        answer = yield choose(g, "pacifist", "Pacifist", "", key="pacifist", rule=lambda _q: "lives or dies",
                              kind=AnswerKind.CHOICE, options=(LIVES, DIES),
                              question=f"{g.name(seat)}, a good player, is executed while the Pacifist lives: "
                                       "do they live (the Pacifist's save) or die?")
        save = answer == LIVES
    demon_executed = team(g, seat) is Team.DEMON
    mastermind = holder(g, "mastermind")
    plays_on = demon_executed and mastermind is not None and works(g, mastermind)
    registered = seat in st.registers_dead
    died = attempt(rules, g, seat, "execution", pacifist=save)
    first_zombuul = not registered and seat in st.registers_dead
    if not died and not first_zombuul:
        why = next((h.why for h in reversed(today.happenings) if isinstance(h, Spared) and h.seat == seat), "spared")
        today.execution = Execution(seat=seat, died=False, survived_because=why)
        return
    # The Zombuul's first death is announced as a death, and it lives: said once, with why.
    today.execution = Execution(seat=seat, died=True, survived_because=None if died else REGISTERS_DEAD)
    if died and plays_on:
        assert mastermind is not None
        st.mastermind_day = g.day + 1  # the game goes on: one more night and day
        chronicle.note(g, PlaysOn(seat, mastermind))
    if died and team(g, seat) is Team.MINION:
        minstrel = holder(g, "minstrel")
        if minstrel is not None and works(g, minstrel):
            begin(rules, g, Span(DRUNK, "minstrel", minstrel, None, until=g.day + 2))


def day_ends(g: GameState) -> None:
    """The Mastermind's day ended with no execution: good wins (no night follows)."""
    today = g.today
    if state(g).mastermind_day == g.day and today is not None and today.execution is None:
        mastermind_day_ends(g)


def declarations(g: GameState) -> list[DayDeclaration]:
    """The day's public acts: the Tinker's death (the storyteller's), the Moonchild's choice,
    the Gossip's statement."""
    out = []
    st = state(g)
    tinker = holder(g, "tinker")
    if tinker is not None and g.seats[tinker].alive:
        refused = "" if works(g, tinker) else "the Tinker is drunk or poisoned: their ability cannot kill them"
        out.append(DayDeclaration(tinker, "tinker", "dies at the storyteller's word", refused=refused))
    moonchild = holder(g, "moonchild")
    if moonchild is not None and st.moonchild_owed:
        out.append(DayDeclaration(moonchild, "moonchild", "chooses a player, who dies tonight if good",
                                  names_player=True))
    for s in g.seats:
        if s.alive and not s.traveller:
            out.append(DayDeclaration(s.index, "gossip", "makes a public statement as the Gossip, judged true",
                                      names_player=False))
    return out


def declare(rules: ScriptRules, g: GameState, seat: int, character: str, target: int | None) -> None:
    from grimoire.rules.day import today as _today

    day = _today(g)
    st = state(g)
    if character == "tinker":
        tinker = holder(g, "tinker")
        if tinker is None or not g.seats[tinker].alive:
            raise DayRuleError("no living Tinker is in play")
        day.declarations.append(character)
        if not works(g, tinker):
            raise DayRuleError("the Tinker is drunk or poisoned: the storyteller may not kill them")
        chronicle.note(g, Declared(tinker, character, None))
        attempt(rules, g, tinker, "tinker")
        return
    if character == "moonchild":
        moonchild = holder(g, "moonchild")
        if moonchild is None or not st.moonchild_owed:
            raise DayRuleError("the Moonchild chooses only once they know they died")
        if target is None:
            raise DayRuleError("the Moonchild chooses a player")
        day.declarations.append(character)
        st.moonchild_owed = False
        if not g.seats[target].alive:  # a dead player chosen: nobody dies
            chronicle.note(g, NoEffect("moonchild", moonchild, "dead_choice", about=target))
            return
        st.moonchild = (target, g.seats[target].alignment is Alignment.GOOD, g.day + 1)
        chronicle.note(g, Declared(moonchild, character, target))
        return
    if character == "gossip":
        day.declarations.append(character)
        gossip = g.seats[seat]
        if gossip.character != "gossip" or not gossip.alive:
            chronicle.note(g, NoEffect("gossip", seat, "not_gossip"))
            return
        st.gossip_true = g.day
        chronicle.note(g, Declared(seat, character, None))
        return
    raise DayRuleError(f"on Bad Moon Rising no {character!r} acts by day")


def reminders(g: GameState) -> list[str]:
    """What the day reminds the storyteller of: who survives an execution, the extra day."""
    st = state(g)
    out = []
    if st.mastermind_day == g.day:
        out.append("The Mastermind's day: if a player is executed, their team loses; if no-one is, good wins.")
    if st.advocate is not None:
        out.append(f"{g.name(st.advocate)} was chosen by the Devil's Advocate: if executed today, they do not die.")
    pacifist = holder(g, "pacifist")
    if pacifist is not None and works(g, pacifist) and st.mastermind_day != g.day:
        out.append("The Pacifist lives: a good player executed may live (the storyteller's choice).")
    if st.moonchild_owed:
        out.append("The Moonchild died: they choose a living player today (a good one dies tonight).")
    return out
