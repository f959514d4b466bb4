"""The setup screen's facts before the first night, as markup: the pitfalls and the bag's
summary (``grimoire.present.setup_facts``), for a script whose rules are automated."""

from __future__ import annotations

from grimoire.core.script import Script
from grimoire.present.setup_facts import bag_summary, setup_pitfalls
from grimoire.rules.plugins import rules_for
from grimoire.rules.table import TableSetup
from grimoire.tui.support.view import esc


def setup_facts_markup(setup: TableSetup, script: Script) -> str:
    """"" for a script the storyteller judges, or before anything is chosen."""
    if not rules_for(script).automated:
        return ""
    lines = []
    pitfalls = setup_pitfalls(setup, script)
    if pitfalls:
        lines += ["[b $warning]Worth knowing:[/]", *(f"• {esc(p)}" for p in pitfalls)]
    summary = bag_summary(setup, script)
    if summary:
        lines.append(f"[b]The bag[/b] — {esc(summary)}")
    return "\n".join(["", *lines]) if lines else ""
