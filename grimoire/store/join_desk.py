"""The table's one join code, and the seats the phones took with it, kept beside the game.

``<game>.join.json``: ``{"code": "<join code>", "claims": [{"id", "seat", "key"}, ...]}``,
written by ``grimoire serve`` alone (a phone sits down through it) and read by the grimoire,
which shows each claim and logs its storyteller's releases and moves as events
(grimoire.core.seat_claims). Kept for the game, so that a phone keeps its seat across a restart
of the server; removed with the seats' links when a new game starts at the same path
(grimoire.store.seat_links.forget_seat_links), and a new game's file has none: every seat free.

A file that is missing, unreadable or not in its shape reads as no join code and no claim.
Pure of Textual and Rich.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from grimoire.core.seat_claims import (
    ALPHABET,
    CLAIM_ID_LENGTH,
    JOIN_CODE_LENGTH,
    Claim,
    is_claim_id,
    is_join_code,
    is_key_hash,
)
from grimoire.core.value import frozen
from grimoire.store.saves import write_atomic
from grimoire.store.side_files import forget, read_small_json

MAX_BYTES = 256 * 1024
MAX_CLAIMS = 400  # twenty seats claimed and released twenty times: a phone that claims more is no player


@frozen
class Desk:
    code: str = ""  # "" while none was made
    claims: tuple[Claim, ...] = ()


def join_path(game: Path) -> Path:
    return game.with_name(game.name + ".join.json")


def _random(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def new_join_code() -> str:
    return _random(JOIN_CODE_LENGTH)


def new_claim_id(taken: set[str]) -> str:
    while (made := _random(CLAIM_ID_LENGTH)) in taken:
        pass
    return made


def read_desk(game: Path) -> Desk:
    data = read_small_json(join_path(game), MAX_BYTES)
    if not isinstance(data, dict) or not is_join_code(data.get("code")):
        return Desk()
    claims: list[Claim] = []
    ids: set[str] = set()
    raw = data.get("claims")
    for item in raw if isinstance(raw, list) else []:
        if not isinstance(item, dict):
            return Desk(data["code"])  # not ours: no phone may hold a seat by it
        cid, seat, key = item.get("id"), item.get("seat"), item.get("key")
        if (not is_claim_id(cid) or not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 100
                or not is_key_hash(key) or cid in ids):
            return Desk(data["code"])
        ids.add(cid)
        claims.append(Claim(cid, seat, key))
    return Desk(data["code"], tuple(claims[:MAX_CLAIMS]))


def write_desk(game: Path, desk: Desk) -> None:
    """OSError if it cannot be kept."""
    data: dict[str, Any] = {"code": desk.code,
                            "claims": [{"id": c.id, "seat": c.seat, "key": c.key} for c in desk.claims]}
    write_atomic(join_path(game), json.dumps(data), backup=False)


def forget_desk(game: Path) -> None:
    forget((join_path(game),))
