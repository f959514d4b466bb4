"""Every game test keeps its autosaves in its own temporary Grimoire home."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def grimoire_home(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("grimoire-home")
    monkeypatch.setenv("GRIMOIRE_HOME", str(home))
    return home
