"""Where Grimoire keeps its files: the games, the autosaves, the official data, a group's own files."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from grimoire.core.paths import data_dir, official_backup_path, official_data_path

__all__ = ["autosave_path", "config_dir", "data_dir", "official_backup_path", "official_data_path"]


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
