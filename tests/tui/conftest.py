"""Pilot tests of the grimoire app: every test gets its own GRIMOIRE_HOME and no cursor blink."""

from __future__ import annotations

import pytest
from textual.widgets import Input


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    monkeypatch.setenv("GRIMOIRE_HOME", str(home))
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    return home
