"""Who is drunk, poisoned or able to use their ability now, as the game's rules say it
(``ScriptRules``: a plug-in's own tokens and sources, or the reminders the storyteller placed)."""

from __future__ import annotations

from grimoire.core.model import GameState
from grimoire.core.script import Team, load_script
from grimoire.rules.contract import ScriptRules
from grimoire.rules.plugins import rules_for


def rules_of(g: GameState) -> ScriptRules:
    """The rules the game plays by (the nights and deaths of every script read this module)."""
    return rules_for(load_script(g.script_id))


def team(g: GameState, seat: int) -> Team:
    s = g.seats[seat]
    if s.traveller:
        return Team.TRAVELLER
    return load_script(g.script_id).team_of(s.character)


def is_drunk(g: GameState, i: int) -> bool:
    return rules_of(g).is_drunk(g, i)


def is_poisoned(g: GameState, i: int) -> bool:
    return rules_of(g).is_poisoned(g, i)


def impaired(g: GameState, i: int) -> bool:
    return is_drunk(g, i) or is_poisoned(g, i)


def impairment_sources(g: GameState, i: int) -> tuple[str, ...]:
    """Every source of seat ``i``'s drunkenness and poisoning now (empty: sober and healthy)."""
    return rules_of(g).impairment_sources(g, i)


def impairments(g: GameState) -> tuple[tuple[int, str], ...]:
    """(seat, source) for everyone drunk or poisoned now."""
    return rules_of(g).impairments(g)


def impairment_reasons(g: GameState, i: int) -> list[tuple[str, str]]:
    """Each reason seat ``i`` is drunk or poisoned now, as (what they are, by what)."""
    return [reason(g, source) for source in impairment_sources(g, i)]


def reason(g: GameState, source: str) -> tuple[str, str]:
    """(what they are, by what) for a source of drunkenness or poisoning, as the grimoire words it."""
    return rules_of(g).impairment_reason(g, source)


def impaired_why(g: GameState, i: int) -> str:
    return "; ".join(f"{what}: {why}" for what, why in impairment_reasons(g, i))


def ability_works(g: GameState, i: int) -> bool:
    return rules_of(g).ability_works(g, i)


def alive_count(g: GameState, include_travellers: bool) -> int:
    return sum(1 for s in g.seats if s.alive and (include_travellers or not s.traveller))
