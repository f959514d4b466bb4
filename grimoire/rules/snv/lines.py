"""Sects & Violets' words in the log: the causes of death, why a character changed, the
Philosopher's choice. Pure."""

from __future__ import annotations

from typing import Any

from grimoire.core import happenings as hp
from grimoire.core.model import GameState
from grimoire.rules import words as log
from grimoire.rules.contract import LogWords, ScriptRules
from grimoire.rules.snv.changes import FOLLOWS
from grimoire.rules.snv.day import GOOD_CHOSEN
from grimoire.rules.snv.deaths import JUMP
from grimoire.rules.snv.happenings import Gained, InPlay, Juggled, Maddened, MadExecuted, NotTheDemon, Visited
from grimoire.rules.words import seat_name

CAUSE = {
    "fanggu": "the Fang Gu's kill",
    JUMP: "the Fang Gu's jump (the old Fang Gu dies instead)",
    "nodashii": "the No Dashii's kill",
    "vortox": "the Vortox's kill",
    "vigormortis": "the Vigormortis's kill",
    "pithag": "the Pit-Hag's night (the storyteller's arbitrary deaths)",
    "witch": "the Witch's curse (they nominated)",
}
BECAME = {
    "pithag": "the Pit-Hag",
    "barber": "the Barber's haircut",
    "snakecharmer": "the Snake Charmer's swap",
    "fanggu": "the Fang Gu's jump",
}
BEGAN = {"sweetheart": "the Sweetheart's death", "snakecharmer": "the Snake Charmer's swap",
         "nodashii": "the No Dashii", "vigormortis": "the Vigormortis", "philosopher": "the Philosopher"}

# A reminder that follows the seats, gone because its source no longer reaches the player (the
# source died, is drunk or poisoned, changed character, or the player is no longer its target).
NO_LONGER = {"Drunk": "no longer makes them drunk", "Poisoned": "no longer poisons them",
             "Has Ability": "no longer keeps their ability"}


VISIT_WHY = {"vortox": " (the Vortox makes them false)", "impaired": " (drunk or poisoned: not one true and one false)"}


def _day_line(g: GameState, h: Any) -> str | None:
    """The day's own acts: the Juggler's guesses, the Savant's visit, an execution for madness."""
    if isinstance(h, Juggled):
        guessed = "; ".join(f"{seat_name(g, p)} as the {log.character_name(g, c)}" for p, c in h.guesses)
        return f"{log.who(g, h.seat)} guessed (the Juggler): {guessed}. {h.correct} correct as guessed."
    if isinstance(h, Visited):
        said = {(True, True): "both statements true", (False, False): "both statements false"}.get(
            (h.first, h.second), f"the {'first' if h.first else 'second'} statement true, the other false")
        return f"{log.who(g, h.seat)} visited the storyteller (the Savant): {said}{VISIT_WHY.get(h.why, '')}."
    if isinstance(h, MadExecuted):
        if h.by == "cerenovus":
            judged = f"broke their madness (mad that they are the {log.character_name(g, h.about)}: the Cerenovus)"
        elif h.by == "mutant":
            judged = "mad that they are an Outsider (the Mutant)"
        else:
            judged = "broke their madness"
        return (f"The storyteller judged {log.who(g, h.seat)} {judged}: executed for their madness at once, "
                "the day's execution.")
    return None


def sweethearts_drunk(h: Any) -> bool:
    """The Drunk reminder a Sweetheart's death places: drunk for the rest of the game."""
    return (isinstance(h, hp.TokenChange) and h.how == "placed" and h.by == "rules"
            and h.token.owner == "sweetheart" and h.token.name == "Drunk")


def _sweethearts_drunk_line(rules: ScriptRules, g: GameState, h: hp.TokenChange) -> str:
    player = seat_name(g, h.token.seat)
    said = [c for c in h.changes if not (c.seat == h.token.seat and c.began and c.source.endswith(":sweetheart"))]
    return log.told(rules, f"{h.token.shown} placed on {player}: the Sweetheart died, so {player} is drunk from "
                    "now on, for the rest of the game", g, said)


