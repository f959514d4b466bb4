"""The official data for tests, in the official format: a small set of invented characters
(``data``), and the official characters of two scripts and a few more by their ids, names,
teams, setup brackets and reminders, with stand-in texts (``stand_in``: no official text is in
the repository). Each is brought to a release's size by invented Understudies (smaller data is
refused as no release)."""

from __future__ import annotations

import functools
import http.server
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from grimoire.core.official import OfficialData

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
LANTERN = HERE / "scripts" / "lantern_night.json"
STAND_IN = HERE / "stand_in"
BMR = HERE / "scripts" / "bmr.json"  # Bad Moon Rising's characters, by id
TB = HERE / "scripts" / "tb.json"  # Trouble Brewing's characters, by id
SNV = HERE / "scripts" / "snv.json"  # Sects & Violets' characters, by id

UNDERSTUDIES = 110  # DATA's 10 characters and these: more than the fewest a release may have
WAKING = 15  # of them, how many wake on each night: each night has more steps than the fewest
PAIRED = 10  # jinxes between them


def _understudy(n: int) -> dict[str, Any]:
    return {"id": f"understudy{n}", "name": f"Understudy {n}", "edition": "invented", "team": "townsfolk",
            "ability": "Knows the lines of every character, in case.", "reminders": [], "setup": False,
            **({"firstNightReminder": "Wake the Understudy.", "otherNightReminder": "Wake the Understudy."}
               if n <= WAKING else {})}


def write_release(folder: Path, sheet: dict[str, list[str]] | None = None, source: Path = DATA) -> Path:
    """The three files in ``folder``: ``source``'s (or its roles and jinxes with ``sheet``), and
    the Understudies (and DATA's Traveller and Fabled, where ``source`` has none: a release has
    every team). The Understudies' steps come after all of the source's, so that the places of
    its steps (which homebrew numbers count against) stay put; none of them is on a test's script."""
    folder.mkdir(parents=True, exist_ok=True)
    roles = json.loads((source / "roles.json").read_text(encoding="utf-8"))
    teams = {r["team"] for r in roles}
    visitors = json.loads((DATA / "roles.json").read_text(encoding="utf-8"))
    roles += [r for r in visitors if r["team"] in ("traveller", "fabled") and r["team"] not in teams]
    roles += [_understudy(n) for n in range(1, UNDERSTUDIES + 1)]
    sheet = dict(sheet or json.loads((source / "nightsheet.json").read_text(encoding="utf-8")))
    waking = [f"understudy{n}" for n in range(1, WAKING + 1)]
    sheet = {"firstNight": [*sheet["firstNight"], *waking], "otherNight": [*sheet["otherNight"], *waking]}
    jinxes = json.loads((source / "jinxes.json").read_text(encoding="utf-8"))
    jinxes += [{"id": f"understudy{n}", "jinx": [{"id": f"understudy{n + 1}", "reason": "They share the lines."}]}
               for n in range(1, PAIRED + 1)]
    for name, value in (("roles.json", roles), ("nightsheet.json", sheet), ("jinxes.json", jinxes)):
        (folder / name).write_text(json.dumps(value, indent=1), encoding="utf-8")
    return folder


def parse_release(folder: Path, roles: list[dict[str, Any]]) -> OfficialData:
    """The test data set with ``roles`` added, at a release's size, parsed (not imported)."""
    from grimoire.core.official import JINXES, NIGHTSHEET, ROLES, parse_official

    source = folder / "source"
    source.mkdir(parents=True, exist_ok=True)
    for name in (NIGHTSHEET, JINXES):
        (source / name).write_text((DATA / name).read_text(encoding="utf-8"), encoding="utf-8")
    data_roles = json.loads((DATA / ROLES).read_text(encoding="utf-8"))
    (source / ROLES).write_text(json.dumps([*data_roles, *roles]), encoding="utf-8")
    release = write_release(folder / "release", source=source)
    return parse_official({name: (release / name).read_text(encoding="utf-8") for name in (ROLES, NIGHTSHEET, JINXES)})


@pytest.fixture
def official(tmp_path_factory: pytest.TempPathFactory) -> OfficialData:
    """The test data set, imported into this test's own home."""
    from grimoire.store.official_data import import_from

    return import_from(write_release(tmp_path_factory.mktemp("official-data")))


@pytest.fixture
def stand_in(tmp_path_factory: pytest.TempPathFactory) -> OfficialData:
    """The official characters of the stand-in set, imported into this test's own home."""
    from grimoire.store.official_data import import_from

    return import_from(write_release(tmp_path_factory.mktemp("stand-in-data"), source=STAND_IN))


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
    from grimoire.store.official_data import import_from

    return import_from(write_release(tmp_path_factory.mktemp("visitor-data"), VISITOR_SHEET))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def serving(root: Path) -> Iterator[str]:
    """A web server on 127.0.0.1 serving a folder, for as long as the block runs: its address."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    # Polled every 20 ms, not 0.5 s: shutdown waits for the next poll, at the end of every test.
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()
