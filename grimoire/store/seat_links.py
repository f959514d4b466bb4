"""Each seat's private link to the players' page, and where ``grimoire serve`` can be reached.

A seat's link is ``<server>/s/<code>``: the code is random, made for that seat of that game the
first time the storyteller hands the links out, and kept beside the game
(``<game>.seats.json``) so that a phone keeps its link across a restart of the server. The
table's page (a TV, everyone's phone) has its token kept there too, for the same reason. A new
game (at a new path, or a rehearsal started again) makes new codes and a new token:
``forget_seat_links``.
The code is the seat's token: it lets a phone see the table as that seat and raise or lower
that seat's hand during a vote, nothing more.

``grimoire serve`` writes where it listens (``<data dir>/served/<pid>.json``, its address,
token and pid) while it runs, so that the grimoire can show the links with the right address;
with several running, the last one started.
Pure of Textual and Rich.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from grimoire.core.limits import read_bytes, read_text
from grimoire.core.value import frozen
from grimoire.store.paths import data_dir
from grimoire.store.saves import write_atomic

# No 0/o, 1/l/i: a code read off a screen and typed into a phone is typed right.
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 12  # 59 random bits: not guessed, not even at a thousand tries a second
MAX_BYTES = 64 * 1024
TOKEN_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def links_path(game: Path) -> Path:
    return game.with_name(game.name + ".seats.json")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def is_code(text: str) -> bool:
    return len(text) == CODE_LENGTH and all(c in ALPHABET for c in text)


def _read_links(game: Path) -> dict[str, Any]:
    try:
        data = json.loads(read_bytes(links_path(game), MAX_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_links(game: Path, codes: dict[int, str], table: str | None) -> None:
    data: dict[str, Any] = {"codes": {str(s): c for s, c in sorted(codes.items())}}
    if table is not None:
        data["table"] = table
    write_atomic(links_path(game), json.dumps(data), backup=False)


def is_table_token(text: str) -> bool:
    return 16 <= len(text) <= 64 and all(c in TOKEN_ALPHABET for c in text)


def read_table_token(game: Path) -> str | None:
    token = _read_links(game).get("table")
    return token if isinstance(token, str) and is_table_token(token) else None


def table_token(game: Path) -> str:
    """The token of the table's page for this game, made (and kept) the first time: the TV's
    address stays the same across a restart of the server. OSError if it cannot be kept."""
    token = read_table_token(game)
    if token is None:
        token = secrets.token_urlsafe(18)  # 144 random bits, letters, digits, - and _ only
        _write_links(game, read_seat_codes(game), token)
    return token


def read_seat_codes(game: Path) -> dict[int, str]:
    """seat index -> code; empty if none were made (or the file is not ours)."""
    codes = _read_links(game).get("codes")
    if not isinstance(codes, dict):
        return {}
    out: dict[int, str] = {}
    for seat, code in codes.items():
        if isinstance(seat, str) and seat.isdigit() and len(seat) <= 3 and isinstance(code, str) and is_code(code):
            out[int(seat)] = code
    if len(set(out.values())) != len(out):
        return {}  # two seats sharing a code: not ours, and no phone may act for two seats
    return out


def seat_codes(game: Path, seats: Iterable[int]) -> dict[int, str]:
    """The codes of these seats, making (and keeping) those not made yet."""
    codes = read_seat_codes(game)
    wanted = list(seats)
    missing = [s for s in wanted if s not in codes]
    if missing:
        taken = set(codes.values())
        for seat in missing:
            code = new_code()
            while code in taken:
                code = new_code()
            codes[seat] = code
            taken.add(code)
        _write_links(game, codes, read_table_token(game))
    return {s: codes[s] for s in wanted}


def seat_of_code(codes: dict[int, str], code: str) -> int | None:
    # Every code compared, each in constant time: the answer's timing tells nothing of a code.
    found = None
    for seat, known in codes.items():
        if secrets.compare_digest(known.encode(), code.encode()):
            found = seat
    return found


def forget_seat_links(game: Path) -> None:
    """A new game at this path: no seat's link, no join code, and no phone holds a seat."""
    from grimoire.store.join_desk import forget_desk

    try:
        links_path(game).unlink()
    except OSError:
        pass
    forget_desk(game)


# --- where the server is ------------------------------------------------------------------------
@frozen
class Served:
    base: str  # "http://192.168.1.20:8000": what a phone on the network opens
    token: str  # the table's page: base + "/" + token + "/"
    pid: int

    @property
    def table_url(self) -> str:
        return f"{self.base}/{self.token}/"

    def seat_url(self, code: str) -> str:
        return f"{self.base}/s/{code}"


def served_path(pid: int | None = None) -> Path:
    """This server's record (``pid``: another's); one file a server, so that a second server
    started and stopped leaves the first one's record where it was."""
    return served_dir() / f"{os.getpid() if pid is None else pid}.json"


def served_dir() -> Path:
    return data_dir() / "served"


def record_served(served: Served) -> Path:
    path = write_atomic(served_path(served.pid), json.dumps(attrs.asdict(served)), backup=False)
    try:
        os.chmod(path, 0o600)  # the token is the table's key: this user's alone
    except OSError:
        pass
    return path


def forget_served(pid: int) -> None:
    """Remove this server's record (the others' stay)."""
    try:
        served_path(pid).unlink()
    except OSError:
        pass


def read_served(check_alive: bool = True) -> Served | None:
    """The server running now (the last started, if several are); with ``check_alive`` false,
    the last recorded, running or not."""
    try:
        files = [p for p in served_dir().iterdir() if p.name.endswith(".json") and p.name[:-5].isdigit()]
    except OSError:
        return None
    found: list[tuple[float, Served]] = []
    for path in files:
        served = _read_record(path)
        if served is None or (check_alive and not _alive(served.pid)):
            continue
        try:
            found.append((path.stat().st_mtime, served))
        except OSError:
            continue
    return max(found, key=lambda f: f[0])[1] if found else None


def _read_record(path: Path) -> Served | None:
    try:
        data: Any = json.loads(read_text(path, MAX_BYTES))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    base, token, pid = data.get("base"), data.get("token"), data.get("pid")
    if not (isinstance(base, str) and isinstance(token, str) and isinstance(pid, int) and not isinstance(pid, bool)):
        return None
    if not base.startswith("http://") or len(base) > 200 or not token or len(token) > 100:
        return None
    if path.name != f"{pid}.json":
        return None  # not where that server writes its own
    return Served(base, token, pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone's: it exists
    return True
