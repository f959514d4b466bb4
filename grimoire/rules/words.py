"""The log's words every script shares: how it names players and the artifact ("12 Lou",
"12 Lou (Meg)", "Punjab Lasso"); used by the rules plug-ins' lines and by grimoire.present."""

from __future__ import annotations

from grimoire.core.model import GameState
from grimoire.core.script import load_script
from grimoire.core.script import Team
from grimoire.rules.visitors import role, traveller_name


def artifact_name(g: GameState) -> str:
    if g.artifact.active is None:
        return "artifact"
    return load_script(g.script_id).character(g.artifact.active).name


def character_name(g: GameState, character: str) -> str:
    script = load_script(g.script_id)
    if character not in script.by_id:  # an official Traveller's or Fabled's, from the data
        return fabled_name(character)
    return script.character(character).name


def fabled_name(character: str) -> str:
    found = role(character, Team.FABLED) or role(character, Team.LORIC) or role(character, Team.TRAVELLER)
    return found.name if found is not None else character


def table_team(g: GameState, character: str) -> str:
    """"Fabled" or "Loric": what a character placed for the table is."""
    found = role(character, Team.LORIC, load_script(g.script_id))
    return "Loric" if found is not None else "Fabled"


def seat_name(g: GameState, seat: int | None) -> str:
    """A player as the log names them: with the number of their seat on the circle, "12 Lou"."""
    return "nobody" if seat is None else f"{seat + 1} {g.seats[seat].name}"


def who(g: GameState, seat: int) -> str:
    s = g.seats[seat]
    role = traveller_name(s.character, load_script(g.script_id)) if s.traveller else character_name(g, s.character)
    return f"{seat_name(g, seat)} ({role})"
