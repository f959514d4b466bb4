"""Which script a new game or a rehearsal plays: the Phantom (built in), the official editions
by name once the official data is in, a script used before, or another script file by its path.
A file that cannot be used is told, with its words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from grimoire.core.official import OfficialDataError, current
from grimoire.core.script import EDITIONS, MAIN, ScriptError, load_script
from grimoire.store.recent_scripts import recent_scripts

OTHER = "\0other"  # no path is this


def script_items() -> list[tuple[str, str]]:
    items = [(f"{load_script(MAIN).name} (built in, full rules)", MAIN)]
    try:
        data = current()
    except OfficialDataError:
        data = None  # a damaged copy: the editions wait for `grimoire data update`
    for edition, name in EDITIONS.items():
        if data is not None and data.editions.get(edition):
            items.append((f"{name} (the official edition: {edition})", edition))
    for path in recent_scripts():
        try:
            name = load_script(str(path)).name
        except (ScriptError, OSError):
            name = path.name
        items.append((f"{name} — {path}", str(path)))
    items.append(("Another script file (.json)…", OTHER))
    return items


async def choose_script(app: Any, current: str = MAIN) -> str | None:
    """Ask, then load: the chosen script's reference (``MAIN`` or an absolute path), or None."""
    from grimoire.tui.screens.modals import AskText, Pick

    picker = Pick("Which script?", script_items(), highlight=current, keep=OTHER)
    got = await app.push_screen_wait(picker)
    if got is None:
        return None
    if got == OTHER:
        # A path typed into the list (nothing matched it, so "Another script file" is the
        # choice) is the path to ask about, kept whole.
        path = picker.typed.strip()
        looks_like_path = "/" in path or path.casefold().endswith(".json")
        typed = await app.push_screen_wait(AskText("The script file (community JSON format): its path",
                                                   value=path if looks_like_path else "",
                                                   placeholder="script.json"))
        if not typed or not typed.strip():
            return None
        got = str(Path(typed.strip()).expanduser().resolve())
    try:
        load_script(got)
    except (ScriptError, OSError) as exc:
        app.notify(str(exc), title="Cannot use this script", severity="error", timeout=12)
        return None
    return got
