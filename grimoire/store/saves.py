"""Saved games: one TOML file (format version, script, seats, house rules, events).

Writes are atomic (temporary file, fsync, ``os.replace``) and keep the previous version as a
backup; reading a damaged, truncated or newer file raises SaveError naming the file and the
problem, and never touches it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tomli_w

from grimoire.core.events import Event, EventError, event_from_dict
from grimoire.core.freetext import NAME_LIMIT, TITLE_LIMIT, UnsafeText, refuse_unsafe
from grimoire.core.limits import MAX_SEATS, FileRefused, read_bytes, unreadable
from grimoire.core.model import Alignment
from grimoire.core.script import CONTENT_PREFIX, ScriptError, content_key, is_builtin, load_script, script_from_text
from grimoire.game import Game, IllegalAction, SeatSetup, SetupError, SetupToken, TableSetup
from grimoire.rules.contract import SetupDataError
from grimoire.rules.plugins import rules_for
from grimoire.store.event_toml import event_texts
from grimoire.store.lock import take
from grimoire.store.not_a_save import scenario_instead, script_instead
from grimoire.store.session_log import NOT_A_SAVE, looks_like_session_log

# 2: an execution's answer is ``answer`` (1: ``managers``), and [setup] and [rules] hold the
# script's rules' own keys only. Format 1 files are read as they are (their events' older
# names are the rules' ``renamed_fields``).
FORMAT = 2


class SaveError(ValueError):
    pass


class SaveRefused(SaveError):
    """A path that is no saved game's file (a device, a FIFO, a folder, a file too big): not
    read at all, so its message tells nothing of a game and may be shown to anyone."""


def seat_rows(setup: TableSetup) -> list[dict[str, Any]]:
    """Seats as plain tables (the same shape in saves and in scenario files)."""
    rows = []
    for s in setup.seats:
        row: dict[str, Any] = {"name": s.name, "character": s.character}
        if s.alignment is not None:
            row["alignment"] = s.alignment.value
        if s.traveller:
            row["traveller"] = True
        if s.thinks is not None:
            row["thinks"] = s.thinks
        rows.append(row)
    return rows


def setup_to_dict(setup: TableSetup) -> dict[str, Any]:
    own, _ = setup.rules.write_setup(setup.script_setup, lambda seat: seat)
    data: dict[str, Any] = {
        **own,
        "bluffs": list(setup.bluffs),
        "seats": seat_rows(setup),
    }
    if setup.unseated:
        data["unseated"] = list(setup.unseated)
    if setup.tokens:  # reminders the setup placed (the red herring); older saves have none
        data["tokens"] = [{"name": t.name, "owner": t.owner, "seat": t.seat} for t in setup.tokens]
    return data


def record_to_dict(setup: TableSetup, events: Sequence[Event]) -> dict[str, Any]:
    """A game's record (its setup and events) as plain data; no live Game needed."""
    _, house_rules = setup.rules.write_setup(setup.script_setup, lambda seat: seat)
    data: dict[str, Any] = {
        "format": FORMAT,
        "script": script_ref(setup.script),
        "title": setup.title,
        **({"rules": house_rules} if house_rules else {}),
        "setup": setup_to_dict(setup),
        "events": [e.to_dict() for e in events],
    }
    held = script_file(setup.script)
    if held is not None:
        data["script_file"] = held
    return data


def script_ref(ref: str) -> str:
    """How a file names the game's script: a built-in by its id, any other by its absolute path."""
    if is_builtin(ref):
        return ref
    return load_script(ref).path or ref


def script_file(ref: str) -> dict[str, str] | None:
    """A script file as a save holds it: its text, its hash and where it was; None for a
    built-in. The save opens from any folder, and still when the file has moved or changed."""
    if is_builtin(ref):
        return None
    script = load_script(ref)
    return {"path": script.path, "sha256": content_key(script.text).removeprefix(CONTENT_PREFIX), "json": script.text}


def game_to_dict(game: Game) -> dict[str, Any]:
    return record_to_dict(game.setup, game.events)


def dumps(game: Game) -> str:
    return tomli_w.dumps(game_to_dict(game))


def save_game(game: Game, path: str | Path, backup: bool = True) -> Path:
    return write_atomic(Path(path), dumps(game), backup=backup)


def save_game_unheld(game: Game, path: str | Path, backup: bool = True) -> Path:
    """``save_game`` under the file's lock: never over a game a window has open (GameInUse)."""
    return write_unheld(Path(path), dumps(game), backup=backup)


def save_record(setup: TableSetup, events: Sequence[Event], path: str | Path, backup: bool = True) -> Path:
    """Save from a snapshot of the record: safe in a worker thread while the game goes on."""
    return write_atomic(Path(path), tomli_w.dumps(record_to_dict(setup, events)), backup=backup)


