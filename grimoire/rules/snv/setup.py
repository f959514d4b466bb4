"""Sects & Violets' own setup: the Evil Twin's twin (a player of the other alignment), placed at
setup as the Evil Twin's Twin reminder; what makes a table unplayable, and a random legal choice
for random games; the house rules of a file's [rules] table."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from grimoire.core.script import Script
from grimoire.rules.contract import SetupDataError
from grimoire.rules.snv import TWIN
from grimoire.rules.snv.state import HouseRules, SnvSetup

if TYPE_CHECKING:
    from grimoire.rules.table import Problem, TableSetup


def twin(setup: TableSetup) -> int | None:
    """The Evil Twin's twin: the player its Twin reminder is on at setup."""
    return next((t.seat for t in setup.tokens if t.name == TWIN and t.owner == "eviltwin"), None)


def problems(setup: TableSetup, script: Script) -> list[Problem]:
    from grimoire.rules.table import Problem

    characters = [s.character for s in setup.seats if not s.traveller]
    if "eviltwin" not in characters:
        return []
    chosen = twin(setup)
    if chosen is None:
        return [Problem(None, "the Evil Twin is in play: choose the twin, a player of the other alignment")]
    if not 0 <= chosen < len(setup.seats):
        return [Problem(None, "the twin is no seat at the table")]
    evil_twin = characters.index("eviltwin")
    if setup.known(chosen, script) and setup.alignment(chosen, script) is setup.alignment(evil_twin, script):
        return [Problem(chosen, "the twin must be of the other alignment than the Evil Twin")]
    return []


def random_twin(setup: TableSetup, script: Script, rng: random.Random) -> int | None:
    seats = [i for i, s in enumerate(setup.seats) if not s.traveller]
    evil = next((i for i in seats if setup.seats[i].character == "eviltwin"), None)
    if evil is None:
        return None
    other = [i for i in seats if setup.alignment(i, script) is not setup.alignment(evil, script)]
    return rng.choice(other) if other else None




def setup_of(script_setup: object) -> SnvSetup:
    return script_setup if isinstance(script_setup, SnvSetup) else SnvSetup()


def read(house_rules: Mapping[str, Any], where_rules: str) -> SnvSetup:
    """The house rules of a file's [rules] table (another script's keys are not read)."""
    known = {f.name for f in attrs.fields(HouseRules)}
    ours = {key: value for key, value in house_rules.items() if key in known}
    for key, value in ours.items():
        if not isinstance(value, bool):
            raise SetupDataError(f"{where_rules} {key}: must be true or false")
    return SnvSetup(house=HouseRules(**ours))
