"""Sects & Violets' day: the execution (the good twin's ends the game), the Witch's curse on a
nominator, the Town Crier's Minion nominating, and the day's public acts: the Klutz's choice,
the Savant's statements, the Artist's question, the Sweetheart's drunk, the storyteller's
execution of a mad player (the day's execution)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grimoire.core.happenings import Executed
from grimoire.core.model import Alignment, Execution, Expiry, GameState
from grimoire.core.script import Team, load_script
from grimoire.rules import chronicle
from grimoire.rules import tokens as tk
from grimoire.rules.contract import DayDeclaration, ScriptRules
from grimoire.rules.day import DayRuleError
from grimoire.rules.end import declare_winner
from grimoire.rules.snv.changes import NO_ABILITY, sync
from grimoire.rules.snv.deaths import attempt
from grimoire.rules.snv.end import check_end, good_twin_executed
from grimoire.rules.snv.impair import holders, kept, sober, state, team, vortox, works
from night_order import Prompt

Steps = Generator[Prompt, Any, None]


def execute_now(rules: ScriptRules, g: GameState, seat: int) -> None:
    today = g.today
    if today is None:
        raise DayRuleError("there is no day")
    if today.execution is not None:
        raise DayRuleError("today's execution has already happened")
    chronicle.note(g, Executed(seat))
    good_twin_executed(g, seat)
    if not g.seats[seat].alive:
        today.execution = Execution(seat=seat, died=False, survived_because="already_dead")
        return
    attempt(rules, g, seat, "execution")
    today.execution = Execution(seat=seat, died=True)
    check_end(g)


def execute(rules: ScriptRules, g: GameState, seat: int) -> Steps:
    execute_now(rules, g, seat)
    yield from ()


def nominated(rules: ScriptRules, g: GameState, nominator: int) -> None:
    st = state(g)
    if team(g, nominator) is Team.MINION:
        st.minion_nominated = True
    curse = st.curse
    if curse is None or curse.seat != nominator:
        return
    witch = curse.witch
    has = g.seats[witch].character == "witch" and (g.seats[witch].alive or kept(g, witch))
    if not has:
        return
    if curse.sober and sober(g, witch):
        attempt(rules, g, nominator, "witch")
        check_end(g)
    else:
        st.abnormal.add(witch)


def vortox_dusk(g: GameState) -> None:
    """The day ended with no execution while a Vortox's ability works: evil wins."""
    day = g.days[-1] if g.days else None
    if g.winner is None and day is not None and day.execution is None and vortox(g):
        declare_winner(g, Alignment.EVIL, "the day ended with no execution while the Vortox lives")


def juggle(g: GameState, guesses: tuple[tuple[int, str], ...]) -> None:
    """The Juggler's guesses, judged at once against the current characters (told that night)."""
    st = state(g)
    juggler = next((x for x in holders(g, "juggler") if g.seats[x].alive), None)
    if juggler is None:
        raise DayRuleError("no living Juggler guesses")
    if st.juggler_day.get(juggler, 1) != g.day:
        raise DayRuleError("the Juggler guesses only on their first day as the Juggler")
    if juggler in st.juggled:
        raise DayRuleError("the Juggler has already guessed")
    if not 1 <= len(guesses) <= 5:
        raise DayRuleError("the Juggler makes up to 5 guesses")
    st.juggled[juggler] = sum(1 for p, c in guesses if g.seats[p].character == c)


