"""Sects & Violets' day: the execution (the good twin's ends the game), the Witch's curse on a
nominator, the Town Crier's Minion nominating, and the day's public acts: the Klutz's choice,
the Savant's statements, the Juggler's guesses, the Artist's question (a Philosopher who gained
one of these uses it too), the Sweetheart's drunk, the storyteller's execution of a mad player
(the day's execution); the day does not end while a dead Klutz's or Sweetheart's choice is owed."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grimoire.core.happenings import Declared, Executed, NoEffect
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
from grimoire.rules.snv.happenings import Juggled, MadExecuted, Visited
from grimoire.rules.snv.impair import holders, kept, sober, sources, state, team, vortox
from night_order import Prompt

Steps = Generator[Prompt, Any, None]
GOOD_CHOSEN = "good_chosen"  # the Klutz chose a good player: nothing happens


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


def mad_execute(rules: ScriptRules, g: GameState, seat: int) -> None:
    """The storyteller judged ``seat`` broke their madness (or showed the Mutant's): executed
    at once, as the day's execution, and told in the log as an execution for madness."""
    if g.today is not None and g.today.execution is None:
        st = state(g)
        if seat in st.mad:
            chronicle.note(g, MadExecuted(seat, "cerenovus", st.mad[seat][0]))
        else:
            chronicle.note(g, MadExecuted(seat, "mutant" if g.seats[seat].character == "mutant" else ""))
    execute_now(rules, g, seat)


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


def gained(g: GameState, character: str) -> list[int]:
    """The living Philosophers who gained ``character``'s ability (and are still the Philosopher)."""
    return [p for p, c in state(g).philosopher.items() if c == character and g.seats[p].alive
            and g.seats[p].character == "philosopher"]


def day_users(g: GameState, character: str) -> list[int]:
    """Who may use ``character``'s day ability: its living players, then the Philosophers who gained it."""
    return [x for x in holders(g, character) if g.seats[x].alive] + gained(g, character)


def juggler_first_day(g: GameState, juggler: int) -> bool:
    return state(g).juggler_day.get(juggler, 1) == g.day


def juggle(rules: ScriptRules, g: GameState, guesses: tuple[tuple[int, str], ...], juggler: int | None = None) -> None:
    """The Juggler's guesses, judged at once against the current characters (told that night).
    ``juggler``: who guesses (None: the living Juggler, else a Philosopher who gained it)."""
    st = state(g)
    users = day_users(g, "juggler")
    if juggler is None:
        juggler = next((x for x in users if juggler_first_day(g, x) and x not in st.juggled), None)
        juggler = juggler if juggler is not None else next(iter(users), None)
    if juggler is None or juggler not in users:
        raise DayRuleError("no living Juggler guesses")
    if not juggler_first_day(g, juggler):
        raise DayRuleError("the Juggler guesses only on their first day as the Juggler")
    if juggler in st.juggled:
        raise DayRuleError("the Juggler has already guessed")
    if not 1 <= len(guesses) <= 5:
        raise DayRuleError("the Juggler makes up to 5 guesses")
    st.juggled[juggler] = sum(1 for p, c in guesses if g.seats[p].character == c)
    chronicle.note(g, Juggled(juggler, guesses, st.juggled[juggler]))


SAVANT_ANSWERS = {(True, False): "one statement true, one false", (False, False): "both statements false",
                  (True, True): "both statements true"}


def savant_answers(g: GameState, savant: int) -> dict[tuple[bool, bool], str]:
    """What the Savant may be told, in words: one true and one false when sober and healthy;
    both false under the Vortox (a drunk or poisoned Savant's too); any pair when drunk or poisoned."""
    if vortox(g):
        return {(False, False): "both statements false (the Vortox makes them false)"}
    if sober(g, savant):
        return {(True, False): SAVANT_ANSWERS[True, False]}
    return {pair: f"{words} (drunk or poisoned: any pair)" if pair != (True, False) else words
            for pair, words in SAVANT_ANSWERS.items()}


def savant_visit(rules: ScriptRules, g: GameState, seat: int | None, truths: tuple[bool, bool]) -> None:
    """The Savant's visit: the two statements' truth, refused where the rules make it impossible;
    a drunk or poisoned Savant not given one true and one false, or any under the Vortox, worked
    abnormally (the Mathematician's). ``seat`` None, as a file names nobody: the living Savant."""
    st = state(g)
    users = day_users(g, "savant")
    savant = seat if seat is not None else next(iter(users), None)
    if savant is None or savant not in users:
        raise DayRuleError("no living Savant visits")
    if any(isinstance(h, Visited) and h.seat == savant for h in (g.today.happenings if g.today is not None else ())):
        raise DayRuleError("the Savant visits the storyteller once a day")
    pair = (True, False) if sorted(truths) == [False, True] else truths
    allowed = savant_answers(g, savant)
    if pair not in allowed:
        raise DayRuleError(f"the Savant must be told {' or '.join(allowed.values())}")
    why = ""
    if vortox(g):
        st.abnormal.add(savant)
        why = "vortox"
    elif not sober(g, savant) and pair != (True, False):
        st.abnormal.add(savant)
        why = "impaired"
    chronicle.note(g, Visited(savant, truths[0], truths[1], why))


def declarations(g: GameState) -> list[DayDeclaration]:
    """What may be declared now: the dead Klutz's choice, the Sweetheart's drunk (both owed:
    the day does not end without them), the Juggler's guesses, the Savant's visit, the Artist's
    question (a Philosopher who gained one of them too), and a madness execution of a mad player
    or the Mutant (the storyteller's judgement)."""
    st = state(g)
    living = tuple(s.index for s in g.seats if s.alive)  # the Klutz chooses "1 alive player"
    out = [DayDeclaration(x, "klutz", "chooses a living player (an evil one: the Klutz's team loses)",
                          names_player=True, owed=True, players=living) for x in st.klutz_owed[:1]]
    out += [DayDeclaration(x, "sweetheart", "died: choose who is drunk for the rest of the game",
                           names_player=True, owed=True) for x in st.sweetheart_owed[:1]]
    script = load_script(g.script_id)

    def gained_words(x: int, character: str) -> str:  # a Philosopher's: whose ability they use
        return "" if g.seats[x].character == character else f"with the {script.character(character).name}'s ability: "

    for x in day_users(g, "juggler"):
        if not juggler_first_day(g, x):
            continue  # their first day as the Juggler is past (or to come)
        refused = "has guessed already today" if x in st.juggled else ""
        out.append(DayDeclaration(x, "juggler", f"{gained_words(x, 'juggler')}publicly guesses up to 5 players' "
                                  "characters", pairs=5, refused=refused))
    visited = {h.seat for h in (g.today.happenings if g.today is not None else ()) if isinstance(h, Visited)}
    for x in day_users(g, "savant"):
        options = tuple((words[0].upper() + words[1:], pair) for pair, words in savant_answers(g, x).items())
        out.append(DayDeclaration(x, "savant", f"{gained_words(x, 'savant')}visits the storyteller: two "
                                  "statements, which were true?", options=options,
                                  refused="has visited already today" if x in visited else ""))
    for x in day_users(g, "artist"):
        spent = (x, "artist") in st.spent
        out.append(DayDeclaration(x, "artist", f"{gained_words(x, 'artist')}asks the storyteller one yes-or-no "
                                  "question (once per game)", refused="has asked already" if spent else ""))
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
        mad_execute(rules, g, target if target is not None else seat)
        return
    if character == "klutz":
        if not st.klutz_owed:
            raise DayRuleError("no dead Klutz has a choice to make")
        if target is None:
            raise DayRuleError("the Klutz chooses a living player")
        if not g.seats[target].alive:
            raise DayRuleError(f"the Klutz chooses a living player: {g.name(target)} is dead")
        klutz = st.klutz_owed.pop(0)
        if g.seats[target].alignment is not Alignment.EVIL:
            chronicle.note(g, NoEffect("klutz", klutz, GOOD_CHOSEN, about=target))
            return
        if not sober(g, klutz):
            chronicle.note(g, NoEffect("klutz", klutz, "impaired", about=target, impaired=sources(g, klutz)))
            st.abnormal.add(klutz)
            return
        chronicle.note(g, Declared(klutz, "klutz", target))
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
    if character == "savant":  # as files once gave it: the two statements' truth as (seat, target), 1 or 0
        savant_visit(rules, g, None, (seat == 1, target == 1))
        return
    if character == "artist":
        users = day_users(g, "artist")
        # The screen names who asks (no target); a file names nobody (its target is 0): the living Artist.
        artist = seat if target is None else next(iter(users), None)
        if artist is None or artist not in users:
            raise DayRuleError("no living Artist asks")
        if (artist, "artist") in st.spent:
            raise DayRuleError("the Artist has asked already")
        st.spent.add((artist, "artist"))
        chronicle.note(g, Declared(artist, "artist"))
        tk.place(rules, g, NO_ABILITY, "artist" if g.seats[artist].character == "artist" else "philosopher", artist,
                 Expiry.PERMANENT)
        return
    raise DayRuleError(f"{g.name(seat)} has no day declaration on this script")


def day_ends(g: GameState) -> None:
    """The day may not end while a dead Klutz's choice or a Sweetheart's drunk is owed."""
    st = state(g)
    if g.winner is not None:
        return
    if st.klutz_owed:
        raise DayRuleError(f"{g.name(st.klutz_owed[0])}, the Klutz, died: they must choose a living player "
                           "before the day ends")
    if st.sweetheart_owed:
        raise DayRuleError(f"{g.name(st.sweetheart_owed[0])}, the Sweetheart, died: choose who is drunk "
                           "before the day ends")