class RecordWriter:
    """Saves one game's record again and again, making each event's TOML text only once.

    The text is exactly what ``save_record`` writes. The log only grows or shrinks at its end
    (play, undo, redo), so the events this save shares with the last one (the same objects,
    from the start of the log) keep their text; only the new ones are written out. An autosave
    after each step then costs a join, not 2,000 events of TOML. ``learn`` makes the texts of
    a game just opened, so that its first save is a join too. Not thread-safe: one writer per
    saver, used under its lock.
    """

    def __init__(self) -> None:
        self._setup: TableSetup | None = None
        self._literals = self._tables = ""
        self._events: list[Event] = []
        self._texts: list[tuple[str, str | None]] = []  # ([[events]] table, inline line or None)

    def learn(self, setup: TableSetup, events: Sequence[Event]) -> None:
        """Make the text of ``events`` now (as a game opens, before its first save)."""
        self._update(setup, events)

    def dumps(self, setup: TableSetup, events: Sequence[Event]) -> str:
        texts = self._update(setup, events) if events else None
        if texts is None:
            return tomli_w.dumps(record_to_dict(setup, events))
        lines = [line for _, line in texts if line is not None]
        if len(lines) == len(texts):  # every event written inline
            body = "".join(lines)
            return f"{self._literals}events = [\n{body}]\n\n{self._tables}"
        return self._literals + "\n" + self._tables + "\n" + "\n".join(t for t, _ in texts)

    def save(self, setup: TableSetup, events: Sequence[Event], path: str | Path, backup: bool = True) -> Path:
        """``save_record``, from the cached text: atomic, with the same backup."""
        return write_atomic(Path(path), self.dumps(setup, events), backup=backup)

    def _update(self, setup: TableSetup, events: Sequence[Event]) -> list[tuple[str, str | None]] | None:
        """The texts of ``events``, the new ones made now; None when tomli_w must lay out the
        whole record (an event with a sub-table)."""
        if setup is not self._setup:
            head = record_to_dict(setup, ())
            del head["events"]
            tables: dict[str, Any] = {k: head.pop(k) for k in ("rules", "setup", "script_file") if k in head}
            self._setup = setup
            self._literals, self._tables = tomli_w.dumps(head), tomli_w.dumps(tables)
        old = self._events
        n, limit = 0, min(len(old), len(events))
        while n < limit and old[n] is events[n]:
            n += 1
        texts = self._texts[:n]
        for event in events[n:]:
            made = _event_texts(event)
            if made is None:
                self._events, self._texts = [], []
                return None
            texts.append(made)
        self._events, self._texts = list(events), texts
        return texts


def _event_texts(event: Event) -> tuple[str, str | None] | None:
    """One event as an [[events]] table and as a line of the inline array (None if tomli_w
    would not write it inline); None if it holds a sub-table."""
    data = event.to_dict()
    made = event_texts(data)  # the fast way, for the flat events a game is made of
    if made is not None:
        return made
    if any(_has_table(v) for v in data.values()):
        return None
    # tomli_w writes the events as one inline array when every event fits on a line,
    # else as [[events]] tables: keep both forms of each.
    alone = tomli_w.dumps({"events": [data]})
    inline = None if alone.startswith("[[") else alone[len("events = [\n"):-len("]\n")]
    return "[[events]]\n" + tomli_w.dumps(data), inline


def _has_table(value: Any) -> bool:
    return isinstance(value, dict) or (isinstance(value, list) and any(_has_table(v) for v in value))


