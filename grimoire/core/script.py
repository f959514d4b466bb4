"""Scripts in the community JSON format, loaded into an immutable Script.

Any homebrew script in this format loads; errors name the file, the entry and the problem.
"""

from __future__ import annotations

import enum
import json
import math
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from grimoire.core import limits
from grimoire.core.freetext import BREAKS, PROSE_LIMIT, TITLE_LIMIT, TOKEN_NAME_LIMIT, length_problem, unsafe_problem
from grimoire.core.limits import unreadable
from grimoire.core.value import frozen

SPECIAL_STEPS = ("dusk", "minioninfo", "demoninfo", "dawn")

# Standard reminders for the special night entries, used when a script gives none of its own.
_STANDARD_SPECIAL_REMINDERS = {
    "dusk": "Check that all eyes are closed. Some Travellers act.",
    "minioninfo": "If there are 7 or more players, wake all Minions: show the THIS IS THE DEMON "
    "token and point to the Demon. Show the THESE ARE YOUR MINIONS token and point to the other "
    "Minions.",
    "demoninfo": "If there are 7 or more players, wake the Demon: show the THESE ARE YOUR MINIONS "
    "token and point to all Minions. Show the THESE CHARACTERS ARE NOT IN PLAY token and 3 "
    "not-in-play good character tokens.",
    "dawn": "Wait a few seconds. Call for eyes open.",
}


class Team(enum.Enum):
    TOWNSFOLK = "townsfolk"
    OUTSIDER = "outsider"
    MINION = "minion"
    DEMON = "demon"
    TRAVELLER = "traveller"
    FABLED = "fabled"
    LORIC = "loric"

    @property
    def is_good(self) -> bool:
        return self in (Team.TOWNSFOLK, Team.OUTSIDER)

    @property
    def is_evil(self) -> bool:
        return self in (Team.MINION, Team.DEMON)

    @property
    def label(self) -> str:
        return self.value.capitalize()


class ScriptError(ValueError):
    """A script that cannot be used; the message names the file, the entry and the problem."""


@frozen
class Special:
    """One of a character's app integrations (the script format's ``special``), as written:
    ``bag-duplicate`` lets several players hold the character, ``bag-disabled`` keeps it out
    of the bag. Names this Grimoire does not use are kept, and ignored."""

    type: str
    name: str
    value: str = ""
    time: str = ""
    scope: str = ""  # the format's "global": which characters may use it without it in play


@frozen
class Character:
    id: str
    name: str
    team: Team
    ability: str
    first_night: int = 0
    other_night: int = 0
    first_night_reminder: str = ""
    other_night_reminder: str = ""
    reminders: tuple[str, ...] = ()
    reminders_global: tuple[str, ...] = ()
    setup: bool = False
    edition: str = ""
    official: bool = False  # from the official release data (its texts carry the attribution)
    special: tuple[Special, ...] = ()

    def has_special(self, name: str) -> bool:
        return any(s.name == name for s in self.special)

    @property
    def tokens(self) -> tuple[str, ...]:
        """Its reminder tokens, each name once (what its texts' ``:reminder:`` may place)."""
        return tuple(dict.fromkeys(self.reminders + self.reminders_global))

    @property
    def duplicates(self) -> bool:
        """Several players may hold this character (Legion, the Village Idiot)."""
        return self.has_special("bag-duplicate")


def held_by_no_seat(character: Character) -> bool:
    """A Demon kept out of the bag (the ``bag-disabled`` special: Lil' Monsta) is in play with
    no seat of its own: a Minion babysits its token. Its seat goes to the Townsfolk, and its
    bracket (``[+1 Minion]``) then applies as any other's (``grimoire.core.setup``)."""
    return character.team is Team.DEMON and character.has_special("bag-disabled")