def _klutz_line(rules: ScriptRules, g: GameState, h: hp.Declared | hp.NoEffect) -> str:
    """The Klutz's choice and what came of it: nothing (a good player, or the Klutz drunk or
    poisoned), or their team's loss."""
    chose = f"The Klutz's choice: {log.who(g, h.seat) if h.seat is not None else 'the Klutz'} chose {seat_name(g, h.about)}"
    if isinstance(h, hp.Declared):
        return f"{chose}, an evil player: the Klutz's team loses."
    if h.why == GOOD_CHOSEN:
        return log.told(rules, f"{chose}, a good player: nothing happens", g, h.changes)
    state = log.impaired_words(rules, g, h.impaired)
    return log.told(rules, f"{chose}, an evil player, while {state}: nothing happens", g, h.changes)


def day_acts(g: GameState) -> list[tuple[int, int, str]]:
    """(day, seat, line) of every day's guesses and Savant's visits, in order."""
    return [(day.number, h.seat, line) for day in g.days for h in day.happenings
            if isinstance(h, (Juggled, Visited)) and (line := _day_line(g, h))]


def line(rules: ScriptRules, g: GameState, h: Any) -> str | None:
    """The line for the Philosopher's gain, the Cerenovus's choice, the Pit-Hag's choice of a
    character in play, the Snake Charmer's of no Demon, a reminder that went as the seats changed,
    an impaired choice, or the day's own acts; None for any other happening."""
    if isinstance(h, (Juggled, Visited, MadExecuted)):
        return _day_line(g, h)
    if isinstance(h, Gained):
        return log.told(rules, f"{log.who(g, h.seat)} chose the {log.character_name(g, h.character)}: they "
                        "gain that ability (the Philosopher)", g, h.changes)
    if isinstance(h, Maddened):
        mad = log.character_name(g, h.character)
        return log.told(rules, f"{log.who(g, h.seat)} chose {seat_name(g, h.player)} and the {mad}: "
                        f"mad that they are the {mad} tomorrow", g, h.changes)
    if isinstance(h, InPlay):
        return log.told(rules, f"{log.who(g, h.seat)} chose {seat_name(g, h.player)} and the "
                        f"{log.character_name(g, h.character)}, already in play: nothing happens", g, h.changes)
    if isinstance(h, NotTheDemon):
        return log.told(rules, f"{log.who(g, h.seat)} chose {seat_name(g, h.player)}, no Demon: nothing happens",
                        g, h.changes)
    if isinstance(h, hp.TokenChange) and h.how == "removed" and h.why == FOLLOWS:
        t = h.token
        what = NO_LONGER.get(t.name, "no longer applies")
        return log.told(rules, f"{t.shown} removed from {seat_name(g, t.seat)}: {BEGAN.get(t.owner, t.owner)} {what}",
                        g, h.changes)
    if sweethearts_drunk(h):
        return _sweethearts_drunk_line(rules, g, h)
    if isinstance(h, (hp.Declared, hp.NoEffect)) and h.character == "klutz":
        return _klutz_line(rules, g, h)
    if isinstance(h, hp.NoEffect) and h.why == "impaired":
        player = log.no_effect_player(g, h)
        state = log.impaired_words(rules, g, h.impaired)
        if h.character == "philosopher":  # once per game: spent, and nothing gained
            chose = f" the {log.character_name(g, h.option)}" if h.option else ""
            return log.told(rules, f"{player} chose{chose} while {state}: the ability is spent and nothing is gained",
                            g, h.changes)
        chose = seat_name(g, h.about) if h.about is not None else "nobody"
        if h.option:  # the Cerenovus's and the Pit-Hag's character
            chose += f" and the {log.character_name(g, h.option)}"
        return log.told(rules, f"{player} chose {chose} while {state}: nothing happens", g, h.changes)
    return None


class SectsAndVioletsWords(LogWords):
    CAUSE = CAUSE
    BECAME = BECAME
    BEGAN = BEGAN
    ENDED = BEGAN
    line = staticmethod(line)


WORDS = SectsAndVioletsWords()
