"""The ``export`` and ``sheet`` commands: plain text out, clear errors, non-zero on a problem."""

from __future__ import annotations

from pathlib import Path

from grimoire.console import echo
from grimoire.core.script import ScriptError, load_script
from grimoire.store.saves import SaveError, load_game, write_atomic


def _err(message: str) -> int:
    echo(f"grimoire: {message}", err=True)
    return 1


def run_export(save: str, fmt: str, output: str | None) -> int:
    from grimoire.present.export import FORMATS

    try:
        game = load_game(save)
    except SaveError as exc:
        return _err(str(exc))
    text = FORMATS[fmt](game)
    if output is None:
        echo(text, end="")
        return 0
    try:
        write_atomic(Path(output), text, backup=False)
    except OSError as exc:
        return _err(f"{output}: cannot write ({exc.strerror})")
    echo(f"wrote {output}")
    return 0


def run_sheet(
    save: str | None,
    night: int | None,
    script_ref: str,
    characters: str | None,
    first: bool = False,
    other: bool = False,
) -> int:
    """A saved game's sheet for a night as it stood at that night's dusk (default: tonight or
    the coming night), or a set of characters' sheets (both nights unless one is asked; no
    characters named: the whole script's)."""
    from grimoire.present.past_night import is_past, past_night
    from grimoire.present.sheet import SheetError, at_dusk, coming_night, game_sheet, render_sheet

    if save is not None:
        if characters is not None:
            return _err("give a saved game or --characters, not both")
        if first or other:
            return _err("--first and --other are for a script's sheet; a saved game's sheet takes --night N")
        try:
            game = load_game(save)
        except SaveError as exc:
            return _err(str(exc))
        script = load_script(game.setup.script)
        if night is None:
            number = coming_night(game)
            when = "tonight" if game.state.phase.value == "night" else "the coming night"
            heading = f"{script.name} — night {number} ({when}, as things stand now)"
            echo(game_sheet(game, number, heading, when="Now"), end="")
            return 0
        try:
            then = at_dusk(game, night)
        except SheetError as exc:
            return _err(f"{save}: --night {night}: {exc}")
        if is_past(game, night):  # the order beside what happened at each step
            heading = f"{script.name} — night {night}, as it stood at its dusk, and what happened"
            echo(game_sheet(then, night, heading, past=past_night(game, night)), end="")
            return 0
        heading = f"{script.name} — night {night}, as it stood at its dusk"
        echo(game_sheet(then, night, heading), end="")
        return 0
    if night is not None:
        return _err("--night is for a saved game's sheet (give SAVE)")
    try:
        script = load_script(script_ref)
    except ScriptError as exc:
        return _err(str(exc))
    if characters is None:  # the whole script's sheet: every character on it
        characters = ",".join(c.id for c in script.characters)
    chosen = [c.strip() for c in characters.split(",") if c.strip()]
    unknown = [c for c in chosen if c not in script.by_id]
    if unknown:
        return _err(f"not on {script.name}: {', '.join(unknown)}")
    nights = [True] if first else [False] if other else [True, False]
    echo("\n".join(render_sheet(script, chosen, is_first) for is_first in nights), end="")
    return 0