@frozen
class Jinx:
    """Two characters whose abilities work differently together, and how."""

    first: str
    second: str
    reason: str
    official: bool = True  # from the official jinxes; False: the script's own

    @property
    def pair(self) -> frozenset[str]:
        return frozenset((self.first, self.second))


def normal_id(char_id: str) -> str:
    """An id as the official data spells it: "Fortune_Teller" and "fortune teller" are "fortuneteller"."""
    return re.sub(r"[^a-z0-9]", "", char_id.lower())


@frozen
class Script:
    id: str
    name: str
    author: str
    characters: tuple[Character, ...]
    first_night: tuple[str, ...]  # character ids and special entries, in order
    other_night: tuple[str, ...]
    special_reminders: Mapping[str, Mapping[str, str]] = attrs.field(factory=dict, eq=False)
    bootlegger: tuple[str, ...] = ()
    source: str = ""
    # The file's own text and where it was read (absolute): what a save records, so that the
    # game opens anywhere, even once the file has moved or changed. Empty for a built-in.
    text: str = attrs.field(default="", eq=False, repr=False)
    path: str = ""
    jinxes: tuple[Jinx, ...] = ()
    official_stamp: str = ""  # which official data resolved its ids ("": it needed none)
    # The characters who wake that its own night orders leave out ({"firstNight": (...)}): placed
    # by the official sheet, and told the storyteller (``order_notes``).
    unlisted: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict, eq=False)
    by_id: Mapping[str, Character] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "by_id", {c.id: c for c in self.characters})

    def character(self, char_id: str) -> Character:
        try:
            return self.by_id[char_id]
        except KeyError:
            raise KeyError(f"{char_id!r} is not a character on {self.name}") from None

    def team_of(self, char_id: str) -> Team:
        return self.character(char_id).team

    def of_team(self, team: Team) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.team is team)

    @property
    def global_reminders(self) -> tuple[str, ...]:
        return tuple(r for c in self.characters for r in c.reminders_global)

    @property
    def uses_official(self) -> bool:
        return any(c.official for c in self.characters)

    def jinxes_among(self, char_ids: Iterable[str]) -> tuple[Jinx, ...]:
        """The jinxes between these characters (those in play, say)."""
        ids = set(char_ids)
        return tuple(j for j in self.jinxes if j.first in ids and j.second in ids)

    def order_notes(self) -> list[str]:
        """What the storyteller should know of the script's own night orders: who they leave out."""
        out = []
        for key, night in (("firstNight", "first night"), ("otherNight", "other nights")):
            for char_id in self.unlisted.get(key, ()):
                out.append(f"The script's {night} order leaves out the {self.character(char_id).name}, "
                           "who wakes then: placed by the official night sheet")
        return out

    def unlisted_tonight(self, step: str, first: bool) -> bool:
        return step in self.unlisted.get("firstNight" if first else "otherNight", ())

    def night_order(self, first: bool) -> tuple[str, ...]:
        return self.first_night if first else self.other_night

    def tokens_of(self, step: str) -> tuple[str, ...]:
        """The reminder tokens of a night entry's character (none for a special entry)."""
        char = self.by_id.get(step)
        return char.tokens if char is not None else ()

    def reminder(self, step: str, first: bool) -> str:
        """The storyteller's reminder text for a night entry (character or special)."""
        if step in SPECIAL_STEPS:
            table = self.special_reminders.get("firstNight" if first else "otherNight", {})
            return table.get(step, _STANDARD_SPECIAL_REMINDERS[step])
        char = self.character(step)
        return char.first_night_reminder if first else char.other_night_reminder


def may_repeat(script: Script, char_id: str) -> bool:
    """Several players may hold this character: its entry (or the official data) carries the
    ``bag-duplicate`` special (Legion, the Village Idiot)."""
    return char_id in script.by_id and script.by_id[char_id].duplicates


