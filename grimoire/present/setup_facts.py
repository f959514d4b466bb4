"""What the setup screen says of a table before the first night, as facts: the pitfalls (what
would make a night step awkward or the setup odd: the rules plug-in's, and the jinxes among the
chosen characters) and a one-line summary of the bag, as the plug-in declares what its
characters do. No score, no advice: the storyteller judges. Pure: no UI."""

from __future__ import annotations

from grimoire.core.script import Script
from grimoire.rules.plugins import rules_for
from grimoire.rules.table import TableSetup


def chosen(setup: TableSetup, script: Script) -> list[str]:
    """The players' characters chosen so far, in seat order (a seat without one left out)."""
    return [s.character for s in setup.seats if not s.traveller and s.character in script.by_id]


def setup_pitfalls(setup: TableSetup, script: Script) -> list[str]:
    """The rules' pitfalls for this table, then each jinx among its characters. (A bluff in play,
    or the one the Drunk thinks they are, stops the start: the table's problems say so.)"""
    out = list(rules_for(script).setup_pitfalls(setup, script))
    for j in script.jinxes_among(chosen(setup, script)):
        out.append(f"Jinxed together: the {script.character(j.first).name} and the {script.character(j.second).name}.")
    return out


def bag_summary(setup: TableSetup, script: Script) -> str:
    """"Information: Chef, Empath · False information: Poisoner · …", from the plug-in's
    ``bag_kinds``; "" where the rules declare nothing, or nothing is chosen yet."""
    dealt = chosen(setup, script)
    parts = []
    for kind, ids in rules_for(script).bag_kinds:
        names = [script.character(c).name for c in dict.fromkeys(dealt) if c in ids]
        parts.append(f"{kind.capitalize()}: {', '.join(names) if names else 'none'}")
    return " · ".join(parts) if dealt and parts else ""
