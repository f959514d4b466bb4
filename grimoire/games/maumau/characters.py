"""The group's Character roster: read and written as TOML, checked, never guessed. Pure."""

from __future__ import annotations

import os
import shutil
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import tomli_w

from grimoire.core.freetext import unsafe_problem
from grimoire.core.limits import FileRefused, read_text
from grimoire.games.maumau.rules import (
    COLOURS,
    HUMAN_ABILITIES,
    CharacterDef,
    RuleError,
    normalise_symbol,
)
from grimoire.store.paths import config_dir

PACKAGED = Path(__file__).with_name("characters.toml")
BOX_SIZE = 8  # "8 Character cards"


def default_path() -> Path:
    """Where the group's roster is saved (the config folder), so it is set once for every game."""
    return config_dir() / "maumau-characters.toml"


def check(chars: Sequence[CharacterDef]) -> tuple[CharacterDef, ...]:
    names: set[str] = set()
    for char in chars:
        label = char.name or "A Character"
        if not char.name.strip():
            raise RuleError("A Character needs its name, as printed on the card.")
        for what, words in (("name", char.name), ("symbol", " ".join((*char.day_symbols, char.vampire_symbol)))):
            problem = unsafe_problem(words)
            if problem is not None:
                raise RuleError(f"A Character's {what}: {problem}.")
        if char.name.casefold() in names:
            raise RuleError(f"{char.name} is listed twice; the box holds each Character once.")
        names.add(char.name.casefold())
        if not 1 <= char.ability <= len(HUMAN_ABILITIES):
            raise RuleError(f"{label}: the ability is a number from 1 to {len(HUMAN_ABILITIES)}.")
        a, b = char.day_symbols
        if not a or not b or a == b:
            raise RuleError(
                f'{label}: "Each Human has 1 special ability that is triggered by two symbols."'
            )
        if not char.vampire_symbol:
            raise RuleError(f'{label}: "In the box there is a symbol drawn on the left."')
        if char.vampire_colour not in COLOURS:
            raise RuleError(
                f'{label}: "In the box there is a colour shown on the right" — red, blue, green '
                "or purple."
            )
    if len(chars) > BOX_SIZE:
        raise RuleError(f'The box holds "8 Character cards"; this roster has {len(chars)}.')
    return tuple(chars)


def make(
    name: str, ability: int, day_symbols: Sequence[str], vampire_symbol: str, colour: str
) -> CharacterDef:
    symbols = tuple(normalise_symbol(s) for s in day_symbols)
    if len(symbols) != 2:
        raise RuleError('"Each Human has 1 special ability that is triggered by two symbols."')
    char = CharacterDef(
        name=" ".join(name.split()),
        ability=ability,
        day_symbols=(symbols[0], symbols[1]),
        vampire_symbol=normalise_symbol(vampire_symbol),
        vampire_colour=colour,  # type: ignore[arg-type]  # checked below
    )
    check([char])
    return char


def from_toml(data: Mapping[str, Any]) -> tuple[CharacterDef, ...]:
    chars = []
    for entry in data.get("character", []):
        try:
            chars.append(
                make(
                    str(entry["name"]),
                    int(entry["ability"]),
                    [str(s) for s in entry["day_symbols"]],
                    str(entry["vampire_symbol"]),
                    str(entry["vampire_colour"]),
                )
            )
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, RuleError):
                raise
            raise RuleError(f"A Character entry is incomplete or malformed: {err}") from err
    return check(chars)


def to_toml(chars: Sequence[CharacterDef]) -> str:
    return tomli_w.dumps(
        {
            "character": [
                {
                    "name": c.name,
                    "ability": c.ability,
                    "day_symbols": list(c.day_symbols),
                    "vampire_symbol": c.vampire_symbol,
                    "vampire_colour": c.vampire_colour,
                }
                for c in chars
            ]
        }
    )


def load(path: Path | None = None) -> tuple[CharacterDef, ...]:
    """The saved roster, else the packaged (empty) one. A broken file raises, naming it."""
    path = path or default_path()
    source = path if path.exists() else PACKAGED
    try:
        return from_toml(tomllib.loads(read_text(source)))
    except FileRefused as err:
        raise RuleError(str(err)) from None
    except (tomllib.TOMLDecodeError, RuleError) as err:
        raise RuleError(f"{source}: {err}") from err


def save(chars: Sequence[CharacterDef], path: Path | None = None) -> Path:
    """Write atomically, keeping the previous file as a .bak."""
    path = path or default_path()
    text = to_toml(check(chars))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".toml.tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    if path.is_file():  # not a FIFO or a device: nothing to keep, and /dev/zero's copy never ends
        shutil.copyfile(path, path.with_suffix(".toml.bak"))
    os.replace(tmp, path)
    return path


def as_roster(chars: Sequence[CharacterDef]) -> dict[str, CharacterDef]:
    return {c.name: c for c in chars}
