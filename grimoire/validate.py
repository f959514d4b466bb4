"""``grimoire validate PATH...``: check scripts (.json), saved games (.toml) and session logs
exported as JSON (which are neither, and are said to be)."""

from __future__ import annotations

from pathlib import Path

from grimoire.console import echo
from grimoire.core.script import ScriptError, parse_json, parse_script, read_json, read_text
from grimoire.store.session_log import looks_like_session_log, session_log_data

SESSION_LOG = "a session log exported as JSON, not a script or a saved game"


def script_warnings(path: str) -> list[str]:
    """What a usable script's storyteller should know (its night orders leave someone out, a
    rules plug-in installed is broken)."""
    p = Path(path)
    if p.suffix == ".toml":
        return []
    try:
        notes = parse_script(read_json(p), source=str(p), script_id=p.stem).order_notes()
    except ScriptError:
        return []
    return notes + plugin_problems()


def plugin_problems() -> list[str]:
    """Each rules plug-in installed that cannot play, in one line (every one is loaded to see)."""
    from grimoire.rules import plugins

    list(plugins.plugins())
    return [f"{problem}: left out, its script is the storyteller's judgement" for problem in plugins.problems()]


def validate_path(path: str) -> list[str]:
    """The problems of one file (empty when it is good)."""
    return check_path(path)[0]


def check_path(path: str) -> tuple[list[str], str]:
    """The problems of one file, and what kind of file it is when that is worth saying."""
    p = Path(path)
    if p.suffix == ".toml":
        from grimoire.store.saves import SaveError, load_game

        try:
            load_game(p)
        except SaveError as exc:
            return [str(exc)], ""
        return [], ""
    try:
        text = read_text(p)
        if looks_like_session_log(text):
            return _session_log(p, text)
        parse_script(parse_json(text, p), source=str(p), script_id=p.stem)
    except ScriptError as exc:
        return [str(exc)], ""
    return [], ""


def _session_log(path: Path, text: str) -> tuple[list[str], str]:
    """A JSON session log: it parses, and its record reads back to the game it tells."""
    from grimoire.store.saves import SaveError, game_from_dict

    try:
        data = session_log_data(text)
        game = game_from_dict(data, str(path), folder=path.parent)
    except SaveError as exc:  # it names the file
        return [f"{exc} ({SESSION_LOG}: its record does not read back to a game)"], SESSION_LOG
    except ValueError as exc:
        return [f"{path}: {SESSION_LOG}, but damaged: {exc}"], SESSION_LOG
    events = len(game.events)
    return [], f"{SESSION_LOG}; it reads back to the game it tells, {events} event{'s' if events != 1 else ''}"


def run_validate(paths: list[str]) -> int:
    bad = 0
    for path in paths:
        problems, kind = check_path(path)
        if problems:
            bad += 1
            for problem in problems:
                echo(f"invalid: {problem}")
        else:
            echo(f"ok: {path}" + (f" ({kind})" if kind else ""))
            for warning in script_warnings(path):
                echo(f"  note: {warning}")
    return 1 if bad else 0
