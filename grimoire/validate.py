"""``grimoire validate PATH...``: check scripts (.json) and saved games (.toml)."""

from __future__ import annotations

from pathlib import Path

from grimoire.console import echo
from grimoire.core.script import ScriptError, parse_script, read_json


def script_warnings(path: str) -> list[str]:
    """What a usable script's storyteller should know (its night orders leave someone out)."""
    p = Path(path)
    if p.suffix == ".toml":
        return []
    try:
        return parse_script(read_json(p), source=str(p), script_id=p.stem).order_notes()
    except ScriptError:
        return []


def validate_path(path: str) -> list[str]:
    """The problems of one file (empty when it is good)."""
    p = Path(path)
    if p.suffix == ".toml":
        from grimoire.store.saves import SaveError, load_game

        try:
            load_game(p)
        except SaveError as exc:
            return [str(exc)]
        return []
    try:
        parse_script(read_json(p), source=str(p), script_id=p.stem)
    except ScriptError as exc:
        return [str(exc)]
    return []


def run_validate(paths: list[str]) -> int:
    bad = 0
    for path in paths:
        problems = validate_path(path)
        if problems:
            bad += 1
            for problem in problems:
                echo(f"invalid: {problem}")
        else:
            echo(f"ok: {path}")
            for warning in script_warnings(path):
                echo(f"  note: {warning}")
    return 1 if bad else 0
