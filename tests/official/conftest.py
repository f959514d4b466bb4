"""The official data for tests, in the official format: a small set of invented characters
(``data``), and the official characters of two scripts and a few more by their ids, names,
teams, setup brackets and reminders, with stand-in texts (``stand_in``: no official text is in
the repository)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.core.official import OfficialData

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
LANTERN = HERE / "scripts" / "lantern_night.json"
STAND_IN = HERE / "stand_in"
BMR = HERE / "scripts" / "bmr.json"  # Bad Moon Rising's characters, by id
TB = HERE / "scripts" / "tb.json"  # Trouble Brewing's characters, by id


@pytest.fixture
def official() -> OfficialData:
    """The test data set, imported into this test's own home."""
    from grimoire.store.official_data import import_from

    return import_from(DATA)


@pytest.fixture
def stand_in() -> OfficialData:
    """The official characters of the stand-in set, imported into this test's own home."""
    from grimoire.store.official_data import import_from

    return import_from(STAND_IN)


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
