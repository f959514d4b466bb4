"""The Mummy's commands: what each one does, and loading them from a TOML file.

The record's 40 messages are not available, so the shipped ``commands.toml`` holds original texts;
a group may load its own file in the same format instead (see the header of ``commands.toml``).
Pure: no Textual, no Rich.
"""

from __future__ import annotations

import enum
import os
import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from grimoire.core.freetext import unsafe_problem
from grimoire.core.limits import FileRefused, read_text
from grimoire.store.paths import config_dir

BUNDLED_FILE = "commands.toml"
USER_FILE_NAME = "voice-commands.toml"


class Effect(enum.Enum):
    """What a command makes the explorer do; the value is the name used in the data file."""

    TAKE_FROM_OPPONENT = "take_from_opponent"
    GIVE_TO_OPPONENT = "give_to_opponent"
    GIVE_BACK = "give_back"
    MOVE_UP = "move_up"
    MOVE_DOWN = "move_down"
    RETURN_TO_TEMPLE = "return_to_temple"
    RECEIVE_SPELL = "receive_spell"
    NO_EFFECT = "no_effect"


EFFECT_SUMMARY: Mapping[Effect, str] = {
    Effect.TAKE_FROM_OPPONENT: "Take one Precious Jewel from an opponent",
    Effect.GIVE_TO_OPPONENT: "Give one Precious Jewel to an opponent",
    Effect.GIVE_BACK: "Give one Precious Jewel back to an empty jewel space",
    Effect.MOVE_UP: "Move up one level, to the space directly above",
    Effect.MOVE_DOWN: "Move down one level, to the space directly below",
    Effect.RETURN_TO_TEMPLE: "Return to your Starting Corner Space",
    Effect.RECEIVE_SPELL: "Receive the Cobra and its Evil Spell",
    Effect.NO_EFFECT: "Nothing to do",
}


class CommandFileError(ValueError):
    """A commands file that cannot be used; the message names the file and the entry."""


def _parts(value: Any) -> frozenset[int]:
    return frozenset(value)


@attrs.frozen
class MummyCommand:
    text: str
    effect: Effect
    parts: frozenset[int] = attrs.field(default=frozenset({1, 2}), converter=_parts)
    weight: int = 1


# Used when nothing in the loaded file is allowed for the explorer right now.
SILENCE = MummyCommand(
    "The Mummy stirs in his sarcophagus... and falls silent. Nothing happens.",
    Effect.NO_EFFECT,
)


def parse_commands(text: str, source: str = "<text>") -> tuple[MummyCommand, ...]:
    """Read a commands file's text; every problem is reported with the file and entry number."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CommandFileError(f"{source}: not valid TOML ({exc})") from exc
    entries = data.get("command")
    if not isinstance(entries, list) or not entries:
        raise CommandFileError(f"{source}: needs at least one [[command]] table")
    return tuple(_parse_entry(entry, n, source) for n, entry in enumerate(entries, start=1))


def _parse_entry(entry: Any, n: int, source: str) -> MummyCommand:
    where = f"{source}: command #{n}"
    if not isinstance(entry, dict):
        raise CommandFileError(f"{where} is not a table")
    unknown = set(entry) - {"text", "effect", "parts", "weight"}
    if unknown:
        raise CommandFileError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    text = entry.get("text")
    if not isinstance(text, str) or not text.strip():
        raise CommandFileError(f"{where}: 'text' must be a non-empty string")
    problem = unsafe_problem(" ".join(text.split()))  # line breaks and tabs become spaces
    if problem is not None:
        raise CommandFileError(f"{where}: the text {problem}")
    try:
        effect = Effect(entry.get("effect"))
    except ValueError:
        names = ", ".join(e.value for e in Effect)
        raise CommandFileError(f"{where}: 'effect' must be one of {names}") from None
    parts = entry.get("parts", [1, 2])
    if (
        not isinstance(parts, list)
        or not parts
        or any(isinstance(p, bool) or p not in (1, 2) for p in parts)
    ):
        raise CommandFileError(f"{where}: 'parts' must be a non-empty list of 1 and/or 2")
    weight = entry.get("weight", 1)
    if isinstance(weight, bool) or not isinstance(weight, int) or weight < 1:
        raise CommandFileError(f"{where}: 'weight' must be a whole number of at least 1")
    return MummyCommand(" ".join(text.split()), effect, frozenset(parts), weight)


def load_commands_file(path: str | os.PathLike[str]) -> tuple[MummyCommand, ...]:
    p = Path(path).expanduser()
    try:
        text = read_text(p)
    except FileRefused as exc:
        raise CommandFileError(str(exc)) from None
    except OSError as exc:
        raise CommandFileError(f"{p}: cannot be read ({exc.strerror or exc})") from exc
    return parse_commands(text, str(p))


def bundled_commands() -> tuple[MummyCommand, ...]:
    text = resources.files(__package__).joinpath(BUNDLED_FILE).read_text(encoding="utf-8")
    return parse_commands(text, BUNDLED_FILE)


def user_commands_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where a group's own commands file is picked up at start (the config folder)."""
    return config_dir(environ) / USER_FILE_NAME


def default_commands(
    environ: Mapping[str, str] | None = None,
) -> tuple[tuple[MummyCommand, ...], str]:
    """The group's file if there is one, else the bundled set; also says which was used."""
    path = user_commands_path(environ)
    if path.is_file():
        return load_commands_file(path), str(path)
    return bundled_commands(), "the bundled commands"


def count_by_effect(commands: Sequence[MummyCommand]) -> dict[Effect, int]:
    counts = {effect: 0 for effect in Effect}
    for command in commands:
        counts[command.effect] += 1
    return counts
