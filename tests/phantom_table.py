"""A table of the Phantom's script, as the tests set one up: the seats, and the Phantom's own
setup (the artifacts, the Mirror target, the evil Townsfolk, the house rules) by name."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from grimoire.game import SeatSetup, TableSetup
from grimoire.rules.phantom.config import RulesConfig
from grimoire.rules.phantom.state import ARTIFACTS, PhantomSetup


def phantom_table(seats: Iterable[SeatSetup], *, artifacts: tuple[str, ...] = ARTIFACTS,
                  mirror_target: int | None = None, evil_townsfolk: int | None = None,
                  config: RulesConfig | None = None, script: str = "phantom", **others: Any) -> TableSetup:
    own = PhantomSetup(artifacts=artifacts, mirror_target=mirror_target, evil_townsfolk=evil_townsfolk,
                       config=config or RulesConfig())
    return TableSetup(seats=tuple(seats), script=script, script_setup=own, **others)
