"""Where Grimoire keeps its files: the autosave and the rehearsal autosave."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """``$GRIMOIRE_HOME``, else ``$XDG_DATA_HOME/grimoire``, else ``~/.local/share/grimoire``."""
    home = os.environ.get("GRIMOIRE_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "grimoire"


def autosave_path(rehearsal: bool = False) -> Path:
    # A rehearsal never overwrites a real game's autosave.
    return data_dir() / ("rehearsal.toml" if rehearsal else "autosave.toml")


def official_data_path() -> Path:
    """The official release data as last fetched or imported (``grimoire data``)."""
    return data_dir() / "official-data.json"
