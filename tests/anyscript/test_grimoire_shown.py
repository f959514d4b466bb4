"""Which night steps show their player the grimoire, on a script the storyteller judges: as the
script's data says (a ``grimoire`` special of type signal or ability, or a night reminder that
says to show the grimoire); no character is named by the code that asks."""

from __future__ import annotations

from grimoire.core.script import parse_script
from grimoire.rules.storyteller import STORYTELLER_RULES

ENTRIES = [
    {"id": "peeker", "name": "Peeker", "team": "minion", "ability": "Each night, look.", "otherNight": 3,
     "otherNightReminder": "Show the Grimoire to the Peeker for as long as they need."},
    {"id": "widowlike", "name": "Widowlike", "team": "minion", "ability": "On your 1st night, look.",
     "firstNight": 4, "firstNightReminder": "Wake them. Show them the grimoire, then :reminder:", "reminders": ["Poisoned"]},
    {"id": "signaller", "name": "Signaller", "team": "minion", "ability": "Each night, see everything.",
     "otherNight": 5, "otherNightReminder": "Wake the Signaller.",
     "special": [{"type": "signal", "name": "grimoire"}]},
    {"id": "revealer", "name": "Revealer", "team": "townsfolk", "ability": "At the end, look.",
     "otherNight": 6, "otherNightReminder": "Wake the Revealer.", "special": [{"type": "reveal", "name": "grimoire"}]},
    {"id": "keeper", "name": "Keeper", "team": "townsfolk", "ability": "Keep the grimoire safe.",
     "otherNight": 7, "otherNightReminder": "Wake the Keeper: they point at the grimoire's owner."},
]


def test_the_script_says_which_steps_show_the_grimoire() -> None:
    script = parse_script(ENTRIES, source="peek.json")
    shown = [c.id for c in script.characters if STORYTELLER_RULES.shows_grimoire(script, c.id)]
    assert shown == ["peeker", "widowlike", "signaller"]
    assert not STORYTELLER_RULES.shows_grimoire(script, "dusk")  # a step of no character's
