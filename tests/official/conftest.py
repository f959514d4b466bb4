"""The official data for tests: a small set in the official format, with invented characters."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.core.official import OfficialData

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
LANTERN = HERE / "scripts" / "lantern_night.json"


@pytest.fixture
def official() -> OfficialData:
    """The test data set, imported into this test's own home."""
    from grimoire.store.official_data import import_from

    return import_from(DATA)
