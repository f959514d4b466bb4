"""Who a player thinks they are, when their character says they are told another at setup:
the Drunk thinks they are a Townsfolk not in play (docs/rules/trouble-brewing.md, "Setup"); the Lunatic
thinks they are a Demon, most often the one in play. The seat keeps
it as ``thinks``; they wake at that character's steps (``grimoire.rules.storyteller_night``)
and are shown it as theirs. Pure: no Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Iterable

from grimoire.core.freetext import a_or_an
from grimoire.core.model import Seat
from grimoire.core.script import Script, Team

# The characters whose player thinks they are another, and of which team it is.
THINKS: dict[str, Team] = {"drunk": Team.TOWNSFOLK, "lunatic": Team.DEMON}
# Those of them who think they are a character not in play (the Lunatic may think they are
# the Demon in play: it is who they are told they are, the Demon is another player).
NOT_IN_PLAY = frozenset({"drunk"})


def thinks_of(seat: Seat) -> str | None:
    """The character the seat's player thinks they are now (None: their own)."""
    return seat.thinks if not seat.traveller and seat.character in THINKS else None


def thinks_choices(script: Script, character: str, in_play: Iterable[str]) -> list[str]:
    """What a player of ``character`` may think they are: its team's characters (not in play,
    for the Drunk)."""
    team = THINKS.get(character)
    taken = set(in_play) if character in NOT_IN_PLAY else set()
    return [c.id for c in script.characters if c.team is team and c.id not in taken]


def thinks_problem(script: Script, character: str, thinks: str, in_play: Iterable[str]) -> str | None:
    """Why a player of ``character`` cannot think they are ``thinks``, or None."""
    if character not in THINKS:
        names = " or the ".join(script.character(c).name for c in THINKS if c in script.by_id) or "Drunk or the Lunatic"
        return f"only the {names} thinks they are another character"
    name = script.character(character).name
    team = THINKS[character]
    if thinks not in script.by_id:
        return f"{thinks!r} is not on {script.name}"
    if script.team_of(thinks) is not team:
        return f"the {name} thinks they are {a_or_an(team.label)}, not the {script.character(thinks).name}"
    if character in NOT_IN_PLAY and thinks in set(in_play):
        return f"the {name} thinks they are the {script.character(thinks).name}, who is in play"
    return None
