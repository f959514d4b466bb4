"""The Phantom's happenings in the log's words (``grimoire.present.happening_lines`` asks here,
through the registry, for the lines it does not word itself): the artifact's moves and stays,
the Claque's drunkenness going round, what Madame Giry, the Mirror Keeper, the Chandelier
Rigger, the Auctioneer and the Phantom were shown, Christine's and Ubaldo's declarations, the
Phantom's attack, the Managers' substitute, and abilities that did nothing; and its words for
its drunkenness and poisoning, and for why its tokens were placed or moved."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.core import happenings as hp
from grimoire.core.model import GameState, InfoRecord
from grimoire.rules import words as log
from grimoire.rules.contract import LogWords
from grimoire.rules.phantom import status
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom.happenings import Attack, Kept, Moved
from grimoire.rules.phantom.state import RECEIPT, own
from grimoire.rules.phantom.words import transfer_line
from grimoire.rules.words import given_words, impaired_note, seat_name, who

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

BOUNCE_WHY = {  # the returns' words say why already
    "minion": "a Minion lets it bounce to the Phantom",
    "dead_minion": "a dead Minion still bounces it",
    "no_wake": "No wake tonight: not woken, it bounces",
    "tk_bounce": "the Trapdoor Keeper let it bounce",
    "tk_impaired": "the Trapdoor Keeper is drunk: asked as usual, then it bounces",
    "mk_impaired": "the Mirror Keeper is drunk: no redirect",
    "mk_lost": "the Mirror Keeper has lost their ability: no redirect",
}
KEPT_WHY = {
    "meg_kept": "Meg keeps it",
    "meg_received": "Meg already received it tonight, so her step is skipped",
    "meg_impaired": "Meg chose to pass it, but is drunk or poisoned (house rule: nothing moves)",
    "no_wake": "No wake tonight: Meg is not woken",
    "tk_kept": "the Trapdoor Keeper keeps it instead of letting it bounce",
    "returned": "it returned after the execution, so there is no pass tonight",
    "holder_no_wake": "No wake tonight: no pass, straight to PHANTOM INFORMATION",
    "sd_holder": "the Stage Designer chose the holder: nothing moves",
}
# A death's cause, as the log tells it (grimoire.rules.words.plugin_words).
CAUSE = {
    "phantom": "the Phantom's kill",
    "cloak_bearer": "the Phantom's kill, forced by the Cloak sacrifice (this death can't be prevented)",
    "ubaldo_piangi": "the Phantom's kill, forced by the performance (this death can't be prevented)",
    "managers": "instead of the Managers",
}
# A player's drunkenness or poisoning, by its source: as it begins, and as it ends
# (grimoire.rules.words.plugin_words asks these tables, and PLACED_WHY and MOVED_WHY).
BEGAN = {
    status.CLAQUE: "drunk (the Claque)",
    status.DRUNK_TONIGHT_SOURCE: "drunk tonight",
    status.DRUNK_UNTIL_DUSK_SOURCE: "drunk until dusk",
    status.LASSO_SOURCE: "poisoned (the Punjab Lasso)",
}
ENDED = {
    status.CLAQUE: "drunk (the Claque)",
    status.DRUNK_TONIGHT_SOURCE: "drunk (Drunk tonight)",
    status.DRUNK_UNTIL_DUSK_SOURCE: "drunk (Drunk until dusk)",
    status.LASSO_SOURCE: "poisoned (the Punjab Lasso)",
}
PLACED_WHY = {
    tk.RECEIVED: " (Meg's first receipt tonight)",
    tk.DRUNK_TONIGHT: ": the artifact came straight from the Phantom",
    tk.FIRST_HOLDER: " (for the Auctioneer)",
    tk.NO_WAKE: ": the Primadonna died by execution and this Townsfolk holds the artifact",
    tk.USED: " (the Stage Designer's once per game)",
    tk.PROTECTED: " (Raoul de Chagny's choice): they can't die tonight",
    tk.CLOAK: ": the Cloak Bearer saved the Phantom from execution",
    tk.PERFORMANCE: ": if no execution occurs today, the Phantom must choose them tonight",
    tk.RIGGER: ": the Chandelier Rigger's help is used up",
}
MOVED_WHY = {  # by the side showing after the move
    tk.DRUNK_UNTIL_DUSK: " (the protection prevented a death)",
    tk.ABILITY_LOST: " (the Mirror target died: the Mirror Keeper loses their ability)",
    tk.CLOAK: ": the Phantom must kill the Cloak Bearer tonight",
}
RIGGER_WHY = {
    "absent": "there is no Chandelier Rigger",
    "spent": "the Chandelier Rigger's help is already used",
    "dead": "the Chandelier Rigger is dead",
    "impaired": "the Chandelier Rigger is drunk or poisoned",
}
FORCED = {"cloak_bearer": "the Cloak sacrifice", "ubaldo_piangi": "the performance (Performance pending)"}


def line(rules: ScriptRules, g: GameState, h: Any) -> str | None:
    """The line for a happening of the Phantom's ("" when it says nothing), None for another's."""
    if isinstance(h, InfoRecord):
        return info_line(rules, g, h)
    if isinstance(h, hp.Declared):
        if h.character == "christine_daae":
            return f"{seat_name(g, h.seat)} declared “I unmask the Phantom”."
        if h.character == "ubaldo_piangi":
            return f"{seat_name(g, h.seat)} declared they will perform tonight."
        return None
    if isinstance(h, Attack):
        return attack_line(rules, g, h)
    if isinstance(h, hp.NoEffect):
        return no_effect_line(rules, g, h)
    if isinstance(h, Moved):
        why = BOUNCE_WHY.get(h.why, "")
        return log.told(rules, f"The artifact: {transfer_line(g, h)}" + (f" ({why})" if why else ""), g, h.changes)
    if isinstance(h, Kept):
        return log.told(rules, f"The artifact stays with {who(g, h.seat)}: {KEPT_WHY[h.why]}", g, h.changes)
    if isinstance(h, hp.TokenChange) and h.by != "storyteller" and h.token.name == tk.CLAQUE and h.how != "removed":
        return claque_line(rules, g, h)
    if isinstance(h, hp.Skipped) and h.why == tk.NO_WAKE and h.seat is not None:
        return f"{who(g, h.seat)} did not wake: No wake tonight (the Primadonna)."  # a player kept asleep is news
    if isinstance(h, hp.Spared) and h.why == "managers":
        return log.told(rules, f"{who(g, h.seat)} holds the artifact: the storyteller chose {seat_name(g, h.by)} to die instead "
                        "(the Managers)", g, h.changes)
    return None


def _who(g: GameState, record: InfoRecord) -> str:
    """The player a character's own information was given to (the Phantom's alone may have none)."""
    assert record.seat is not None, f"{record.character}'s information was given to no seat"
    return who(g, record.seat)


def info_line(rules: ScriptRules, g: GameState, record: InfoRecord) -> str | None:
    c = record.character
    if c == "phantom":
        if record.truth is None:
            return ""
        if record.told is not None and record.told != record.truth:
            return (f"The Phantom was shown {seat_name(g, record.told)} holding the artifact "
                    f"(true: {seat_name(g, record.truth)}){impaired_note(record)}.")
        return f"The Phantom was shown {seat_name(g, record.truth)} holding the artifact."
    if c == "madame_giry":
        return f"{_who(g, record)} was shown {', '.join(seat_name(g, a) for a in record.about)}." if record.about \
            else ""
    if c == "mirror_keeper":
        if record.occasion == RECEIPT:
            said = given_words(rules, g, record, learned="", told="")
            return f"{_who(g, record)} was told the artifact moved to {said}."
        if record.told is not None and record.told != record.truth:
            return (f"{_who(g, record)} was shown {seat_name(g, record.told)} as their Mirror target "
                    f"(true: {seat_name(g, record.truth)}){impaired_note(record)}.")
        return ""
    if c == "chandelier_rigger":
        return f"{_who(g, record)} {given_words(rules, g, record, learned='learned ', told='was told ')}."
    if c == "auctioneer":
        return f"{_who(g, record)} {given_words(rules, g, record, told='was told: ')}."
    return None  # Sorelli, the Usher, the Persian, Reyer, Mifroid: told as every plug-in's are


def claque_line(rules: ScriptRules, g: GameState, h: hp.TokenChange) -> str:
    """The Claque's drunkenness going round the table."""
    t = h.token
    on = seat_name(g, t.seat)
    changes = list(h.changes)
    way = {1: "clockwise", -1: "anticlockwise"}.get(own(g).claque_direction or 0, "on")
    if h.how == "moved":
        return log.told(rules, f"The Claque's drunkenness moves {way} from {seat_name(g, h.frm)} to {on}", g, changes)
    first = hp.Change(t.seat, status.CLAQUE, True)
    if first in changes:
        changes.remove(first)
        return log.told(rules, f"The Claque's drunkenness goes {way}: {on} is drunk first", g, changes)
    return log.told(rules, f"The Claque's drunkenness goes {way}, starting with {on}", g, changes)


