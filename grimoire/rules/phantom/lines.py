"""The Phantom's happenings in the log's words (``grimoire.store.happening_lines`` asks here,
through the registry, for the lines it does not word itself): what Madame Giry, the Mirror
Keeper, the Chandelier Rigger, the Auctioneer and the Phantom were shown, Christine's and
Ubaldo's declarations, the Phantom's attack, the Managers' substitute, and abilities that did
nothing."""

from __future__ import annotations

from typing import Any

from grimoire.core import happenings as hp
from grimoire.core.model import GameState, InfoRecord
from grimoire.store import happening_lines as log
from grimoire.store.names import seat_name, who
from grimoire.store.told_words import given_words, impaired_note

RIGGER_WHY = {
    "absent": "there is no Chandelier Rigger",
    "spent": "the Chandelier Rigger's help is already used",
    "dead": "the Chandelier Rigger is dead",
    "impaired": "the Chandelier Rigger is drunk or poisoned",
}
FORCED = {"cloak_bearer": "the Cloak sacrifice", "ubaldo_piangi": "the performance (Performance pending)"}


def line(g: GameState, h: Any) -> str | None:
    """The line for a happening of the Phantom's ("" when it says nothing), None for another's."""
    if isinstance(h, InfoRecord):
        return info_line(g, h)
    if isinstance(h, hp.Declared):
        if h.character == "christine_daae":
            return f"{seat_name(g, h.seat)} declared “I unmask the Phantom”."
        if h.character == "ubaldo_piangi":
            return f"{seat_name(g, h.seat)} declared they will perform tonight."
        return None
    if isinstance(h, hp.Attack):
        return attack_line(g, h)
    if isinstance(h, hp.NoEffect):
        return no_effect_line(g, h)
    if isinstance(h, hp.Spared) and h.why == "managers":
        return log.told(f"{who(g, h.seat)} holds the artifact: the storyteller chose {seat_name(g, h.by)} to die instead "
                        "(the Managers)", g, h.changes)
    return None


def info_line(g: GameState, record: InfoRecord) -> str | None:
    c = record.character
    if c == "phantom":
        if record.truth is None:
            return ""
        if record.told is not None and record.told != record.truth:
            return (f"The Phantom was shown {seat_name(g, record.told)} holding the artifact "
                    f"(true: {seat_name(g, record.truth)}){impaired_note(record)}.")
        return f"The Phantom was shown {seat_name(g, record.truth)} holding the artifact."
    if c == "madame_giry":
        return f"{who(g, record.seat)} was shown {', '.join(seat_name(g, a) for a in record.about)}." if record.about \
            else ""
    if c == "mirror_keeper":
        if record.receipt:
            said = given_words(g, record, learned="", told="")
            return f"{who(g, record.seat)} was told the artifact moved to {said}."
        if record.told is not None and record.told != record.truth:
            return (f"{who(g, record.seat)} was shown {seat_name(g, record.told)} as their Mirror target "
                    f"(true: {seat_name(g, record.truth)}){impaired_note(record)}.")
        return ""
    if c == "chandelier_rigger":
        return f"{who(g, record.seat)} {given_words(g, record, learned='learned ', told='was told ')}."
    if c == "auctioneer":
        return f"{who(g, record.seat)} {given_words(g, record, told='was told: ')}."
    return None  # Sorelli, the Usher, the Persian, Reyer, Mifroid: told as every plug-in's are


def attack_line(g: GameState, h: hp.Attack) -> str:
    if h.forced:
        line = f"{who(g, h.phantom)} was forced by {FORCED[h.forced]} to attack {who(g, h.target)}"
    else:
        line = f"{who(g, h.phantom)} attacked " + ("themselves" if h.target == h.phantom else who(g, h.target))
    state = log.impaired_words(g, h.impaired)
    if not h.works:
        line += f"; the attack failed: the Phantom is {state} and {RIGGER_WHY.get(h.rigger or '', 'nobody helps')}"
    elif h.rigger == "helped":
        line += f", while {state}: the Chandelier Rigger's help made the attack work"
    elif h.house_rule:
        line += f", while {state}: a forced kill works anyway (house rule)"
    return log.told(line, g, h.changes)


def no_effect_line(g: GameState, h: hp.NoEffect) -> str | None:
    if h.character == "primadonna":
        holder = who(g, h.about) if h.about is not None else "nobody"
        return log.told(f"The Primadonna died by execution, but the holder {holder} is not a Townsfolk: nothing happens",
                        g, h.changes)
    if h.character not in ("raoul_de_chagny", "stage_designer"):
        return None
    player = log.no_effect_player(g, h)
    state = log.impaired_words(g, h.impaired)
    if h.character == "raoul_de_chagny":
        return log.told(f"{player} protected {seat_name(g, h.about)} while {state}: the protection does not hold",
                        g, h.changes)
    return log.told(f"{player} chose {seat_name(g, h.about)} while {state}: Used is placed, but the artifact does not move",
                    g, h.changes)
