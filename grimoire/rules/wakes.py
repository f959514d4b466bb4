"""Whom a step's reminder says to wake when it is not the character's own player: the Damsel's
"show the Minions the Damsel token", the King's "Wake the Demon", the Snitch's "Wake each
Minion". Read from the reminder's first sentence, where the official texts say it; a text that
names no one there wakes the character's own player, as before."""

from __future__ import annotations

import re

from grimoire.core.markup import Mark, segments
from grimoire.core.script import Team
from grimoire.core.value import frozen

_FIRST = re.compile(r"^.*?(?:[.!?](?=\s|$)|$)", re.S)
_WAKE = re.compile(r"(?<!not )\bwake\s+(?P<who>[^.:;,]*)", re.I)
# "show the Minions the Damsel token", not "show the Minion character token"
_SHOW = re.compile(r"\bshow\s+(?:(?:all|each|the)\s+)*(?P<who>minions?|demons?)\b(?!\s+(?:character|token|info))", re.I)
_TEAMS = ((re.compile(r"\bminions?\b", re.I), Team.MINION), (re.compile(r"\bdemons?\b", re.I), Team.DEMON))


# "If an Outsider died today: Wake the Godfather..." (a reminder's condition, up to its colon).
_IF = re.compile(r"^\s*if\s+(?P<condition>[^:.]{3,160}):\s*", re.I)


def condition(reminder: str) -> tuple[str, str]:
    """The condition a reminder puts on its step, as it says it ("an Outsider died today"),
    and what the reminder says follows it; ("", "") when it puts none."""
    text = "".join(s.text for s in segments(reminder) if s.mark is Mark.PLAIN)
    found = _IF.match(text)
    if not found:
        return "", ""
    return " ".join(found.group("condition").split()), " ".join(text[found.end():].split())


def wakes(text: str) -> bool:
    """The words say to wake someone."""
    return _WAKE.search(text) is not None


@frozen
class Woken:
    teams: frozenset[Team] = frozenset()
    own: bool = True  # the character's own player(s) too

    @property
    def others(self) -> bool:
        return bool(self.teams)


def woken_by(reminder: str, name: str) -> Woken:
    """Whom ``reminder`` (of the character called ``name``) says to wake first."""
    # The emphasised words are tokens' names ("*THIS IS THE DEMON*"), not whom to wake.
    text = "".join(s.text for s in segments(reminder) if s.mark is Mark.PLAIN)
    first = _FIRST.match(text.strip())
    sentence = first.group(0) if first else ""
    phrases = [m.group("who") for m in _WAKE.finditer(sentence)] + [m.group("who") for m in _SHOW.finditer(sentence)]
    teams = frozenset(team for phrase in phrases for pattern, team in _TEAMS if pattern.search(phrase))
    if not teams:
        return Woken()
    own = any(name.lower() in phrase.lower() for phrase in phrases)
    return Woken(teams, own)
