"""A file given as a saved game that is another of Grimoire's files: said for what it is, with
what to do with it, rather than called damaged (a script is not a broken save)."""

from __future__ import annotations

import json
from typing import Any

SCRIPT = ("this is a script (JSON), not a saved game: to play it, start a new game and choose it "
          "(S on the setup screen), or rehearse it (grimoire rehearse --players N --script FILE)")
SCENARIO = ("this is a scenario file, not a saved game: rehearse it (Rehearse on the start screen, "
            "or grimoire rehearse FILE) or run it (grimoire scenario run FILE)")

# What only a scenario file has at its top (a save has "format" and "events" instead).
_SCENARIO_ONLY = {"night", "day", "strict_setup", "description"}


def script_instead(text: str) -> str | None:
    """What to say of a file that is not TOML but a script in the community JSON format."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return SCRIPT if isinstance(data, list) and data else None


def scenario_instead(data: dict[str, Any]) -> str | None:
    """What to say of TOML with no save format that is a scenario."""
    if "format" in data or "events" in data:
        return None
    return SCENARIO if _SCENARIO_ONLY & data.keys() or isinstance(data.get("setup"), dict) else None
