"""Whether a script's night step shows the grimoire to its player, as the script itself says:
the script format's ``grimoire`` special on the character (of type signal or ability), or a
night reminder that says to show the grimoire ("Show the Grimoire to the … for as long as they
need"). The rules plug-ins may know it otherwise (``ScriptRules.shows_grimoire``)."""

from __future__ import annotations

import re

from grimoire.core.script import Script

SPECIAL = "grimoire"
SPECIAL_TYPES = ("signal", "ability")
# "Show the Grimoire", "show them the grimoire", "shows the Grimoire": a verb of showing, then the word.
SAYS_SO = re.compile(r"\bshow(s|n)?\b[^.]{0,40}\bgrimoire\b", re.IGNORECASE)


def script_shows_grimoire(script: Script, step: str) -> bool:
    character = script.by_id.get(step)
    if character is None:
        return False
    if any(s.name == SPECIAL and s.type in SPECIAL_TYPES for s in character.special):
        return True
    return any(SAYS_SO.search(text) for text in (character.first_night_reminder, character.other_night_reminder))
