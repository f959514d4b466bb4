"""What a page is sent of the votes: a nomination as the town saw it, and every day so far (the
Days view). A secret vote's hands and tally never leave here: it says only that it was secret.
Pure: no Textual, no Rich, no aiohttp."""

from __future__ import annotations

from typing import Any

from grimoire.core.freetext import printable
from grimoire.core.public import PublicDay, PublicNomination, PublicView


def nomination_part(n: PublicNomination) -> dict[str, Any]:
    return {
        "by": {"n": n.nominator_number, "name": printable(n.nominator)},
        "on": {"n": n.nominee_number, "name": printable(n.nominee)},
        "votes": None if n.hidden else n.votes,
        "voters": [] if n.hidden else [{"n": number, "name": printable(name)}
                                        for number, name in zip(n.voter_numbers, n.voters)],
        "hidden": n.hidden,
    }


def day_part(day: PublicDay) -> dict[str, Any]:
    executed = None
    if day.executed:
        executed = {"n": day.executed_number, "name": printable(day.executed), "died": day.executed_died}
    return {"number": day.number, "nominations": [nomination_part(n) for n in day.nominations],
            "executed": executed}


def days_part(view: PublicView) -> list[dict[str, Any]]:
    """Every day so far, the first first: the Days view's."""
    return [day_part(d) for d in view.days]
