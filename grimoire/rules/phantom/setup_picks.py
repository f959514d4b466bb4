"""What the setup screen asks of the Phantom's own setup: the Mirror target, the evil Townsfolk
of the Managers' option B, and the Loric (the artifacts) available."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.script import Script, Team
from grimoire.core.setup import evil_townsfolk
from grimoire.rules.contract import SetupPick
from grimoire.rules.phantom.state import ARTIFACTS, LASSO, MMB, PhantomSetup

Rows = Sequence[tuple[str | None, bool]]  # (character, Traveller) by seat
LORIC_CHOICES = (ARTIFACTS, (MMB,), (LASSO,))


def _on_script(script: Script, choice: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(a for a in choice if a in script.by_id)


def _evil_needed(script: Script, rows: Rows, option_b: bool) -> bool:
    """The either/or option taken makes a Townsfolk evil (the Managers' option B only)."""
    chars = [c for c, traveller in rows if c and not traveller]
    return evil_townsfolk(script, chars, option_b) > 0


def picks(script: Script, rows: Rows, option_b: bool, chosen: Mapping[str, Any]) -> list[SetupPick]:
    out = []
    if "mirror_keeper" in script.by_id:
        good = tuple(i for i, (c, traveller) in enumerate(rows)
                     if traveller or (c is not None and c in script.by_id and script.team_of(c).is_good))
        out.append(SetupPick("mirror_target", "Mirror target", "f", "The Mirror Keeper's target (a good player)",
                             seats=good, mark="◇ Mirror"))
    if "managers" in script.by_id:
        townsfolk = tuple(i for i, (c, traveller) in enumerate(rows)
                          if not traveller and c is not None and c in script.by_id
                          and script.team_of(c) is Team.TOWNSFOLK)
        needed = _evil_needed(script, rows, option_b)
        out.append(SetupPick("evil_townsfolk", "Evil Townsfolk (Managers option B)", "E",
                             "Which Townsfolk is evil (Managers option B)?", seats=townsfolk,
                             missing="Managers option B: choose which Townsfolk is evil"
                             if needed and chosen.get("evil_townsfolk") is None else "",
                             mark="◆ evil" if needed else ""))
    if any(a in script.by_id for a in ARTIFACTS):
        options = tuple((", ".join(script.character(a).name for a in _on_script(script, choice)), i)
                        for i, choice in enumerate(LORIC_CHOICES))
        out.append(SetupPick("loric", "Loric available", "l", "Which artifacts (Loric) are available", options=options))
    return out


def setup(script: Script, rows: Rows, option_b: bool, chosen: Mapping[str, Any]) -> PhantomSetup:
    evil = chosen.get("evil_townsfolk") if _evil_needed(script, rows, option_b) else None
    return PhantomSetup(artifacts=_on_script(script, LORIC_CHOICES[chosen.get("loric") or 0]),
                        mirror_target=chosen.get("mirror_target"), evil_townsfolk=evil)


def deal(script: Script, rows: Rows, evil: int, chosen: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    out = dict(chosen)
    players = [i for i, (_c, traveller) in enumerate(rows) if not traveller]
    townsfolk = [i for i in players if script.team_of(rows[i][0] or "") is Team.TOWNSFOLK]
    out["evil_townsfolk"] = rng.choice(townsfolk) if evil and townsfolk else None
    out["mirror_target"] = None
    if any(rows[i][0] == "mirror_keeper" for i in players):
        good = [i for i in players if script.team_of(rows[i][0] or "").is_good and i != out["evil_townsfolk"]]
        out["mirror_target"] = rng.choice(good)
    return out
