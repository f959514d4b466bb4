"""Who is drunk, poisoned or able to use their ability now, as the game's rules say it
(``ScriptRules``: a plug-in's own tokens and sources, or the reminders the storyteller placed).

The rules are the game's (``Game.rules``), passed down by whoever holds the game: nothing here
looks them up again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.model import GameState
from grimoire.core.script import Team, load_script

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


def team(g: GameState, seat: int) -> Team:
    s = g.seats[seat]
    if s.traveller:
        return Team.TRAVELLER
    return load_script(g.script_id).team_of(s.character)


def impaired(rules: ScriptRules, g: GameState, i: int) -> bool:
    return rules.is_drunk(g, i) or rules.is_poisoned(g, i)


def impairment_reasons(rules: ScriptRules, g: GameState, i: int) -> list[tuple[str, str]]:
    """Each reason seat ``i`` is drunk or poisoned now, as (what they are, by what)."""
    return [rules.impairment_reason(g, source) for source in rules.impairment_sources(g, i)]


def impaired_why(rules: ScriptRules, g: GameState, i: int) -> str:
    """Why seat ``i`` is drunk or poisoned, as the grimoire words it: "drunk: the Drunk"."""
    return "; ".join(f"{what}: {why}" for what, why in impairment_reasons(rules, g, i))


def alive_count(g: GameState, include_travellers: bool) -> int:
    return sum(1 for s in g.seats if s.alive and (include_travellers or not s.traveller))
