"""Is it the release? What official data must be before it replaces anything: files of a sane
size, a release's number of characters with every team, night sheets and jinxes that name its
characters. A well-formed file can still be no release (an empty array, a handful of roles, a
runaway download); kept, it would leave every script without its characters.

Each check gives what is wrong, naming the file and the place, or None. The bounds are far
from the release's own numbers (noted beside each), so that a new release passes them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from grimoire.core.freetext import counted
from grimoire.core.script import SPECIAL_STEPS

FILE_LIMIT = 16 * 1024 * 1024  # bytes in one file (the largest, roles.json, has some 100 KB)
FILE_LIMIT_TEXT = "16 MiB"
MIN_ROLES, MAX_ROLES = 100, 5000  # the release has some 180 characters
MIN_STEPS = 20  # on each night's sheet (the release has some 80 and 100)
MIN_JINXES = 10  # pairs (the release has some 130)
# Every release has had these; the Loric came later, so a copy from before them is a release too.
TEAMS = ("townsfolk", "outsider", "minion", "demon", "traveller", "fabled")
_NOT_RELEASE = "not the release data"


def too_large(name: str, size: int) -> str | None:
    if size <= FILE_LIMIT:
        return None
    return f"{name}: {size:,} bytes, more than the {FILE_LIMIT_TEXT} a file may have: {_NOT_RELEASE}"


def too_many_roles(name: str, entries: int) -> str | None:
    if entries <= MAX_ROLES:
        return None
    return f"{name}: {entries:,} entries, more than the {MAX_ROLES:,} characters a release may have: {_NOT_RELEASE}"


def roles_problem(name: str, teams: Iterable[str]) -> str | None:
    """``teams``: the team of each character kept (a kind this Grimoire does not know is left out)."""
    teams = list(teams)
    if len(teams) < MIN_ROLES:
        return f"{name}: {counted(len(teams), 'character')}, fewer than the {MIN_ROLES} a release has: {_NOT_RELEASE}"
    missing = [team for team in TEAMS if team not in teams]
    if missing:
        return f"{name}: no {' and no '.join(missing)} among its {counted(len(teams), 'character')}: {_NOT_RELEASE}"
    return None


def sheet_problem(name: str, key: str, order: tuple[str, ...], known: set[str]) -> str | None:
    """One night of the sheet: each id a character of the roles file (or one of the sheet's own
    entries, dusk and the like), none twice, and a release's number of steps."""
    seen: dict[str, int] = {}
    for position, step in enumerate(order, start=1):
        if step not in known and step not in SPECIAL_STEPS:
            return f"{name}: {key} entry {position} names {step!r}, which is no character in roles.json"
        if step in seen:
            return f"{name}: {key} entry {position} names {step!r} a second time (entry {seen[step]})"
        seen[step] = position
    if len(order) < MIN_STEPS:
        return f"{name}: {key} has {len(order)} steps, fewer than the {MIN_STEPS} a release has: {_NOT_RELEASE}"
    return None


def jinxes_problem(name: str, raw: list[Mapping[str, Any]], known: set[str]) -> str | None:
    """``raw``: the jinxes file, its shape already checked (objects with an 'id' and a 'jinx' array)."""
    pairs = 0
    for i, entry in enumerate(raw, start=1):
        where = f"{name}: entry {i} ({entry['id']!r})"
        if entry["id"] not in known:
            return f"{where}: {entry['id']!r} is no character in roles.json"
        for j, pair in enumerate(entry["jinx"], start=1):
            if pair["id"] not in known:
                return f"{where}: jinx {j} names {pair['id']!r}, which is no character in roles.json"
            pairs += 1
    if pairs < MIN_JINXES:
        return f"{name}: {pairs} jinxes, fewer than the {MIN_JINXES} a release has: {_NOT_RELEASE}"
    return None
