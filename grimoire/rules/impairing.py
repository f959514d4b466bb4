"""Drunk and poisoned on a script whose rules do not work them out (any script but the
Phantom's): from the reminder tokens the storyteller placed. A reminder whose words mean it
makes the seat it is on drunk or poisoned, with the token's owner as the reason ("poisoned:
the Poisoner"); the Drunk is drunk all game. The Phantom's rules never read these words: its
own tokens say other things (``grimoire.rules.status``).

A source (``grimoire.core.happenings.Change.source``) is "drunk:<owner>" or "poisoned:<owner>",
the owner a character id: a character's tokens make a player drunk or poisoned once, however
many of them lie there.
"""

from __future__ import annotations

import re

from grimoire.core.model import GameState
from grimoire.core.script import load_script
from grimoire.rules import visitors

DRUNK, POISONED = "drunk", "poisoned"
THE_DRUNK = "drunk"  # the Drunk's id: drunk all game, whatever they think they are

# A reminder's words (case and spacing aside) that make the seat it is on drunk or poisoned. The
# official ones: "Poisoned" (the Poisoner's, the Widow's, the Pukka's, the No Dashii's, the
# Vigormortis', the Snake Charmer's...), "Drunk" (the Sailor's, the Innkeeper's, the Goon's, the
# Sweetheart's, the Philosopher's...), "Is The Drunk" (the Drunk's), "Drunk 3" to "Drunk 1" (the
# Courtier's); a homebrew one may say for how long ("Drunk tonight", "Poisoned until dusk").
_WHILE = r"(?: \d+| tonight| today| until dusk| until dawn)?"
_ON_SEAT = re.compile(rf"(?:is the )?({DRUNK}|{POISONED}){_WHILE}")
# Every other player but Travellers, placed on the one it spares: "Everyone Is Drunk" (the Minstrel's).
_EVERYONE = re.compile(rf"everyone(?: is)? ({DRUNK}|{POISONED}){_WHILE}")


def meaning(words: str) -> tuple[str, bool] | None:
    """(drunk or poisoned, whether it is everyone else's) for a reminder's words, or None."""
    said = " ".join(words.split()).casefold()
    for pattern, everyone in ((_ON_SEAT, False), (_EVERYONE, True)):
        found = pattern.fullmatch(said)
        if found:
            return found.group(1), everyone
    return None


def source(what: str, owner: str) -> str:
    return f"{what}:{owner}"


def sources(g: GameState, i: int) -> tuple[str, ...]:
    """What makes seat ``i`` drunk or poisoned now, each source once."""
    seat = g.seats[i]
    found = [source(DRUNK, THE_DRUNK)] if seat.character == THE_DRUNK and not seat.traveller else []
    for token in g.tokens:
        said = meaning(token.shown)
        if said is None:
            continue
        what, everyone = said
        if (token.seat != i and everyone and not seat.traveller) or (token.seat == i and not everyone):
            found.append(source(what, token.owner))
    return tuple(dict.fromkeys(found))


def impairments(g: GameState) -> tuple[tuple[int, str], ...]:
    """(seat, source) for everyone drunk or poisoned now."""
    return tuple((s.index, found) for s in g.seats for found in sources(g, s.index))


def reason(g: GameState, found: str) -> tuple[str, str]:
    """(what they are, by what) for a source: ("poisoned", "the Poisoner")."""
    what, _, owner = found.partition(":")
    character = load_script(g.script_id).by_id.get(owner) or visitors.in_play(g).get(owner)
    return what, f"the {character.name if character is not None else owner}"
