"""The setup screen's facts before the first night, as markup: the pitfalls and the bag's
summary (``grimoire.present.setup_facts``), for a script whose rules are automated; and any
rules plug-in installed that was left out, broken (its script is then the storyteller's)."""

from __future__ import annotations

from grimoire.core.script import Script
from grimoire.present.setup_facts import bag_summary, setup_pitfalls
from grimoire.rules import plugins
from grimoire.rules.table import TableSetup
from grimoire.tui.support.view import esc


def setup_facts_markup(setup: TableSetup, script: Script) -> str:
    """"" for a script the storyteller judges (with no plug-in left out), or before anything is chosen."""
    rules = plugins.rules_for(script)
    left_out = plugins.problems()  # those reached: every one, where none plays the script
    lines = ["[b $warning]Rules plug-ins left out:[/]", *(f"• {esc(p)}" for p in left_out)] if left_out else []
    if not rules.automated:
        return "\n".join(["", *lines]) if lines else ""
    pitfalls = setup_pitfalls(setup, script)
    if pitfalls:
        lines += ["[b $warning]Worth knowing:[/]", *(f"• {esc(p)}" for p in pitfalls)]
    summary = bag_summary(setup, script)
    if summary:
        lines.append(f"[b]The bag[/b] — {esc(summary)}")
    return "\n".join(["", *lines]) if lines else ""
