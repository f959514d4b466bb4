"""Bad Moon Rising's lines in the log, for the happenings only its rules record: the deaths its
protections stop, the choices a drunk or poisoned player made for nothing, the Goon turning, the
causes of death. The generic log asks the game's rules for them, passed down. Pure."""

from __future__ import annotations

from typing import Any

from grimoire.core import happenings as hp
from grimoire.core.model import GameState, InfoRecord
from grimoire.rules import words as log
from grimoire.rules.bmr.happenings import Chose, PlaysOn
from grimoire.rules.bmr.state import TARGET_DIED
from grimoire.rules.contract import LogWords, ScriptRules
from grimoire.rules.words import seat_name, who

CAUSE = {
    "zombuul": "the Zombuul's kill",
    "pukka": "the Pukka's poison",
    "shabaloth": "the Shabaloth's kill",
    "po": "the Po's kill",
    "assassin": "the Assassin's kill",
    "gambler": "a wrong guess (the Gambler)",
    "gossip": "the Gossip's true statement",
    "godfather": "the Godfather's kill",
    "moonchild": "the Moonchild's choice",
    "tinker": "the Tinker's death, at the storyteller's word",
    "grandmother": "the Demon killed her grandchild (the Grandmother)",
}
# Who brought a dead player back (hp.Revived.by).
REVIVED = {"professor": "the Professor's ability", "shabaloth": "the Shabaloth regurgitated them"}
# Why a death did not happen (hp.Spared.why), after the player's name.
SPARED = {
    "innkeeper": "is the Innkeeper's guest tonight: they do not die",
    "tealady": "is a good neighbour of the Tea Lady: they do not die",
    "sailor": "is the sober Sailor: they do not die",
    "devilsadvocate": "was chosen by the Devil's Advocate: they survive the execution",
    "pacifist": "is good: the Pacifist's save, they live",
    "fool": "is the Fool: their first death does not happen (the ability is spent)",
    "registers_dead": "is the Zombuul: it seems to die and registers as dead, but lives",
}
# Why an executed player did not die, as the execution's line says it ("survived (...)"),
# which tells the save (not told again); the Zombuul's is what it seems to do, and does.
SURVIVED = {
    "tealady": "a good neighbour of the Tea Lady",
    "sailor": "the sober Sailor",
    "devilsadvocate": "chosen by the Devil's Advocate",
    "pacifist": "good: the Pacifist's save",
    "fool": "the Fool's first death does not happen; the ability is spent",
    "registers_dead": "seems to die: the Zombuul registers as dead, but lives",
    "mastermind_day": "the game ends with it, on the Mastermind's day (whether they die is not decided)",
}
IMPAIRED = "chose {about} while {state}: nothing happens"


# The Goon chosen (hp.NoEffect.why): what became of its alignment.
GOON = {"goon": "the Goon's alignment stays as it is", "goon_evil": "the Goon turns evil",
        "goon_good": "the Goon turns good"}


def chose_line(rules: ScriptRules, g: GameState, h: Chose) -> str:
    chose = " and ".join(seat_name(g, x) for x in h.about) or "nobody"
    if h.character == "innkeeper":
        said = f"chose {chose}: neither can die tonight"
    elif h.character == "gambler":
        said = f"guessed that {chose} is the {log.character_name(g, h.guess)}: right, they live"
    elif h.character == "lunatic":
        said = f"chose {chose} as the Demon they think they are: nothing happens (the Demon is shown it)"
    else:
        said = f"chose {chose}"
    return log.told(rules, f"{who(g, h.seat)} {said}", g, h.changes)


def shown_line(g: GameState, record: InfoRecord) -> str | None:
    """What the Demon was shown, naming the players: whom the Lunatic chose, who the Exorcist is."""
    if record.seat is None:
        return None
    if record.character == "lunatic":
        chose = ", ".join(seat_name(g, x) for x in record.truth) or "nobody"
        return f"{who(g, record.seat)} was shown whom the Lunatic chose: {chose}."
    if record.character == "exorcist":
        return f"{who(g, record.seat)} learned: {seat_name(g, record.truth)} is the Exorcist."
    return None


def line(rules: ScriptRules, g: GameState, h: Any) -> str | None:
    """The line for a happening of Bad Moon Rising's, None for another's."""
    if isinstance(h, InfoRecord):
        return shown_line(g, h)
    if isinstance(h, PlaysOn):
        return log.told(rules, f"{who(g, h.demon)} was the Demon, but {who(g, h.mastermind)} lives, sober and "
                        "healthy: the game goes on for one more night and day (the Mastermind), whose execution "
                        "decides", g, h.changes)
    if isinstance(h, hp.TokenChange) and h.how == "removed" and h.why == TARGET_DIED:
        return log.told(rules, f"{h.token.shown} removed from {seat_name(g, h.token.seat)}: they died", g, h.changes)
    if isinstance(h, hp.Spared) and h.why in SPARED:
        return log.told(rules, f"{who(g, h.seat)} {SPARED[h.why]}", g, h.changes)
    if isinstance(h, hp.NoEffect) and h.why in GOON:
        return log.told(rules, f"{log.no_effect_player(g, h)} chose the Goon ({seat_name(g, h.about)}): the choice fails "
                        f"and they are drunk until dusk; {GOON[h.why]}", g, h.changes)
    if isinstance(h, hp.NoEffect) and h.why == "after_goon":
        return log.told(rules, f"{log.no_effect_player(g, h)} chose {seat_name(g, h.about)} after the Goon: "
                        "that choice fails too", g, h.changes)
    if isinstance(h, Chose):
        return chose_line(rules, g, h)
    if isinstance(h, hp.NoEffect) and h.why == "not_gossip":
        return log.told(rules, f"{log.no_effect_player(g, h)} made a statement as the Gossip: nothing happens", g, h.changes)
    if isinstance(h, hp.NoEffect) and h.why == "impaired":
        about = seat_name(g, h.about) if h.about is not None else "nobody"
        words = IMPAIRED.format(about=about, state=log.impaired_words(rules, g, h.impaired))
        return log.told(rules, f"{log.no_effect_player(g, h)} {words}", g, h.changes)
    return None


class BadMoonRisingWords(LogWords):
    """Bad Moon Rising's log words, as the contract asks them (the tables and function above)."""

    CAUSE = CAUSE
    REVIVED = REVIVED
    line = staticmethod(line)


WORDS = BadMoonRisingWords()