def declarations(g: GameState) -> list[DayDeclaration]:
    """What may be declared now: the dead Klutz's choice, the Sweetheart's drunk, the Artist's
    question, and a madness execution of a mad player or the Mutant (the storyteller's judgement)."""
    st = state(g)
    out = [DayDeclaration(x, "klutz", "chooses a living player (an evil one: the Klutz's team loses)",
                          names_player=True) for x in st.klutz_owed[:1]]
    out += [DayDeclaration(x, "sweetheart", "died: choose who is drunk for the rest of the game",
                           names_player=True) for x in st.sweetheart_owed[:1]]
    for x in holders(g, "artist"):
        if g.seats[x].alive:
            spent = (x, "artist") in st.spent
            out.append(DayDeclaration(x, "artist", "asks the storyteller one yes-or-no question (once per game)",
                                      refused="has asked already" if spent else ""))
    done = "today's execution has already happened" if g.today is not None and g.today.execution else ""
    mad = [(x, "cerenovus") for x in sorted(st.mad)] + [(x, "mutant") for x in holders(g, "mutant")
                                                           if x not in st.mad and g.seats[x].alive]
    out += [DayDeclaration(x, why, "is executed at once for their madness (the day's execution)", refused=done)
            for x, why in mad]
    return out


def reminders(g: GameState) -> list[str]:
    """What the day reminds the storyteller of: madness, the curse, a choice owed, the Vortox's dusk."""
    st = state(g)
    script = load_script(g.script_id)
    out = [f"{g.name(x)} is mad that they are the {script.character(c).name} today (the Cerenovus): execute "
           "them if they break it." for x, (c, _n) in sorted(st.mad.items()) if g.seats[x].alive]
    if st.curse is not None and g.seats[st.curse.seat].alive:  # a dead player nominates no more
        out.append(f"{g.name(st.curse.seat)} is cursed by the Witch: if they nominate, they die.")
    out += [f"{g.name(x)}, the Klutz, died: they must choose a living player." for x in st.klutz_owed]
    out += [f"{g.name(x)}, the Sweetheart, died: choose who is drunk." for x in st.sweetheart_owed]
    if vortox(g) and not (g.today is not None and g.today.execution is not None):
        out.append("The Vortox lives: if no-one is executed today, evil wins at dusk.")
    return out


def declare(rules: ScriptRules, g: GameState, seat: int, character: str, target: int | None) -> None:
    st = state(g)
    if character in ("mad_execute", "cerenovus", "mutant"):  # a file names the player; the screen, the seat
        execute_now(rules, g, target if target is not None else seat)
        return
    if character == "klutz":
        if not st.klutz_owed:
            raise DayRuleError("no dead Klutz has a choice to make")
        if target is None or not g.seats[target].alive:
            raise DayRuleError("the Klutz chooses a living player")
        klutz = st.klutz_owed.pop(0)
        if g.seats[target].alignment is not Alignment.EVIL:
            return
        if not sober(g, klutz):
            st.abnormal.add(klutz)
            return
        mine = g.seats[klutz].alignment
        won = Alignment.EVIL if mine is Alignment.GOOD else Alignment.GOOD
        declare_winner(g, won, f"the Klutz, {g.name(klutz)}, chose an evil player")
        return
    if character == "sweetheart":
        if target is None:
            raise DayRuleError("the Sweetheart's drunk is a player")
        if not st.sweetheart_owed:
            raise DayRuleError("no sober Sweetheart died today")
        st.sweetheart_owed.pop(0)
        st.sweetheart_drunk.add(target)
        tk.place(rules, g, "Drunk", "sweetheart", target, Expiry.PERMANENT)
        sync(rules, g)
        return
    if character == "savant":
        savant = next((x for x in holders(g, "savant") if g.seats[x].alive), None)
        if savant is None:
            raise DayRuleError("no living Savant visits")
        truths = (seat == 1, target == 1)
        if vortox(g):
            st.abnormal.add(savant)
        elif not sober(g, savant) and sorted(truths) != [False, True]:
            st.abnormal.add(savant)
        return
    if character == "artist":
        artist = next((x for x in holders(g, "artist") if works(g, x) or g.seats[x].alive), None)
        if artist is None:
            raise DayRuleError("no living Artist asks")
        st.spent.add((artist, "artist"))
        tk.place(rules, g, NO_ABILITY, "artist", artist, Expiry.PERMANENT)
        return
    raise DayRuleError(f"{g.name(seat)} has no day declaration on this script")