def attack_line(rules: ScriptRules, g: GameState, h: Attack) -> str:
    if h.forced:
        line = f"{who(g, h.phantom)} was forced by {FORCED[h.forced]} to attack {who(g, h.target)}"
    else:
        line = f"{who(g, h.phantom)} attacked " + ("themselves" if h.target == h.phantom else who(g, h.target))
    state = log.impaired_words(rules, g, h.impaired)
    if not h.works:
        line += f"; the attack failed: the Phantom is {state} and {RIGGER_WHY.get(h.rigger or '', 'nobody helps')}"
    elif h.rigger == "helped":
        line += f", while {state}: the Chandelier Rigger's help made the attack work"
    elif h.house_rule:
        line += f", while {state}: a forced kill works anyway (house rule)"
    return log.told(rules, line, g, h.changes)


def no_effect_line(rules: ScriptRules, g: GameState, h: hp.NoEffect) -> str | None:
    if h.character == "primadonna":
        holder = who(g, h.about) if h.about is not None else "nobody"
        return log.told(rules, f"The Primadonna died by execution, but the holder {holder} is not a Townsfolk: nothing happens",
                        g, h.changes)
    if h.character not in ("raoul_de_chagny", "stage_designer"):
        return None
    player = log.no_effect_player(g, h)
    state = log.impaired_words(rules, g, h.impaired)
    if h.character == "raoul_de_chagny":
        return log.told(rules, f"{player} protected {seat_name(g, h.about)} while {state}: the protection does not hold",
                        g, h.changes)
    return log.told(rules, f"{player} chose {seat_name(g, h.about)} while {state}: Used is placed, but the artifact does not move",
                    g, h.changes)


class PhantomWords(LogWords):
    """The Phantom's log words, as the contract asks them (the tables and function above)."""

    CAUSE = CAUSE
    BEGAN = BEGAN
    ENDED = ENDED
    PLACED_WHY = PLACED_WHY
    MOVED_WHY = MOVED_WHY
    line = staticmethod(line)


WORDS = PhantomWords()