def write_atomic(path: Path, text: str, backup: bool = True) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        # Only a regular file is kept: a FIFO or a device in the file's place holds no game
        # (shutil refuses to copy a FIFO, and the copy of /dev/zero never ends).
        if backup and path.is_file():
            _back_up(path)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def _back_up(path: Path) -> None:
    """Copy ``path`` to its ``.bak`` through a temporary file: a copy cut short (the disk full)
    never takes the place of the last good backup."""
    bak = backup_path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{bak.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        shutil.copy2(path, tmp)
        os.replace(tmp, bak)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_unheld(path: Path, text: str, backup: bool = True) -> Path:
    """``write_atomic`` for a file written once (an export, a scenario, a game made by a
    command): under the file's lock, so never over a game a window has open (GameInUse)."""
    with take(path):
        return write_atomic(path, text, backup=backup)


def file_stamp(path: Path) -> tuple[int, int] | None:
    """What changes when a file is written again (its time and size); None if it is gone."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def load_game(path: str | Path) -> Game:
    path = Path(path)
    try:
        raw = read_bytes(path)
    except FileRefused as exc:
        raise SaveRefused(str(exc)) from None
    except FileNotFoundError:
        raise SaveError(f"{path}: no such saved game") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        # A byte-order mark at the start (as some Windows editors write one) is not the game's
        # (removed as the script's reading removes it: the utf-8-sig codec's module would load
        # at every start for it).
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: damaged: not UTF-8 text") from None
    if looks_like_session_log(text):
        raise SaveError(f"{path}: {NOT_A_SAVE}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"{path}: {script_instead(text) or f'damaged or truncated: {exc}'}") from None
    except (RecursionError, ValueError) as exc:  # too deep, or a number too long for Python
        raise SaveError(f"{path}: damaged: {unreadable(text, True, exc)}") from None
    instead = scenario_instead(data)
    if instead:
        raise SaveError(f"{path}: {instead}")
    return game_from_dict(data, str(path), folder=path.parent)


def load_for_play(path: str | Path) -> tuple[Game, RecordWriter]:
    """A saved game to play on, with the writer of its autosaves: the writer has made the text
    of the game's events already, so that the first save after opening a long game is as
    quick as the next ones (only what changed is written out)."""
    game = load_game(path)
    writer = RecordWriter()
    writer.learn(game.setup, game.events)
    return game, writer


def game_from_dict(data: dict[str, Any], where: str = "<save>", folder: Path | None = None) -> Game:
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{where}: not a Grimoire saved game (no format version)")
    if version > FORMAT:
        raise SaveError(
            f"{where}: written by a newer Grimoire (format {version}; this one reads up to {FORMAT})"
        )
    if version < 1:
        raise SaveError(f"{where}: format {version} is no Grimoire save format (they start at 1)")
    script = data.get("script")
    if script is None:
        raise SaveError(f"{where}: missing 'script'")
    if not isinstance(script, str):
        raise SaveError(f"{where}: 'script' must be a built-in script's id or a file's path, not {_kind(script)}")
    script = _held_script(data.get("script_file"), script, where, folder)
    title = data.get("title", "")
    if not isinstance(title, str):
        raise SaveError(f"{where}: 'title' must be text")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise SaveError(f"{where}: [rules] must be a table")
    setup = _setup(data.get("setup"), script, rules, title, where)
    try:
        own = setup.rules
    except ScriptError as exc:
        raise SaveError(f"{where}: {exc}") from None
    _refuse_unsafe_words(setup, where)
    events_raw = data.get("events", [])
    if not isinstance(events_raw, list):
        raise SaveError(f"{where}: 'events' must be an array of tables")
    try:
        events = [event_from_dict(e, f"{where}: event {i + 1}", own.events, own.renamed_fields)
                  for i, e in enumerate(events_raw)]
    except EventError as exc:
        raise SaveError(str(exc)) from None
    try:
        return Game(setup, events)
    except (IllegalAction, SetupError, ScriptError) as exc:
        raise SaveError(f"{where}: {exc}") from None


def _held_script(held: Any, script: str, where: str, folder: Path | None) -> str:
    """The script a save names: the text it holds, else the file it names, known either way
    by its content key (``_by_content``). A save from before saves held their script named it
    relative to the folder it was made in: that folder is unknown, so the save's own folder is
    tried, then the current one."""
    if held is None:
        if is_builtin(script):
            return script
        if script.startswith(CONTENT_PREFIX):
            return _known_content(script, where)
        if not Path(script).is_absolute() and folder is not None and (folder / script).is_file():
            script = str(folder / script)
        return _by_content(script)
    w = f"{where}: [script_file]"
    if not isinstance(held, dict) or not all(isinstance(held.get(k), str) for k in ("path", "sha256", "json")):
        raise SaveError(f"{w} must hold the script's path, sha256 and json as text")
    if content_key(held["json"]) != CONTENT_PREFIX + held["sha256"]:
        raise SaveError(f"{w}: damaged: the script's text does not match its sha256")
    try:
        return script_from_text(held["json"], held["path"], f"{held['path']} (as held in {where})")
    except ScriptError as exc:
        raise SaveError(str(exc)) from None


def _known_content(key: str, where: str) -> str:
    """A script named by its content key alone (a save that lost its [script_file]: Grimoire
    wrote such saves for a while, once a game with a script file had been reopened): the script
    this process already knows, else the recent script file with that content."""
    from grimoire.core.script import read_text
    from grimoire.store.recent_scripts import recent_scripts

    try:
        load_script(key)
        return key
    except ScriptError:
        pass
    for path in recent_scripts():
        try:
            text = read_text(path)
        except ScriptError:
            continue
        if content_key(text) == key:
            try:
                return script_from_text(text, str(path), str(path))
            except ScriptError:
                continue
    raise SaveError(f"{where}: the save names its script by its content only ({key[:19]}…) and does not "
                    "hold its text: set up a new game with that script file once (it is then remembered), "
                    "and this save opens again")


def _by_content(ref: str) -> str:
    """A script file a save names (and does not hold), known from now on by its content, as
    the file written back will hold it: the game reopened from that file is the same game.
    A file that cannot be read is left to the game's own error, which names it."""
    try:
        script = load_script(ref)
    except ScriptError:
        return ref
    if not script.text:
        return ref
    return script_from_text(script.text, script.path or ref, script.source)


def _refuse_unsafe_words(setup: TableSetup, where: str) -> None:
    """The title and the seats' words, as the file has them: no character that acts on a
    terminal or hides how a name reads (ESC, BEL, a line break, a bidi override), and no name
    or title longer than the app lets one be."""
    try:
        refuse_unsafe(setup.title, "the title", TITLE_LIMIT)
        for i, seat in enumerate(setup.seats):
            refuse_unsafe(seat.name, f"seat {i + 1}: the name", NAME_LIMIT)
            refuse_unsafe(seat.character, f"seat {i + 1}: the character")
            refuse_unsafe(seat.thinks or "", f"seat {i + 1}: who they think they are")
    except UnsafeText as exc:
        raise SaveError(f"{where}: {exc}") from None


def _setup(raw: Any, script: str, house_rules: dict[str, Any], title: str, where: str) -> TableSetup:
    if not isinstance(raw, dict):
        raise SaveError(f"{where}: missing [setup]")
    seats_raw = raw.get("seats")
    if not isinstance(seats_raw, list) or not seats_raw:
        raise SaveError(f"{where}: [setup] has no seats")
    if len(seats_raw) > MAX_SEATS:  # refused at once, not seat by seat
        raise SaveError(f"{where}: [setup] has {len(seats_raw):,} seats: a game has at most {MAX_SEATS}")
    seats = []
    for i, s in enumerate(seats_raw):
        w = f"{where}: seat {i + 1}"
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not isinstance(s.get("character"), str):
            raise SaveError(f"{w}: needs a name and a character")
        alignment = s.get("alignment")
        if alignment is not None and alignment not in ("good", "evil"):
            raise SaveError(f"{w}: alignment must be good or evil")
        traveller = s.get("traveller", False)
        if not isinstance(traveller, bool):
            raise SaveError(f"{w}: traveller must be true or false")
        thinks = s.get("thinks")  # older saves have none
        if thinks is not None and not isinstance(thinks, str):
            raise SaveError(f"{w}: thinks must be a character id")
        seats.append(
            SeatSetup(
                name=s["name"],
                character=s["character"],
                alignment=Alignment(alignment) if alignment else None,
                traveller=traveller,
                thinks=thinks,
            )
        )
    def seat(value: Any, what: str) -> int:
        if not _whole(value) or not 0 <= value < len(seats):
            raise SaveError(f"{where}: {what} is no seat")
        return int(value)

    lists = {}
    for key in ("bluffs", "unseated"):
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise SaveError(f"{where}: [setup] {key} must be an array of character ids")
        lists[key] = tuple(value)
    tokens = []
    for t in raw.get("tokens", []):
        if not (isinstance(t, dict) and isinstance(t.get("name"), str) and isinstance(t.get("owner"), str)
                and _whole(t.get("seat")) and 0 <= t["seat"] < len(seats)):
            raise SaveError(f"{where}: [setup] tokens: each is {{ name, owner, seat }}")
        tokens.append(SetupToken(t["name"], t["owner"], t["seat"]))
    try:
        played = load_script(script)
    except ScriptError:
        played = None  # the script cannot be read: the game's own error names it
    own = None
    if played is not None:
        rules = rules_for(played)
        for key, value in raw.items():
            # Older saves wrote another script's keys for every game, empty: those are not read.
            if key not in _SETUP_KEYS | rules.setup_keys and value not in ([], None):
                raise SaveError(f"{where}: [setup] {key}: {played.name} has none")
        try:
            own = rules.read_setup(raw, house_rules, seat, "[setup]", f"{where}: [rules]")
        except SetupDataError as exc:
            raise SaveError(f"{where}: {exc}") from None
    return TableSetup(
        seats=tuple(seats),
        script=script,
        bluffs=lists["bluffs"],
        title=title,
        unseated=lists["unseated"],
        tokens=tuple(tokens),
        script_setup=own,
    )


_SETUP_KEYS = frozenset({"seats", "bluffs", "unseated", "tokens"})  # every game's [setup]


def _kind(value: Any) -> str:
    """What a TOML value is, in words."""
    kinds = {bool: "true or false", int: "a number", float: "a number", list: "an array", dict: "a table"}
    return kinds.get(type(value), "a date or time")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
