"""Pilot tests of the grimoire app: every test gets its own GRIMOIRE_HOME and no cursor blink."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    monkeypatch.setenv("GRIMOIRE_HOME", str(home))
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    return home


@pytest.fixture
def contained(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """A storm's files stay in the test's folder: the home, the config, the working folder.

    Typed paths (an export's, a save's) are refused, not written, outside it; the list holds
    the paths refused, for the test to check.
    """
    from grimoire.games import persist
    from grimoire.store import open_game, saves

    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    monkeypatch.chdir(tmp_path)
    refused: list[Path] = []
    write = saves.write_atomic

    def write_inside(path: Path, text: str, backup: bool = True) -> Path:
        if not Path(path).resolve().is_relative_to(tmp_path.resolve()):
            refused.append(Path(path))
            raise OSError(f"{path}: outside the test's folder")
        return write(path, text, backup)

    for module in (saves, persist, open_game):
        monkeypatch.setattr(module, "write_atomic", write_inside)
    return refused
