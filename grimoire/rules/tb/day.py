"""Trouble Brewing's day: the Slayer's shot, the Virgin's nomination, the Saint's execution."""

from __future__ import annotations

from grimoire.core.events import Declare, Event, Nominate
from grimoire.core.happenings import Declared, Executed, NoEffect
from grimoire.core.model import Alignment, Execution, Expiry, GameState
from grimoire.core.script import Team, load_script
from grimoire.core.thinks import thinks_of
from grimoire.rules import chronicle
from grimoire.rules import tokens as tk
from grimoire.rules.contract import DayDeclaration, RegistrationAsk, ScriptRules
from grimoire.rules.day import DayRuleError
from grimoire.rules.end import declare_winner
from grimoire.rules.status import alive_count
from grimoire.rules.tb.deaths import after_death, die
from grimoire.rules.tb.impairment import ability_works, impaired, impairment_sources
from grimoire.rules.tb.registration import team, teams

NO_ABILITY, MASTER = "No Ability", "Master"


def reminders(g: GameState) -> list[str]:
    """The Butler's master: a living Butler votes only if their master votes (a dead one, or
    one drunk or poisoned, has no such limit)."""
    out = []
    for s in g.seats:
        master = tk.seat_of_token(g, MASTER) if s.character == "butler" and s.alive else None
        if master is None:
            continue
        who = f"{s.name} ({_named(g, s.index)})"
        if impaired(g, s.index):
            out.append(f"{who} is drunk or poisoned: their vote counts whether or not their master, "
                       f"{g.name(master)}, votes.")
        else:
            out.append(f"{who} votes only if their master, {g.name(master)}, votes too.")
    return out


def declarations(g: GameState) -> list[DayDeclaration]:
    """The Slayer's shot, offered to every living player: anyone may publicly claim the Slayer
    and shoot, and nothing happens unless they are the sober, healthy Slayer who has not shot."""
    out = []
    for s in g.seats:
        if s.traveller or not s.alive:
            continue
        if s.character == "slayer" and "slayer" not in g.used:
            words = "shoots a player (the Demon dies)"
        elif s.character == "slayer":
            words = "shoots again: the ability is spent, nothing happens"
        elif thinks_of(s) == "slayer":
            words = "shoots, thinking they are the Slayer: nothing happens"
        else:
            words = "claims the Slayer and shoots: nothing happens"
        out.append(DayDeclaration(s.index, "slayer", words, names_player=True))
    # the Slayer (or who thinks they are) first: the one the storyteller most likely wants
    return sorted(out, key=lambda d: "slayer" not in (g.seats[d.seat].character, thinks_of(g.seats[d.seat])))


def registration(g: GameState, event: Event) -> RegistrationAsk | None:
    """The storyteller's choice before the day's action, where a registration decides it: the
    Slayer shooting a Recluse (the Demon?), the Spy nominating the Virgin (a Townsfolk?)."""
    if isinstance(event, Declare) and event.character == "slayer" and event.target is not None:
        x, s = event.target, g.seats[event.seat]
        fires = s.character == "slayer" and s.alive and "slayer" not in g.used and ability_works(g, event.seat)
        if fires and g.seats[x].alive and _may_register(g, x, Team.DEMON):
            return RegistrationAsk(x, "demon", f"The Slayer shot {g.name(x)} (the {_named(g, x)}): do "
                                               "they register as the Demon? Yes: they die.")
    if isinstance(event, Nominate):
        x, virgin = event.nominator, g.seats[event.nominee]
        fires = virgin.character == "virgin" and "virgin" not in g.used and not impaired(g, event.nominee)
        if fires and _may_register(g, x, Team.TOWNSFOLK):
            return RegistrationAsk(x, "townsfolk", f"{g.name(x)} (the {_named(g, x)}) nominated the Virgin: do "
                                                   "they register as a Townsfolk? Yes: they are executed at once.")
    return None


def _may_register(g: GameState, x: int, as_: Team) -> bool:
    return team(g, x) is not as_ and as_ in teams(g, x)


def _named(g: GameState, x: int) -> str:
    return load_script(g.script_id).character(g.seats[x].character).name


def declare(rules: ScriptRules, g: GameState, seat: int, character: str, target: int | None, registers: bool | None = None) -> None:
    """The Slayer, once per game, by day, publicly chooses a player: the Demon dies (a Recluse
    the storyteller has register as the Demon too). Anyone may claim the Slayer and shoot (a
    bluff, the Drunk, a spent or dead Slayer): it is recorded, and nothing happens."""
    from grimoire.rules.day import today as _today

    day = _today(g)
    s = g.seats[seat]
    if character != "slayer":
        raise DayRuleError(f"on Trouble Brewing only the Slayer declares by day, not the {character!r}")
    if target is None:
        raise DayRuleError("the Slayer chooses a player")
    day.declarations.append(character)
    why = ("not_slayer" if s.character != "slayer" else "dead" if not s.alive
           else "spent" if "slayer" in g.used else "")
    if why:  # anyone may claim the Slayer and shoot: only the Slayer's first shot, alive, can work
        chronicle.note(g, NoEffect("slayer", seat, why, about=target))
        return
    chronicle.note(g, Declared(seat, character, target))
    g.used.add("slayer")
    works = ability_works(g, seat)
    tk.place(rules, g, NO_ABILITY, "slayer", seat, Expiry.PERMANENT)
    if not works:
        chronicle.note(g, NoEffect("slayer", seat, "impaired", about=target, impaired=impairment_sources(g, seat)))
    elif g.seats[target].alive and (team(g, target) is Team.DEMON or registers):
        die(rules, g, target, "slayer")


def nominated(rules: ScriptRules, g: GameState, nominator: int, nominee: int, registers: bool | None = None) -> None:
    """The Virgin's first nomination: a Townsfolk nominator is executed at once (a Spy the
    storyteller has register as a Townsfolk too)."""
    virgin = g.seats[nominee]
    if virgin.character != "virgin" or "virgin" in g.used:
        return
    g.used.add("virgin")
    tk.place(rules, g, NO_ABILITY, "virgin", nominee, Expiry.PERMANENT)
    if impaired(g, nominee):
        chronicle.note(g, NoEffect("virgin", nominee, "impaired", about=nominator,
                                   impaired=impairment_sources(g, nominee)))
        return
    if team(g, nominator) is not Team.TOWNSFOLK and not registers:  # the Drunk is an Outsider; the Spy a Minion
        return
    today = g.today
    assert today is not None
    chronicle.note(g, Executed(nominator))
    today.execution = Execution(seat=nominator, died=True)
    die(rules, g, nominator, "execution")


def executed(rules: ScriptRules, g: GameState, seat: int) -> None:
    """What an execution sets off once done: the Saint's loss, the Scarlet Woman, the Poisoner."""
    today = g.today
    ex = today.execution if today is not None else None
    if ex is None or ex.seat != seat or not ex.died:
        return
    s = g.seats[seat]
    if s.character == "saint" and not impaired(g, seat):
        declare_winner(g, Alignment.EVIL, f"the Saint ({s.name}) was executed")
        return
    after_death(rules, g, seat, alive_count(g, include_travellers=False) + 1)
