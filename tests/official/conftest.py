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


# Where the night sheet puts the test set's Traveller and Fabled (the shared sheet leaves them
# out, so that the places of the others, which homebrew numbers count against, stay put).
VISITOR_SHEET = {
    "firstNight": ["dusk", "oldmoon", "whisperer", "minioninfo", "demoninfo", "pilgrim", "lanternkeeper",
                   "cartographer", "herbalist", "dawn", "bellringer"],
    "otherNight": ["dusk", "forger", "whisperer", "herbalist", "gloomwyrm", "pilgrim", "lanternkeeper", "dawn"],
}


@pytest.fixture
def official_with_visitors(tmp_path_factory: pytest.TempPathFactory) -> OfficialData:
    """The test data set with night steps for its Traveller (the Pilgrim) and Fabled (the Old Moon)."""
    import json
    import shutil

    from grimoire.store.official_data import import_from

    folder = tmp_path_factory.mktemp("visitor-data")
    for name in ("roles.json", "jinxes.json"):
        shutil.copy(DATA / name, folder / name)
    (folder / "nightsheet.json").write_text(json.dumps(VISITOR_SHEET), encoding="utf-8")
    return import_from(folder)