MAIN = "phantom"  # the built-in script: the game played when none is named
BUILTIN = {MAIN: "phantom.json"}
# The official editions, played by name once the official data is in (their characters are
# the data's, never the project's): an edition's id, and its name.
EDITIONS = {"tb": "Trouble Brewing", "bmr": "Bad Moon Rising", "snv": "Sects & Violets"}
PLAYERS_AND_TRAVELLERS = ("townsfolk", "outsider", "minion", "demon", "traveller")


def scripts_dir() -> Path:
    """Where the built-in scripts are: inside an installed wheel (``grimoire.scripts``, mapped
    from the top-level ``scripts/``), or the top-level folder of a source checkout."""
    package = Path(__file__).resolve().parents[1]
    checkout = package.parent / "scripts"
    if (checkout / BUILTIN[MAIN]).is_file():
        return checkout
    return package / "scripts"


def builtin_path(script_id: str) -> Path:
    if script_id not in BUILTIN:
        known, editions = ", ".join(sorted(BUILTIN)), ", ".join(EDITIONS)
        raise ScriptError(f"no built-in script {script_id!r} (built-in: {known}; with the official data: {editions})")
    return scripts_dir() / BUILTIN[script_id]


_CACHE: dict[str, Script] = {}
CONTENT_PREFIX = "sha256:"


def is_builtin(ref: str | Path) -> bool:
    # A bare word that is no file is meant as a built-in id: say so rather than "no such file".
    # A content key (``sha256:…``, a script a save holds) is no id, though it looks like one.
    looks_like_id = (isinstance(ref, str) and not Path(ref).suffix and "/" not in ref
                     and not ref.startswith(CONTENT_PREFIX))
    return isinstance(ref, str) and (ref in BUILTIN or ref in EDITIONS or looks_like_id and not Path(ref).exists())


def edition_script(edition: str) -> Script:
    """An official edition (``tb``) as a script: its characters from the official data."""
    from grimoire.core.official import UPDATE_HINT, OfficialDataError, current  # read only when asked for

    name = EDITIONS[edition]
    try:
        data = current()
    except OfficialDataError as exc:  # refused as a script naming official ids is (parse_script)
        raise ScriptError(f"{name} ({edition!r}): the official data: {exc}") from None
    ids = data.editions.get(edition, ()) if data is not None else ()
    ids = tuple(i for i in ids if data is not None and data.roles[i].team.value in PLAYERS_AND_TRAVELLERS)
    if not ids:
        missing = "no official data is here" if data is None else "the official data has none of its characters"
        raise ScriptError(f"{name} ({edition!r}): {missing}; {UPDATE_HINT}")
    return parse_script([{"id": "_meta", "name": name, "author": "The Pandemonium Institute"}, *ids],
                        source=f"the official data ({name})", script_id=edition)


def load_script(ref: str | Path) -> Script:
    """Load a script by built-in id (``phantom``), by path, or by the content key a saved game
    gave it (``sha256:…``, see ``script_from_text``)."""
    key = str(ref)
    cached = _CACHE.get(key)
    if cached is not None and (not cached.official_stamp or _still_current(cached)):
        return cached
    if cached is not None and key.startswith(CONTENT_PREFIX):
        # The official data changed since (``grimoire data update``): its ids are looked up again.
        del _CACHE[key]
        return load_script(script_from_text(cached.text, cached.path, cached.source))
    if key.startswith(CONTENT_PREFIX):
        raise ScriptError(f"{key}: a script known only by its content, from a saved game not open now")
    if key in EDITIONS:
        script = edition_script(key)
    elif is_builtin(ref):
        path = builtin_path(str(ref))
        script = parse_script(read_json(path), source=str(path), script_id=str(ref))
    else:
        path = Path(ref)
        text = read_text(path)
        script = parse_script(parse_json(text, path), source=str(path), script_id=path.stem)
        script = attrs.evolve(script, text=text, path=str(path.resolve()))
    _CACHE[key] = script
    return script


