"""Printable night sheets: tonight's order for the characters in play, with reminder texts."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from grimoire.core.script import SPECIAL_STEPS, Script

_SPECIAL_TITLES = {"dusk": "Dusk", "minioninfo": "Minion Info", "demoninfo": "Demon Info", "dawn": "Dawn"}


def sheet_steps(
    script: Script,
    characters: Iterable[str],
    first: bool,
    players: int | None = None,
    artifacts: Iterable[str] = ("monkey_music_box", "punjab_lasso"),
) -> list[str]:
    """The steps of the night for these characters (specials kept; Minion and Demon Info only
    at 7 or more players when the count is known)."""
    in_play = set(characters)
    steps = []
    for step in script.night_order(first):
        if step in SPECIAL_STEPS:
            if step in ("minioninfo", "demoninfo") and players is not None and players < 7:
                continue
            steps.append(step)
        elif step in ("monkey_music_box", "punjab_lasso"):
            if "phantom" in in_play and step in artifacts:
                steps.append(step)
        elif step in in_play:
            steps.append(step)
    return steps


def render_sheet(
    script: Script,
    characters: Iterable[str],
    first: bool,
    who: dict[str, str] | None = None,
    players: int | None = None,
    heading: str = "",
    width: int = 96,
    artifacts: Iterable[str] = ("monkey_music_box", "punjab_lasso"),
) -> str:
    who = who or {}
    title = heading or f"{script.name} — {'first night' if first else 'other nights'}"
    lines = [title, "=" * min(len(title), width), ""]
    for n, step in enumerate(sheet_steps(script, characters, first, players, tuple(artifacts)), 1):
        name = _SPECIAL_TITLES.get(step) or script.character(step).name
        if step in who:
            name += f" ({who[step]})"
        lines.append(f"{n:2}. [ ] {name}")
        text = script.reminder(step, first) or "(no reminder)"
        lines += textwrap.wrap(text, width=width - 8, initial_indent="        ", subsequent_indent="        ")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
