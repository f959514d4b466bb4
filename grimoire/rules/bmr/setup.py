"""Bad Moon Rising's own setup: the Grandmother's grandchild (a good player other than her) and
the Demon the Lunatic thinks they are, read from and written to a file's [setup] table, with the
house rules of its [rules] table; what makes a table unplayable, and a random legal choice."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from grimoire.core.model import Alignment
from grimoire.core.script import Script
from grimoire.rules.bmr.state import DEMON_IDS, BmrSetup, HouseRules
from grimoire.rules.contract import SetupDataError

if TYPE_CHECKING:
    from grimoire.rules.table import Problem, TableSetup

GRANDCHILD = "Grandchild"


def setup_of(script_setup: object) -> BmrSetup:
    return script_setup if isinstance(script_setup, BmrSetup) else BmrSetup()


def read(setup: Mapping[str, Any], house_rules: Mapping[str, Any], seat: Callable[[Any, str], int], where: str,
         where_rules: str) -> BmrSetup:
    lunatic = setup.get("lunatic")
    if lunatic is not None and lunatic not in DEMON_IDS:
        raise SetupDataError(f"{where} lunatic: expected one of {', '.join(DEMON_IDS)} (the Demon the Lunatic "
                             f"thinks they are), got {lunatic!r}")
    # Another script's house rules are not read (older saves wrote the Phantom's for every game).
    known = {f.name for f in attrs.fields(HouseRules)}
    ours = {key: value for key, value in house_rules.items() if key in known}
    for key, value in ours.items():
        if not isinstance(value, bool):
            raise SetupDataError(f"{where_rules} {key}: must be true or false")
    return BmrSetup(lunatic=lunatic, house=HouseRules(**ours))


def write(script_setup: object, seat: Callable[[int], Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    chosen = setup_of(script_setup)
    table: dict[str, Any] = {}
    if chosen.lunatic is not None:
        table["lunatic"] = chosen.lunatic
    return table, chosen.house.changed()


def problems(setup: TableSetup, script: Script) -> list[Problem]:
    from grimoire.rules.table import Problem

    own = setup_of(setup.script_setup)
    characters = [s.character for s in setup.seats if not s.traveller]
    out: list[Problem] = []
    if "grandmother" in characters:
        child = grandchild(setup)  # none chosen: the first night asks (a pitfall, for older saves)
        if child is None:
            pass
        elif not 0 <= child < len(setup.seats):
            out.append(Problem(None, "the grandchild is no seat at the table"))
        elif setup.known(child, script) and (setup.alignment(child, script) is not Alignment.GOOD
                                             or setup.seats[child].character == "grandmother"):
            out.append(Problem(child, "the grandchild must be a good player other than the Grandmother"))
    thinks = next((s.thinks for s in setup.seats if s.character == "lunatic" and not s.traveller), None)
    if "lunatic" in characters and own.lunatic is None and thinks is None:
        out.append(Problem(None, "the Lunatic is in play: choose the Demon they think they are"))
    return out


def grandchild(setup: TableSetup) -> int | None:
    """The Grandmother's grandchild: the player her Grandchild reminder is on at setup."""
    return next((t.seat for t in setup.tokens if t.name == GRANDCHILD and t.owner == "grandmother"), None)


def random_setup(script: Script, characters: list[str], rng: random.Random) -> BmrSetup:
    # The grandchild is a setup reminder (random_table places it); the Lunatic's Demon the seat's own.
    return BmrSetup()
