"""What makes a Sects & Violets night step awkward, or its setup odd, said plainly at setup
(``ScriptRules.setup_pitfalls``): facts for the storyteller, none of which stops the start."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.script import Script, Team

if TYPE_CHECKING:
    from grimoire.rules.table import TableSetup


def _nearest_townsfolk(teams: list[Team], me: int) -> list[int]:
    out: list[int] = []
    n = len(teams)
    for step in (1, -1):
        for k in range(1, n):
            i = (me + step * k) % n
            if teams[i] is Team.TOWNSFOLK:
                if i not in out:
                    out.append(i)
                break
    return out


def setup_pitfalls(setup: TableSetup, script: Script) -> list[str]:
    players = [s for s in setup.seats if not s.traveller and s.character in script.by_id]
    dealt = [s.character for s in players]
    out = []
    if "nodashii" in dealt:
        teams = [script.team_of(c) for c in dealt]
        near = _nearest_townsfolk(teams, dealt.index("nodashii"))
        names = " and ".join(players[i].name for i in near) or "no-one"
        out.append(f"The No Dashii poisons {names} (its nearest Townsfolk each way) from the first night.")
    if "vortox" in dealt:
        out.append("The Vortox: every Townsfolk's information is false, and a day that ends with no execution "
                   "loses the game for good.")
    if "eviltwin" in dealt:
        out.append("The Evil Twin: while both twins live good cannot win; executing the good twin loses the game "
                   "for good.")
    if "mutant" in dealt:
        out.append("The Mutant may be executed at once if they claim to be an Outsider (your judgement).")
    if "philosopher" in dealt:
        out.append("The Philosopher may choose a character in play: its player is then drunk.")
    return out
