"""Trouble Brewing's rules for the grimoire (``grimoire.rules.engine.ScriptRules``)."""

from __future__ import annotations

from grimoire.rules.engine import ScriptRules, SetupAsk
from grimoire.rules.tb import day
from grimoire.rules.tb.end import check_end
from grimoire.rules.tb.night import TroubleBrewingNight


def _no_pointers(_g: object, _script: object) -> list[str]:
    return []  # the rules decide the end


TB_RULES = ScriptRules(
    "Trouble Brewing's rules", True, TroubleBrewingNight, check_end, _no_pointers,
    declare=day.declare, nominated=day.nominated, executed=day.executed,
    declarers=("slayer",), declarations=day.declarations,
    setup_asks=(SetupAsk("Red Herring", "fortuneteller", "red herring"),), registration=day.registration,
    day_reminders=day.reminders,
)
