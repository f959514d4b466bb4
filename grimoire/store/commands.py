"""The ``export`` and ``sheet`` commands: plain text out, clear errors, non-zero on a problem."""

from __future__ import annotations

import sys
from pathlib import Path

from grimoire.core.script import ScriptError, load_script
from grimoire.store.saves import SaveError, load_game, write_atomic


def _err(message: str) -> int:
    print(f"grimoire: {message}", file=sys.stderr)
    return 1


def run_export(save: str, fmt: str, output: str | None) -> int:
    from grimoire.store.export import FORMATS

    try:
        game = load_game(save)
    except SaveError as exc:
        return _err(str(exc))
    text = FORMATS[fmt](game)
    if output is None:
        sys.stdout.write(text)
        return 0
    try:
        write_atomic(Path(output), text, backup=False)
    except OSError as exc:
        return _err(f"{output}: cannot write ({exc.strerror})")
    print(f"wrote {output}")
    return 0


def run_sheet(save: str | None, night: int | None, script_ref: str, characters: str | None, other: bool) -> int:
    from grimoire.store.sheet import render_sheet

    if save is not None:
        if characters is not None:
            return _err("give a saved game or --characters, not both")
        try:
            game = load_game(save)
        except SaveError as exc:
            return _err(str(exc))
        g = game.state
        number = night if night is not None else (g.night if g.phase.value == "night" else g.night + 1)
        if number < 1:
            return _err("--night must be 1 or more")
        script = load_script(game.setup.script)
        in_play = [s.character for s in g.seats if not s.traveller]
        who = {s.character: s.name + ("" if s.alive else ", dead") for s in g.seats}
        artifacts = (g.artifact.active,) if g.artifact.active and number > 1 else game.setup.artifacts
        players = sum(1 for s in g.seats if not s.traveller)
        heading = f"{script.name} — night {number}"
        sys.stdout.write(render_sheet(script, in_play, number == 1, who, players, heading, artifacts=artifacts))
        return 0
    if characters is None:
        return _err("give a saved game, or --characters a,b,c (with --script)")
    try:
        script = load_script(script_ref)
    except ScriptError as exc:
        return _err(str(exc))
    chosen = [c.strip() for c in characters.split(",") if c.strip()]
    unknown = [c for c in chosen if c not in script.by_id]
    if unknown:
        return _err(f"not on {script.name}: {', '.join(unknown)}")
    sys.stdout.write(render_sheet(script, chosen, not other))
    return 0
