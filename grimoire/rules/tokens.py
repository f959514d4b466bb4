"""Reminder tokens: placing, moving, flipping and expiring them (tokens are state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from grimoire.core.happenings import TokenChange
from grimoire.core.model import Expiry, GameState, Token
from grimoire.rules import chronicle

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


def place(
    rules: ScriptRules, g: GameState, name: str, owner: str, seat: int, expiry: Expiry, side: str | None = None, by: str = "rules"
) -> Token:
    token = Token(name=name, owner=owner, seat=seat, expiry=expiry, side=side)
    g.tokens.append(token)
    chronicle.record(rules, g, TokenChange("placed", token, by=by))
    return token


def find(g: GameState, name: str, seat: int | None = None, side: str | None = None) -> Token | None:
    for token in g.tokens:
        if token.name != name:
            continue
        if seat is not None and token.seat != seat:
            continue
        if side is not None and token.side != side:
            continue
        return token
    return None


def has(g: GameState, name: str, seat: int, side: str | None = None) -> bool:
    return find(g, name, seat, side) is not None


def remove(rules: ScriptRules, g: GameState, token: Token, why: str = "", by: str = "rules") -> None:
    g.tokens.remove(token)
    chronicle.record(rules, g, TokenChange("removed", token, why=why, by=by))


def remove_named(rules: ScriptRules, g: GameState, name: str, side: str | None = None, why: str = "") -> None:
    for token in [t for t in g.tokens if t.name == name and (side is None or t.side == side)]:
        remove(rules, g, token, why)


def move(
    rules: ScriptRules, g: GameState, token: Token, seat: int, side: str | None = None, expiry: Expiry | None = None
) -> Token:
    moved = attrs.evolve(
        token, seat=seat, side=side if side is not None else token.side, expiry=expiry or token.expiry
    )
    g.tokens[g.tokens.index(token)] = moved
    chronicle.record(rules, g, TokenChange("moved", moved, frm=token.seat))
    return moved


def expire(rules: ScriptRules, g: GameState, expiry: Expiry) -> None:
    for token in [t for t in g.tokens if t.expiry == expiry]:
        remove(rules, g, token, why=expiry.value)


def seat_of_token(g: GameState, name: str) -> int | None:
    token = find(g, name)
    return None if token is None else token.seat
