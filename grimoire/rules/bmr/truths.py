"""The true answers of Bad Moon Rising's information characters, in scenario terms. No BMR
character registers falsely, so every answer is one value."""

from __future__ import annotations

from grimoire.core.model import GameState
from grimoire.core.script import Script, Team, load_script


def grandmother(g: GameState, grandchild: int) -> tuple[int, str]:
    """The grandchild and their character."""
    return (grandchild, g.seats[grandchild].character)


def grandmother_words(g: GameState, script: Script, grandchild: int) -> str:
    character = g.seats[grandchild].character
    name = script.character(character).name if character in script.by_id else character
    return f"{g.seats[grandchild].name} is the {name} (their grandchild)"


def godfather(g: GameState) -> tuple[str, ...]:
    """Every Outsider in play, by character id, sorted."""
    script = load_script(g.script_id)
    return tuple(sorted(s.character for s in g.seats if not s.traveller and s.character in script.by_id
                        and script.team_of(s.character) is Team.OUTSIDER))


def godfather_words(script: Script, truth: tuple[str, ...]) -> str:
    if not truth:
        return "No Outsider is in play"
    return "The Outsiders in play: " + ", ".join(script.character(c).name for c in truth)
