"""What makes a Bad Moon Rising night step awkward, or its setup odd, said plainly at setup
(``ScriptRules.setup_pitfalls``): facts for the storyteller, none of which stops the start."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.script import Script, Team

if TYPE_CHECKING:
    from grimoire.rules.table import TableSetup


def setup_pitfalls(setup: TableSetup, script: Script) -> list[str]:
    players = [s for s in setup.seats if not s.traveller and s.character in script.by_id]
    dealt = {s.character for s in players}
    out = []
    if "grandmother" in dealt and not any(t.name == "Grandchild" and t.owner == "grandmother" for t in setup.tokens):
        out.append("The Grandmother has no grandchild yet: her first night step asks you to choose one.")
    if "godfather" in dealt and not any(script.team_of(c) is Team.OUTSIDER for c in dealt):
        out.append("No Outsider is in play: the Godfather learns that none is.")
    if "lunatic" in dealt and len(players) < 7:
        out.append("Fewer than 7 players: the Lunatic learns no Minions nor bluffs on the first night.")
    if "mastermind" in dealt and "zombuul" in dealt:
        out.append("The Zombuul's first execution does not kill it: the Mastermind's extra day needs a real death.")
    if "chambermaid" in dealt and len(players) <= 5:
        out.append("Few players: the Chambermaid may soon have fewer than two others to choose.")
    return out