def content_key(text: str) -> str:
    import hashlib  # only a script from a file needs it: the built-in one is known by its id

    return CONTENT_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()


def script_from_text(text: str, path: str, where: str) -> str:
    """A script as a saved game holds it (its file's text, and where that file was): loaded
    once, and known from then on by its content key, which this returns."""
    key = content_key(text)
    if key not in _CACHE:
        script = parse_script(parse_json(text, where), source=where, script_id=Path(path).stem)
        _CACHE[key] = attrs.evolve(script, text=text, path=path)
    return key


def read_json(path: Path) -> Any:
    return parse_json(read_text(path), path)


def read_text(path: Path) -> str:
    try:
        # A byte-order mark at the start (Windows editors write one; JSON readers refuse it)
        # is not the script's.
        return limits.read_text(path).removeprefix("\ufeff")
    except limits.FileRefused as exc:
        raise ScriptError(str(exc)) from None
    except FileNotFoundError:
        raise ScriptError(f"{path}: no such file") from None
    except OSError as exc:
        raise ScriptError(f"{path}: cannot be read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ScriptError(f"{path}: not UTF-8 text") from None


class _TwiceError(ValueError):
    """A key given twice in one object (the last would win without a word)."""


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            owner = dict(pairs).get("id")
            of = f" (the entry {owner!r})" if isinstance(owner, str) else ""
            raise _TwiceError(f"the key {key!r} is given twice in one object{of}")
        seen[key] = value
    return seen


def parse_json(text: str, path: Path | str) -> Any:
    try:
        return json.loads(text, parse_constant=Unusable, parse_float=_float, parse_int=_int, object_pairs_hook=_once_each)
    except _TwiceError as exc:
        raise ScriptError(f"{path}: {exc}: which one is meant cannot be told") from None
    except json.JSONDecodeError as exc:
        raise ScriptError(f"{path}: not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError as exc:
        raise ScriptError(f"{path}: not usable JSON: {unreadable(text, False, exc)}") from None


@frozen
class Unusable:
    """A number as written in the file that no field can take: NaN, Infinity, 1e999, or an
    integer too long to convert. Kept as written, so that the field's check names it."""

    text: str

    def __str__(self) -> str:
        digits = self.text.lstrip("-")
        if digits.isdigit():
            return f"a {len(digits)}-digit number"
        return self.text if digits in ("NaN", "Infinity") else f"{self.text} (too large)"


def _float(text: str) -> float | Unusable:
    value = float(text)
    return value if math.isfinite(value) else Unusable(text)


def _int(text: str) -> int | Unusable:
    try:
        return int(text)
    except ValueError:  # longer than Python converts (sys.get_int_max_str_digits)
        return Unusable(text)


def _str(entry: Mapping[str, Any], key: str, where: str, required: bool = True, prose: bool = False,
         limit: int | None = None) -> str:
    """A text field. A name or id may have no control character at all; ``prose`` (an ability,
    a reminder's instructions) may run over lines, which are read as spaces. ``limit``: at
    most so many characters (a title, a name)."""
    if key not in entry:
        if required:
            raise ScriptError(f"{where}: missing field {key!r}")
        return ""
    value = entry[key]
    if not isinstance(value, str):
        raise ScriptError(f"{where}: field {key!r} must be a string, not {_json_kind(value)}")
    value = _text(value, f"{where}: field {key!r}")
    limit = PROSE_LIMIT if limit is None and prose else limit
    too_long = None if limit is None else length_problem(value, limit)
    if too_long:
        raise ScriptError(f"{where}: field {key!r} {too_long}")
    return _words(_prose(value) if prose else value, f"{where}: field {key!r}")


def _text(value: str, where: str) -> str:
    """A string that can be printed: JSON's escapes can make a lone surrogate (\\ud800)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ScriptError(f"{where} is not valid text (a lone surrogate)") from None
    return value


def _prose(text: str) -> str:
    return "".join(" " if ch in BREAKS else ch for ch in text.replace("\r\n", "\n"))


def _words(text: str, where: str) -> str:
    problem = unsafe_problem(text)
    if problem is not None:
        raise ScriptError(f"{where} {problem}")
    return text


def _num(entry: Mapping[str, Any], key: str, where: str) -> int:
    value = entry.get(key, 0)
    if isinstance(value, Unusable):
        raise ScriptError(f"{where}: field {key!r} must be a number, not {value}")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ScriptError(f"{where}: field {key!r} must be a number, not {_json_kind(value)}")
    return int(value)


def _strings(entry: Mapping[str, Any], key: str, where: str, prose: bool = False) -> tuple[str, ...]:
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScriptError(f"{where}: field {key!r} must be an array of strings")
    texts = []
    for i, v in enumerate(value, start=1):
        w = f"{where}: field {key!r} entry {i}"
        v = _text(v, w)
        too_long = length_problem(v, PROSE_LIMIT if prose else TOKEN_NAME_LIMIT)
        if too_long:
            raise ScriptError(f"{w} {too_long}")
        texts.append(_words(_prose(v) if prose else v, w))
    return tuple(texts)


def _json_kind(value: Any) -> str:
    kinds = {dict: "an object", list: "an array", str: "a string", bool: "true or false", type(None): "null"}
    return kinds.get(type(value), "a number")


def character_from(entry: Mapping[str, Any], char_id: str, where: str, official: bool = False) -> Character:
    """A character written out in full (a homebrew entry, or a role of the official data)."""
    name = _str(entry, "name", where, limit=TITLE_LIMIT)
    team_name = _str(entry, "team", where)
    try:
        team = Team(team_name)
    except ValueError:
        teams = ", ".join(t.value for t in Team)
        raise ScriptError(f"{where}: unknown team {team_name!r} (one of {teams})") from None
    setup = entry.get("setup", False)
    if not isinstance(setup, bool):
        raise ScriptError(f"{where}: field 'setup' must be true or false")
    return Character(
        id=char_id,
        name=name,
        team=team,
        ability=_str(entry, "ability", where, prose=True),
        first_night=_num(entry, "firstNight", where),
        other_night=_num(entry, "otherNight", where),
        first_night_reminder=_str(entry, "firstNightReminder", where, required=False, prose=True),
        other_night_reminder=_str(entry, "otherNightReminder", where, required=False, prose=True),
        reminders=_strings(entry, "reminders", where),
        reminders_global=_strings(entry, "remindersGlobal", where),
        setup=setup,
        edition=_str(entry, "edition", where, required=False),
        official=official,
        special=_specials(entry, where),
    )


def _specials(entry: Mapping[str, Any], where: str) -> tuple[Special, ...]:
    raw = entry.get("special", [])
    if not isinstance(raw, list):
        raise ScriptError(f"{where}: field 'special' must be an array")
    out = []
    for i, item in enumerate(raw, start=1):
        w = f"{where}: special {i}"
        if not isinstance(item, dict):
            raise ScriptError(f"{w} must be an object with 'type' and 'name'")
        value = item.get("value", "")
        if isinstance(value, Unusable) or isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise ScriptError(f"{w}: field 'value' must be a string or a number")
        out.append(Special(_str(item, "type", w), _str(item, "name", w), str(value),
                           _str(item, "time", w, required=False), _str(item, "global", w, required=False)))
    return tuple(out)


def parse_script(data: Any, source: str = "<script>", script_id: str = "", official: Any = None) -> Script:
    """A script from its JSON. Characters given by id alone (a string, or ``{"id": …}``)
    resolve against ``official`` (an OfficialData), by default the official data kept by
    ``grimoire data``; characters written out in full are the script's own."""
    if not isinstance(data, list):
        raise ScriptError(
            f"{source}: not an array: a script is a JSON array of entries, "
            f"this is {_json_kind(data)}"
        )
    meta: Mapping[str, Any] = {}
    slots: list[Character | tuple[int, str]] = []  # a character, or (entry, id) to look up
    own_jinxes: list[Jinx] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(data):
        where = f"{source}: entry {index + 1}"
        if isinstance(entry, str):
            char_id = _words(_text(entry, where), where)
            entry = {"id": char_id}
        elif not isinstance(entry, dict):
            raise ScriptError(f"{where}: must be an object, not {type(entry).__name__}")
        if entry.get("id") == "_meta":
            meta = entry
            continue
        char_id = _str(entry, "id", where)
        where = f"{source}: entry {index + 1} ({char_id!r})"
        if char_id in SPECIAL_STEPS:
            raise ScriptError(f"{where}: {char_id!r} is reserved for the night order")
        if normal_id(char_id) in seen:
            raise ScriptError(f"{where}: duplicate id {char_id!r} (also entry {seen[normal_id(char_id)]})")
        seen[normal_id(char_id)] = index + 1
        own_jinxes += _own_jinxes(entry, char_id, where)
        # No name, team nor ability: an official character, named by its id.
        if not {"name", "team", "ability"} & set(entry):
            slots.append((index + 1, char_id))
        else:
            slots.append(character_from(entry, char_id, where))
    if not slots:
        raise ScriptError(f"{source}: the script has no characters")
    wanted = [slot for slot in slots if isinstance(slot, tuple)]
    if wanted and official is None:
        from grimoire.core.official import OfficialDataError, current  # kept by `grimoire data`

        try:
            official = current()
        except OfficialDataError as exc:
            raise ScriptError(f"{source}: the official data: {exc}") from None
    characters = _resolve(slots, official, source)
    ids = {c.id for c in characters}
    first = _night_order(meta, "firstNight", characters, ids, source, official)
    other = _night_order(meta, "otherNight", characters, ids, source, official)
    unlisted = {key: tuple(step for step in order if step not in SPECIAL_STEPS and step not in _written(meta, key, ids))
                for key, order in (("firstNight", first), ("otherNight", other)) if key in meta}
    special = _special_reminders(meta.get("specialReminders", {}), f"{source}: _meta")
    return Script(
        id=script_id or _str(meta, "name", f"{source}: _meta", required=False),
        name=_str(meta, "name", f"{source}: _meta", required=False, limit=TITLE_LIMIT) or script_id,
        author=_str(meta, "author", f"{source}: _meta", required=False),
        characters=characters,
        first_night=first,
        other_night=other,
        special_reminders=special,
        bootlegger=_strings(meta, "bootlegger", f"{source}: _meta", prose=True),
        source=source,
        jinxes=_jinxes_on(characters, own_jinxes, official),
        official_stamp=_stamp(official) if wanted else "",
        unlisted={k: v for k, v in unlisted.items() if v},
    )


def _written(meta: Mapping[str, Any], key: str, ids: set[str]) -> set[str]:
    """The character ids a ``_meta`` night order names, spelt as the script's ids."""
    canon = {normal_id(i): i for i in ids}
    return {canon.get(normal_id(step), step) for step in meta.get(key, []) if isinstance(step, str)}


def _stamp(official: Any) -> str:
    from grimoire.core.official import stamp

    return stamp(official)


def _still_current(script: Script) -> bool:
    """The official data that resolved the script's ids is still the data kept (a game in
    play keeps its script when the kept data has since been damaged or removed)."""
    from grimoire.core.official import OfficialDataError, current

    try:
        now = current()
    except OfficialDataError:
        return True
    return now is None or _stamp(now) == script.official_stamp


def _resolve(slots: list[Character | tuple[int, str]], official: Any, source: str) -> tuple[Character, ...]:
    """The characters in the script's order, the official ones looked up; every id missing
    from the data is named at once, with the command that brings the data in."""
    out: list[Character] = []
    missing: list[str] = []
    for slot in slots:
        if isinstance(slot, Character):
            out.append(slot)
            continue
        number, char_id = slot
        role = None if official is None else official.role(char_id)
        if role is None:
            missing.append(f"{char_id} (entry {number})")
        else:
            out.append(role)
    if missing and official is None:
        from grimoire.core.official import UPDATE_HINT  # a script of the grimoire's own needs no data

        raise ScriptError(
            f"{source}: these characters are official ones, named by id, and the official data "
            f"is not loaded: {', '.join(missing)}. {UPDATE_HINT}."
        )
    if missing:
        when = f" (fetched {official.fetched})" if official.fetched else ""
        raise ScriptError(
            f"{source}: not in the official data{when}: {', '.join(missing)}. "
            "`grimoire data update` brings in the newest; a homebrew character needs its full "
            "definition (id, name, team, ability)."
        )
    ids = [c.id for c in out]
    for c in out:
        if ids.count(c.id) > 1:
            raise ScriptError(f"{source}: {c.id!r} is on the script twice")
    return tuple(out)


def _own_jinxes(entry: Mapping[str, Any], char_id: str, where: str) -> list[Jinx]:
    raw = entry.get("jinxes", [])
    if not isinstance(raw, list):
        raise ScriptError(f"{where}: field 'jinxes' must be an array")
    out = []
    for i, j in enumerate(raw, start=1):
        w = f"{where}: jinx {i}"
        if not isinstance(j, dict):
            raise ScriptError(f"{w} must be an object with 'id' and 'reason'")
        out.append(Jinx(char_id, _str(j, "id", w), _str(j, "reason", w, prose=True), official=False))
    return out


def _jinxes_on(characters: tuple[Character, ...], own: list[Jinx], official: Any) -> tuple[Jinx, ...]:
    """The jinxes between characters of the script: its own first, then the official ones
    for the pairs it does not word itself."""
    canon = {normal_id(c.id): c.id for c in characters}
    out: dict[frozenset[str], Jinx] = {}
    found = [*own, *(official.jinxes if official is not None else ())]
    for j in found:
        a, b = canon.get(normal_id(j.first)), canon.get(normal_id(j.second))
        if a is not None and b is not None and a != b and frozenset((a, b)) not in out:
            out[frozenset((a, b))] = attrs.evolve(j, first=a, second=b)
    return tuple(out.values())


def _special_reminders(value: Any, where: str) -> dict[str, dict[str, str]]:
    """{"firstNight": {"dusk": "..."}, "otherNight": {...}}: the special steps' own texts."""
    if not isinstance(value, dict):
        raise ScriptError(f"{where}: field 'specialReminders' must be an object")
    out = {}
    for night, texts in value.items():
        w = f"{where}: specialReminders.{night}"
        if night not in ("firstNight", "otherNight"):
            raise ScriptError(f"{w}: unknown night (firstNight or otherNight)")
        if not isinstance(texts, dict):
            raise ScriptError(f"{w} must be an object, not {_json_kind(texts)}")
        for step, text in texts.items():
            if step not in SPECIAL_STEPS:
                raise ScriptError(f"{w}: {step!r} is no special step ({', '.join(SPECIAL_STEPS)})")
            if not isinstance(text, str):
                raise ScriptError(f"{w}.{step} must be a string, not {_json_kind(text)}")
            _text(text, f"{w}.{step}")
        out[night] = dict(texts)
    return out


def _night_order(
    meta: Mapping[str, Any], key: str, characters: tuple[Character, ...], ids: set[str], source: str,
    official: Any = None,
) -> tuple[str, ...]:
    where = f"{source}: _meta"
    if key in meta:
        # An official character may be spelt as scripts spell it ("fortune_teller").
        canon = {normal_id(c.id): c.id for c in characters if c.official}
        written = _strings(meta, key, where)
        order = tuple(canon.get(normal_id(step), step) if step not in ids else step for step in written)
        # Only the first night has Minion and Demon info (schema: otherNight has dusk and dawn).
        specials = SPECIAL_STEPS if key == "firstNight" else ("dusk", "dawn")
        for position, step in enumerate(order, start=1):
            if step in SPECIAL_STEPS and step not in specials:
                raise ScriptError(
                    f"{where}: {key} entry {position} is {step!r}, which belongs to the first "
                    "night only"
                )
            if step not in ids and step not in specials:
                raise ScriptError(
                    f"{where}: {key} entry {position} names {step!r}, "
                    "which is no character on the script"
                )
            if step in order[: position - 1]:
                raise ScriptError(f"{where}: {key} entry {position} names {step!r} a second time")
        if "dawn" in order and order[-1] != "dawn":
            raise ScriptError(f"{where}: {key} has {order[-1]!r} after 'dawn': dawn ends the night")
        return _placed(_framed(order), characters, key, official)
    attr = "first_night" if key == "firstNight" else "other_night"
    if official is not None and any(c.official for c in characters):
        return _official_order(official, key, characters, attr)
    # No explicit order: the characters' own priorities, framed by dusk and dawn.
    waking = sorted((c for c in characters if getattr(c, attr) > 0), key=lambda c: getattr(c, attr))
    middle = [c.id for c in waking]
    if key == "firstNight":
        return ("dusk", "minioninfo", "demoninfo", *middle, "dawn")
    return ("dusk", *middle, "dawn")


def _placed(order: tuple[str, ...], characters: tuple[Character, ...], key: str, official: Any) -> tuple[str, ...]:
    """The script's own order, with each character it leaves out who wakes that night (a number
    of its own, or a place on the official sheet) put where the official sheet puts it: after
    the last of the order's steps that comes before it there (dawn stays last). Without a
    place there, just before dawn. ``Script.unlisted`` says which, for the storyteller."""
    attr = "first_night" if key == "firstNight" else "other_night"
    sheet = () if official is None else (official.first_night if key == "firstNight" else official.other_night)
    out = list(order)
    for c in characters:
        n = getattr(c, attr)
        if c.id in out or n <= 0:
            continue
        # An official character's number is its place on the sheet; a homebrew one wakes
        # after the sheet's n-th entry.
        before = sheet[: sheet.index(c.id)] if c.id in sheet else sheet[:n] if not c.official else ()
        at = next((out.index(step) + 1 for step in reversed(before) if step in out and step != "dawn"), None)
        out.insert(at if at is not None else out.index("dawn"), c.id)
    return tuple(out)


def _framed(order: tuple[str, ...]) -> tuple[str, ...]:
    # The night is framed by dusk and dawn even where the list leaves them out: dawn is
    # what brings the day, and a night without it would never end.
    return ("dusk",) * ("dusk" not in order) + order + ("dawn",) * ("dawn" not in order)


def _official_order(official: Any, key: str, characters: tuple[Character, ...], attr: str) -> tuple[str, ...]:
    """The official night sheet for the script's characters, its own characters placed by
    their numbers: a number n wakes after the sheet's n-th entry."""
    sheet = official.first_night if key == "firstNight" else official.other_night
    specials = SPECIAL_STEPS if key == "firstNight" else ("dusk", "dawn")
    on_script = {c.id for c in characters if c.official}
    placed = [(n, 0, step) for n, step in enumerate(sheet, start=1) if step in on_script or step in specials]
    placed += [(getattr(c, attr), 1, c.id) for c in characters if not c.official and getattr(c, attr) > 0]
    order = [step for _, _, step in sorted(placed, key=lambda p: (p[0], p[1]))]
    # Who acts after dawn on the official sheet acts at dawn here, just before it: the walker's
    # night ends at dawn, and no step may be lost.
    if "dawn" in order:
        order.remove("dawn")
        order.append("dawn")
    return _framed(tuple(order))
