"""The standard end conditions, pointed out for the storyteller of a script without rules of
its own: the app never decides, since many abilities change them (a Scarlet Woman, a Mayor)."""

from __future__ import annotations

from grimoire.core.model import GameState
from grimoire.core.script import Script, Team

UNLESS = "unless an ability says otherwise. Declare the winner when the game is over."


def standard_end(g: GameState, script: Script) -> list[str]:
    if g.winner is not None:
        return []
    out = []
    demons = [s for s in g.seats if not s.traveller and s.character in script.by_id
              and script.team_of(s.character) is Team.DEMON]
    if demons and not any(s.alive for s in demons):
        who = ", ".join(f"{s.name}, the {script.character(s.character).name}" for s in demons)
        out.append(f"The Demon ({who}) is dead: by the standard rules good wins, {UNLESS}")
    alive = sum(1 for s in g.seats if s.alive and not s.traveller)
    if alive <= 2:
        words = {0: "No players are", 1: "Only one player is", 2: "Only two players are"}[alive]
        out.append(f"{words} alive: by the standard rules evil wins, {UNLESS}")
    return out
