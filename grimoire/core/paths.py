"""Where Grimoire's data folder is, and the official data in it: below the rules, which name an
official Traveller or Fabled from that data (``grimoire.store.paths`` has every other place)."""

from __future__ import annotations

import os
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


def official_data_path() -> Path:
    """The official release data as last fetched or imported (``grimoire data``)."""
    return _official_data_path(data_dir())


@lru_cache(maxsize=16)
def _official_data_path(folder: Path) -> Path:
    return folder / "official-data.json"


def official_backup_path() -> Path:
    """The official data as it was before the last import or update replaced it (``grimoire data restore``)."""
    return data_dir() / "official-data.json.bak"
