"""What makes a Trouble Brewing night step awkward, or its setup odd, said plainly at setup
(``ScriptRules.setup_pitfalls``): facts for the storyteller, none of which stops the start."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.script import Script, Team

if TYPE_CHECKING:
    from grimoire.rules.table import TableSetup

def setup_pitfalls(setup: TableSetup, script: Script) -> list[str]:
    players = [s for s in setup.seats if not s.traveller and s.character in script.by_id]
    dealt = {s.character for s in players}
    # Who believes they are a character wakes as it: the Drunk's Townsfolk has its step too.
    woken = dealt | {s.thinks for s in players if s.thinks is not None}
    out = []
    if "librarian" in woken and not any(script.team_of(c) is Team.OUTSIDER for c in dealt):
        spy = " (unless the Spy registers as one)" if "spy" in dealt else ""
        out.append(f"No Outsider is in play: the Librarian learns zero{spy}.")
    herring = any(t.owner == "fortuneteller" and t.name == "Red Herring" for t in setup.tokens)
    if "fortuneteller" in woken and not herring:
        out.append("The Fortune Teller has no red herring: no good player registers as the Demon to them.")
    for i, s in enumerate(setup.seats):
        if s.character == "drunk" and not s.traveller and s.thinks is None:
            out.append(f"The Drunk (seat {i + 1}) has no Townsfolk chosen: they would wake as nobody.")
    return out
