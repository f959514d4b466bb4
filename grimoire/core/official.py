"""The official release data (roles, night sheet, jinxes), checked and read into values.

Grimoire ships none of it: ``grimoire data update`` fetches it from The Pandemonium
Institute's release repository and ``grimoire.store.official_data`` keeps it in the data
folder. Errors name the file, the place and the problem.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from grimoire.core import official_checks as checks
from grimoire.core.limits import FileRefused, read_text
from grimoire.core.script import (
    SPECIAL_STEPS,
    Character,
    Jinx,
    ScriptError,
    Team,
    character_from,
    normal_id,
    parse_json,
)
from grimoire.core.value import frozen

ROLES, NIGHTSHEET, JINXES = "roles.json", "nightsheet.json", "jinxes.json"
FILES = (ROLES, NIGHTSHEET, JINXES)
POLICY_URL = "https://bloodontheclocktower.com/pages/community-created-content-policy"
ATTRIBUTION = (
    "Blood on the Clocktower is a product of The Pandemonium Institute. Official character "
    "texts are The Pandemonium Institute's, from its botc-release repository, used under its "
    f"Community Created Content Policy ({POLICY_URL}). Grimoire is not affiliated with it."
)
SHORT_ATTRIBUTION = "Official text: The Pandemonium Institute (Community Created Content Policy)"
UPDATE_HINT = "`grimoire data update` brings it in (or `grimoire data import PATH` from a local copy)"


class OfficialDataError(ValueError):
    """Official data that cannot be used; the message names the file, the place and the problem."""


@frozen
class OfficialData:
    roles: Mapping[str, Character] = attrs.field(eq=False)
    first_night: tuple[str, ...]
    other_night: tuple[str, ...]
    jinxes: tuple[Jinx, ...]
    fetched: str = ""  # when it was fetched or imported (ISO 8601)
    source: str = ""  # the address or folder it came from
    skipped: int = 0  # roles of a kind this Grimoire does not know yet (a new team)
    # The release's editions (an id, "tb"): the roles of each, in the roles file's order.
    editions: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict, eq=False)
    by_normal: Mapping[str, str] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "by_normal", {normal_id(i): i for i in self.roles})

    def role(self, char_id: str) -> Character | None:
        found = self.by_normal.get(normal_id(char_id))
        return None if found is None else self.roles[found]

    def counts(self) -> dict[str, int]:
        teams = {t.value: sum(1 for c in self.roles.values() if c.team is t) for t in Team}
        return {"roles": len(self.roles), **teams, "jinxes": len(self.jinxes)}


def parse_official(texts: Mapping[str, str], fetched: str = "", source: str = "") -> OfficialData:
    """The three files' texts, checked for their shape and for their content (a release's
    size, see ``official_checks``); OfficialDataError names what is wrong and where."""
    for name in FILES:
        if name in texts:
            _fail(checks.too_large(name, len(texts[name].encode("utf-8", "surrogatepass"))))
    roles_raw = _json(texts, ROLES, list)
    sheet = _json(texts, NIGHTSHEET, dict)
    jinxes_raw = _json(texts, JINXES, list)
    first = _order(sheet, "firstNight")
    other = _order(sheet, "otherNight")
    _fail(checks.too_many_roles(ROLES, len(roles_raw)))  # before each is read: a runaway file is refused at once
    roles: dict[str, Character] = {}
    known: set[str] = set()  # every id of the roles file, a kind left out too: the sheet may name it
    teams = {t.value for t in Team}
    first_at, other_at = _places(first), _places(other)
    skipped = 0
    editions: dict[str, list[str]] = {}
    for i, entry in enumerate(roles_raw, start=1):
        where = f"{ROLES}: entry {i}"
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not entry["id"]:
            raise OfficialDataError(f"{where}: must be an object with an 'id'")
        char_id = entry["id"]
        where = f"{where} ({char_id!r})"
        if char_id in known or char_id in SPECIAL_STEPS:
            raise OfficialDataError(f"{where}: the id {char_id!r} is used twice or is a night step")
        known.add(char_id)
        if not isinstance(entry.get("team"), str):
            raise OfficialDataError(f"{where}: field 'team' must be a string (a team's name)")
        if entry["team"] not in teams:
            skipped += 1  # a kind of character newer than this Grimoire: left out, counted
            continue
        # The night sheet decides the order; a role's numbers are its places on that sheet.
        numbered = {**entry, "firstNight": first_at.get(char_id, 0), "otherNight": other_at.get(char_id, 0)}
        try:
            roles[char_id] = character_from(numbered, char_id, where, official=True)
        except ScriptError as exc:
            raise OfficialDataError(str(exc)) from None
        edition = entry.get("edition")
        if isinstance(edition, str) and edition:
            editions.setdefault(edition, []).append(char_id)
    jinxes = _jinxes(jinxes_raw)
    _fail(checks.roles_problem(ROLES, (c.team.value for c in roles.values())))
    _fail(checks.sheet_problem(NIGHTSHEET, "firstNight", first, known))
    _fail(checks.sheet_problem(NIGHTSHEET, "otherNight", other, known))
    _fail(checks.jinxes_problem(JINXES, jinxes_raw, known))
    return OfficialData(roles, first, other, jinxes, fetched, source, skipped,
                        {edition: tuple(ids) for edition, ids in editions.items()})


def _fail(problem: str | None) -> None:
    if problem is not None:
        raise OfficialDataError(problem)


def _json(texts: Mapping[str, str], name: str, kind: type) -> Any:
    if name not in texts:
        raise OfficialDataError(f"{name}: missing")
    try:  # as a script is read: nested too deep is named, a number too long is kept as written
        data = parse_json(texts[name], name)
    except ScriptError as exc:
        raise OfficialDataError(str(exc)) from None
    if not isinstance(data, kind):
        want = "an array" if kind is list else "an object"
        raise OfficialDataError(f"{name}: must be {want}")
    return data


def _order(sheet: Mapping[str, Any], key: str) -> tuple[str, ...]:
    order = sheet.get(key)
    if not isinstance(order, list):
        raise OfficialDataError(f"{NIGHTSHEET}: {key!r} must be an array of ids")
    for i, step in enumerate(order, start=1):
        if not isinstance(step, str):
            raise OfficialDataError(f"{NIGHTSHEET}: {key} entry {i} must be an id (a string)")
    return tuple(order)


def _places(order: tuple[str, ...]) -> dict[str, int]:
    """Each id's place on a night's sheet (its first, should it be there twice: the checks refuse that)."""
    places: dict[str, int] = {}
    for n, step in enumerate(order, start=1):
        places.setdefault(step, n)
    return places


def _jinxes(raw: list[Any]) -> tuple[Jinx, ...]:
    out = []
    for i, entry in enumerate(raw, start=1):
        where = f"{JINXES}: entry {i}"
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise OfficialDataError(f"{where}: must be an object with an 'id'")
        pairs = entry.get("jinx")
        if not isinstance(pairs, list):
            raise OfficialDataError(f"{where} ({entry['id']!r}): 'jinx' must be an array")
        for j, pair in enumerate(pairs, start=1):
            w = f"{where} ({entry['id']!r}): jinx {j}"
            if not isinstance(pair, dict) or not isinstance(pair.get("id"), str) or not isinstance(pair.get("reason"), str):
                raise OfficialDataError(f"{w}: must be an object with an 'id' and a 'reason'")
            out.append(Jinx(entry["id"], pair["id"], pair["reason"]))
    return tuple(out)


# --- the data in use --------------------------------------------------------------------------
_LOADED: dict[str, tuple[tuple[int, int, int], OfficialData]] = {}


# How to mend kept data that cannot be used: fetch it again, or bring back the backup.
FETCH_AGAIN = "`grimoire data update` fetches it again"
RESTORE_OR_FETCH = ("`grimoire data restore` brings back the data kept before the last import or update, or "
                    f"{FETCH_AGAIN}")


def current() -> OfficialData | None:
    """The official data kept in the data folder, or None when there is none; read again only
    when the file changes (``grimoire data update`` in another window). Data that cannot be
    used is refused naming the file, what is wrong and how to mend it."""
    from grimoire.core.paths import official_backup_path, official_data_path  # no store logic here

    path = official_data_path()
    try:
        return read_official(path)
    except OfficialDataError:
        if not official_backup_path().is_file():
            raise
    return read_official(path, mend=RESTORE_OR_FETCH)


def in_play() -> OfficialData | None:
    """The official data for a game in play: the kept data; once the file is damaged, the data
    last read good from it by this process (a game in play keeps its Travellers and Fabled as it
    keeps its script); never read good here, the file's problem (OfficialDataError)."""
    from grimoire.core.paths import official_data_path

    try:
        return current()
    except OfficialDataError:
        kept = _LOADED.get(str(official_data_path()))
        if kept is None:
            raise
        return kept[1]


def read_official(path: Path, mend: str = FETCH_AGAIN) -> OfficialData | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise OfficialDataError(f"{path}: cannot be read ({exc.strerror})") from None
    stamp = (st.st_mtime_ns, st.st_size, st.st_ino)  # the inode too: each atomic write makes a new one
    cached = _LOADED.get(str(path))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        held = json.loads(read_text(path))
        texts = {name: held["files"][name] for name in FILES}
        if not all(isinstance(text, str) for text in texts.values()):
            raise TypeError("a file's text is no string")
        data = parse_official(texts, str(held.get("fetched", "")), str(held.get("source", "")))
    except FileRefused as exc:
        raise OfficialDataError(f"{exc}; {mend}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError):
        raise OfficialDataError(f"{path}: damaged (not the data Grimoire keeps); {mend}") from None
    except OfficialDataError as exc:
        raise OfficialDataError(f"{path}: {exc}; {mend}") from None
    _LOADED[str(path)] = (stamp, data)
    return data


def stamp(data: OfficialData | None) -> str:
    return "" if data is None else f"{data.fetched}|{data.source}|{len(data.roles)}|{len(data.jinxes)}"
