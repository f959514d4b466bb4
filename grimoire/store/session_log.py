"""The JSON session log (``grimoire export --format json``) told apart from what Grimoire opens.

It holds a game's whole record, as a save does, but it is an export: Grimoire writes it and
``validate`` checks it, while ``play`` and ``export`` open saves only and say so when given
one (playing it would fork the game from its save, and write TOML over a JSON file).
"""

from __future__ import annotations

import json
import re
from typing import Any

from grimoire.core.limits import unreadable

# to_json writes the save's data first, "format" its first key; no script starts so (a
# community script is an array).
_START = re.compile(r'\A\s*\{\s*"format"\s*:')

NOT_A_SAVE = "this is an exported session log (JSON), not a saved game: open the save it came from"


def looks_like_session_log(text: str) -> bool:
    """``text`` starts as a JSON session log does (whether or not the rest of it parses)."""
    return bool(_START.match(text))


def session_log_data(text: str) -> dict[str, Any]:
    """The session log's data; ValueError saying what is wrong when it does not parse as one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except (RecursionError, ValueError) as exc:  # too deep, or a number too long for Python
        raise ValueError(f"not usable JSON: {unreadable(text, False, exc)}") from None
    if not isinstance(data, dict) or not isinstance(data.get("events"), list) or not isinstance(data.get("setup"), dict):
        raise ValueError("not a session log: it needs a format, a setup and the events")
    return data
