"""Voice of the Mummy: the tomb as a plain dict (for the autosave) and back. Pure."""

from __future__ import annotations

from typing import Any

import attrs

from grimoire.core.freetext import refuse_unsafe
from grimoire.games import persist
from grimoire.games.voice.commands import Effect, MummyCommand
from grimoire.games.voice.rules import COLOURS, DIE_FACES, Explorer, Level, Tomb, Turn, clean_name

KEY = "voice"
FORMAT = 1


def _command(command: MummyCommand) -> dict[str, Any]:
    return {
        "text": command.text,
        "effect": command.effect.value,
        "parts": sorted(command.parts),
        "weight": command.weight,
    }


def to_dict(tomb: Tomb) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "explorers": [_explorer(e) for e in tomb.explorers],
        "part": tomb.part,
        "board": list(tomb.board),
        "great_jewel_on_mummy": tomb.great_jewel_on_mummy,
        "cobra_on_mummy": tomb.cobra_on_mummy,
        "active": tomb.active,
        # TOML has no null: a turn without a throw leaves it out.
        "turn": {k: v for k, v in attrs.asdict(tomb.turn).items() if v is not None},
        "news": tomb.news,
    }
    if tomb.pending is not None:
        data["pending"] = _command(tomb.pending)
    if tomb.last_command is not None:
        data["last_command"] = _command(tomb.last_command)
    if tomb.heard_by is not None:
        data["heard_by"] = tomb.heard_by
    if tomb.ender is not None:
        data["ender"] = tomb.ender
    return data


def _explorer(explorer: Explorer) -> dict[str, Any]:
    row: dict[str, Any] = {
        "colour": explorer.colour,
        "level": int(explorer.level),
        "precious": explorer.precious,
        "great_jewel": explorer.great_jewel,
        "cobra": explorer.cobra,
        "fresh_level": explorer.fresh_level,
    }
    if explorer.player:
        row["player"] = explorer.player
    return row


def _turn(raw: Any) -> Turn:
    if not isinstance(raw, dict):
        raise ValueError("turn must be a table")
    flags = {k: _bool(v, f"turn.{k}") for k, v in raw.items() if k != "throw"}
    unknown = set(flags) - {f.name for f in attrs.fields(Turn)}
    if unknown:
        raise ValueError(f"turn has unknown entries: {', '.join(sorted(unknown))}")
    throw = raw.get("throw")
    return Turn(**flags, throw=None if throw is None else _int(throw, "turn.throw", 1, DIE_FACES))


def _int(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} must be a number from {low} to {high}")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false")
    return value


def _command_from(raw: Any, what: str) -> MummyCommand | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ValueError(f"{what} must be a table")
    parts = raw.get("parts", [1, 2])
    if not isinstance(parts, list) or not parts or not set(parts) <= {1, 2}:
        raise ValueError(f"{what}.parts must be a list of 1 and/or 2")
    try:
        effect = Effect(raw["effect"])
    except ValueError:
        raise ValueError(f"{what}.effect {raw['effect']!r} is not an effect") from None
    text = raw["text"]
    if not isinstance(text, str):
        raise ValueError(f"{what}.text must be text")
    refuse_unsafe(text, f"{what}.text")
    return MummyCommand(text, effect, parts, _int(raw.get("weight", 1), f"{what}.weight", 0, 10**6))


def from_dict(data: dict[str, Any]) -> Tomb:
    rows = data["explorers"]
    if not isinstance(rows, list) or not 2 <= len(rows) <= 4:
        raise ValueError("explorers must be 2 to 4 tables")
    explorers = []
    for i, row in enumerate(rows):
        what = f"explorer {i + 1}"
        if not isinstance(row, dict) or row.get("colour") not in COLOURS:
            raise ValueError(f"{what} needs a colour ({', '.join(COLOURS)})")
        explorers.append(
            Explorer(
                colour=row["colour"],
                level=Level(_int(row.get("level", 0), f"{what}.level", 0, 2)),
                precious=_int(row.get("precious", 0), f"{what}.precious", 0, 26),
                great_jewel=_bool(row.get("great_jewel", False), f"{what}.great_jewel"),
                cobra=_bool(row.get("cobra", False), f"{what}.cobra"),
                # Saves from before names and rule 7.2 have neither: no name, level travelled.
                player=_player(row.get("player", ""), f"{what}.player"),
                fresh_level=_bool(row.get("fresh_level", False), f"{what}.fresh_level"),
            )
        )
    if len({e.colour for e in explorers}) != len(explorers):
        raise ValueError("two explorers share a colour")
    n = len(explorers)
    board = data["board"]
    if not isinstance(board, list) or len(board) != 3:
        raise ValueError("board must be three jewel counts")
    heard_by, ender = data.get("heard_by"), data.get("ender")
    return Tomb(
        explorers=tuple(explorers),
        part=_int(data["part"], "part", 1, 2),
        board=(
            _int(board[0], "board", 0, 12),
            _int(board[1], "board", 0, 8),
            _int(board[2], "board", 0, 6),
        ),
        great_jewel_on_mummy=_bool(data["great_jewel_on_mummy"], "great_jewel_on_mummy"),
        cobra_on_mummy=_bool(data["cobra_on_mummy"], "cobra_on_mummy"),
        active=_int(data["active"], "active", 0, n - 1),
        turn=_turn(data.get("turn", {})),
        pending=_command_from(data.get("pending"), "pending"),
        last_command=_command_from(data.get("last_command"), "last_command"),
        heard_by=None if heard_by is None else _int(heard_by, "heard_by", 0, n - 1),
        ender=None if ender is None else _int(ender, "ender", 0, n - 1),
        news=str(data.get("news", "")),
    )


def _player(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text")
    return clean_name(value)


# The tomb now and the tombs undo goes back to.
AUTOSAVE = persist.SaveFormat(KEY, FORMAT, to_dict, from_dict)


def summary(tomb: Tomb) -> str:
    names = ", ".join(e.name for e in tomb.explorers)
    return f"{names}; Part {'I' if tomb.part == 1 else 'II'}, {tomb.current.name}'s turn"
