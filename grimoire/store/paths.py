"""Where Grimoire keeps its files: the games, the autosaves, the official data, a group's own files."""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path


def data_dir() -> Path:
    """``$GRIMOIRE_HOME``, else ``$XDG_DATA_HOME/grimoire``, else ``~/.local/share/grimoire``."""
    env = os.environ
    return _data_dir(env.get("GRIMOIRE_HOME"), env.get("XDG_DATA_HOME"), env.get("HOME"))


# Made once for the environment it is asked in: a seat's Traveller is named from the official
# data at every step, and making its path again (Path parsing, ~ expanded) was most of that.
@lru_cache(maxsize=16)
def _data_dir(home: str | None, xdg: str | None, user_home: str | None) -> Path:
    if home:
        return Path(home)
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "grimoire"


def config_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where a group's own files live (the Mau Mau roster, Voice of the Mummy's commands):
    ``$GRIMOIRE_HOME`` when it is set (one folder holds all of a Grimoire), else
    ``$XDG_CONFIG_HOME/grimoire``, else ``~/.config/grimoire``."""
    env = os.environ if environ is None else environ
    home = env.get("GRIMOIRE_HOME")
    if home:
        return Path(home)
    return Path(env.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "grimoire"


def autosave_path(rehearsal: bool = False) -> Path:
    # A rehearsal never overwrites a real game's autosave.
    return data_dir() / ("rehearsal.toml" if rehearsal else "autosave.toml")


def official_data_path() -> Path:
    """The official release data as last fetched or imported (``grimoire data``)."""
    return _official_data_path(data_dir())


@lru_cache(maxsize=16)
def _official_data_path(folder: Path) -> Path:
    return folder / "official-data.json"


def official_backup_path() -> Path:
    """The official data as it was before the last import or update replaced it (``grimoire data restore``)."""
    return data_dir() / "official-data.json.bak"
