"""Official data is checked for content before it replaces anything: a folder that is no
release (an empty array, a handful of roles, a wrong type, a missing file, an id the roles do
not have, a runaway file) is refused, saying which file and what is wrong, and the data kept
before stays byte for byte."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grimoire.cli import main
from grimoire.core.official import OfficialDataError, parse_official
from grimoire.core.official_checks import FILE_LIMIT
from grimoire.store.paths import official_data_path

from .conftest import serving, write_release


def _load(folder: Path, name: str) -> Any:
    return json.loads((folder / name).read_text(encoding="utf-8"))


def _save(folder: Path, name: str, value: Any) -> None:
    (folder / name).write_text(json.dumps(value), encoding="utf-8")


def _write(name: str, text: str) -> Callable[[Path], None]:
    return lambda folder: (folder / name).write_text(text, encoding="utf-8")


def _roles(change: Callable[[list[Any]], list[Any]]) -> Callable[[Path], None]:
    return lambda folder: _save(folder, "roles.json", change(_load(folder, "roles.json")))


def _sheet(key: str, change: Callable[[list[str]], list[str]]) -> Callable[[Path], None]:
    def do(folder: Path) -> None:
        sheet = _load(folder, "nightsheet.json")
        sheet[key] = change(sheet[key])
        _save(folder, "nightsheet.json", sheet)
    return do


def _jinxes(change: Callable[[list[Any]], list[Any]]) -> Callable[[Path], None]:
    return lambda folder: _save(folder, "jinxes.json", change(_load(folder, "jinxes.json")))


def _huge(folder: Path) -> None:
    with open(folder / "roles.json", "r+b") as handle:  # sparse: a hundred MB that cost no disk
        handle.truncate(100 * 1024 * 1024)


def _set(entries: list[Any], i: int, **fields: Any) -> list[Any]:
    entries[i] = {**entries[i], **fields}
    return entries


BROKEN: dict[str, tuple[Callable[[Path], None], str]] = {
    "roles: an empty array": (_write("roles.json", "[]"), "roles.json: 0 characters, fewer than the 100"),
    "roles: three": (_roles(lambda r: r[:3]), "roles.json: 3 characters, fewer than the 100"),
    "roles: thousands": (_roles(lambda r: [{"id": f"r{n}"} for n in range(6000)]),
                         "roles.json: 6,000 entries, more than the 5,000 characters"),
    "roles: an object": (_write("roles.json", '{"roles": []}'), "roles.json: must be an array"),
    "roles: a name that is a number": (_roles(lambda r: _set(r, 0, name=5)),
                                       "roles.json: entry 1 ('lanternkeeper'): field 'name' must be a string"),
    "roles: a team that is a list": (_roles(lambda r: _set(r, 0, team=["townsfolk"])),
                                     "roles.json: entry 1 ('lanternkeeper'): field 'team' must be a string"),
    "roles: no fabled": (_roles(lambda r: [e for e in r if e["team"] != "fabled"]),
                         "roles.json: no fabled among its 119 characters"),
    "roles: a hundred megabytes": (_huge, "roles.json: 104,857,600 bytes, more than the 16 MiB a file may have"),
    "roles: a number too long": (_write("roles.json", "[" + "9" * 5000 + "]"),
                                 "roles.json: entry 1: must be an object with an 'id'"),
    "roles: nested too deep": (_write("roles.json", "[" * 100_000), "roles.json: not usable JSON: arrays or objects nested"),
    "roles: not UTF-8": (lambda f: (f / "roles.json").write_bytes(b'["\xff"]'), "roles.json: not UTF-8 text"),
    "sheet: empty arrays": (_write("nightsheet.json", '{"firstNight": [], "otherNight": []}'),
                            "nightsheet.json: firstNight has 0 steps, fewer than the 20"),
    "sheet: an array": (_write("nightsheet.json", "[]"), "nightsheet.json: must be an object"),
    "sheet: no other night": (_write("nightsheet.json", '{"firstNight": []}'),
                              "nightsheet.json: 'otherNight' must be an array of ids"),
    "sheet: a number for an id": (_sheet("firstNight", lambda s: [*s[:2], 7, *s[2:]]),
                                  "nightsheet.json: firstNight entry 3 must be an id (a string)"),
    "sheet: an unknown id": (_sheet("otherNight", lambda s: [*s[:3], "nosuchone", *s[3:]]),
                             "nightsheet.json: otherNight entry 4 names 'nosuchone', which is no character in roles.json"),
    "sheet: an id twice": (_sheet("otherNight", lambda s: [*s, "forger"]),
                           "nightsheet.json: otherNight entry 23 names 'forger' a second time (entry 2)"),
    "sheet: a handful of steps": (_sheet("otherNight", lambda s: s[:5]),
                                  "nightsheet.json: otherNight has 5 steps, fewer than the 20"),
    "jinxes: an empty array": (_write("jinxes.json", "[]"), "jinxes.json: 0 jinxes, fewer than the 10"),
    "jinxes: an object": (_write("jinxes.json", "{}"), "jinxes.json: must be an array"),
    "jinxes: a jinx that is a string": (_jinxes(lambda j: _set(j, 0, jinx="none")),
                                        "jinxes.json: entry 1 ('gloomwyrm'): 'jinx' must be an array"),
    "jinxes: an unknown character": (_jinxes(lambda j: _set(j, 1, id="nosuchone")),
                                     "jinxes.json: entry 2 ('nosuchone'): 'nosuchone' is no character in roles.json"),
    "jinxes: an unknown partner": (_jinxes(lambda j: _set(j, 0, jinx=[{"id": "nobody", "reason": "r"}])),
                                   "jinxes.json: entry 1 ('gloomwyrm'): jinx 1 names 'nobody', which is no character"),
    "no jinxes file": (lambda f: (f / "jinxes.json").unlink(), "has no jinxes.json (the official data is the three files"),
    "no night sheet nor roles": (lambda f: [(f / n).unlink() for n in ("roles.json", "nightsheet.json")],
                                 "has no roles.json and nightsheet.json"),
}


@pytest.fixture
def kept(tmp_path: Path) -> bytes:
    """Good data imported: the bytes that must stay."""
    assert main(["data", "import", str(write_release(tmp_path / "good"))]) == 0
    return official_data_path().read_bytes()


def test_an_empty_roles_file_is_refused_and_the_old_data_stays(kept, tmp_path: Path, capsys) -> None:
    folder = write_release(tmp_path / "empty")
    (folder / "roles.json").write_text("[]", encoding="utf-8")
    capsys.readouterr()
    assert main(["data", "import", str(folder)]) == 1
    err = capsys.readouterr().err
    assert f"{folder}: roles.json: 0 characters" in err and "the data kept before is unchanged" in err
    assert official_data_path().read_bytes() == kept


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_folder_is_refused_naming_the_problem(kept, tmp_path: Path, capsys, case: str) -> None:
    breaks, message = BROKEN[case]
    folder = write_release(tmp_path / "broken")
    breaks(folder)
    capsys.readouterr()
    assert main(["data", "import", str(folder)]) == 1
    err = capsys.readouterr().err
    assert message in err and str(folder) in err and "Traceback" not in err
    assert official_data_path().read_bytes() == kept
    assert sorted(p.name for p in official_data_path().parent.iterdir()) == ["official-data.json"]


def test_the_checks_refuse_what_is_kept_too(tmp_path: Path) -> None:
    # The same checks read the kept file (and a backup): what fails them is never used.
    folder = write_release(tmp_path)
    texts = {name: (folder / name).read_text(encoding="utf-8") for name in ("roles.json", "nightsheet.json")}
    texts["jinxes.json"] = "[]"
    with pytest.raises(OfficialDataError, match="jinxes.json: 0 jinxes"):
        parse_official(texts)
    texts["jinxes.json"] = " " * (FILE_LIMIT + 1)
    with pytest.raises(OfficialDataError, match="jinxes.json: 16,777,217 bytes, more than the 16 MiB"):
        parse_official(texts)


def test_a_runaway_download_stops_at_the_limit(tmp_path: Path, capsys) -> None:
    root = write_release(tmp_path / "served")
    with open(root / "roles.json", "r+b") as handle:
        handle.truncate(FILE_LIMIT + 1)
    with serving(root) as url:
        assert main(["data", "update", "--url", url]) == 1
    err = capsys.readouterr().err
    assert f"{url}roles.json: more than the 16 MiB a file may have" in err
    assert not official_data_path().exists()


def test_a_kept_file_with_a_text_that_is_no_string_is_damaged(capsys) -> None:
    official_data_path().parent.mkdir(parents=True, exist_ok=True)
    files = {"roles.json": 5, "nightsheet.json": "{}", "jinxes.json": "[]"}
    official_data_path().write_text(json.dumps({"fetched": "", "source": "", "files": files}), encoding="utf-8")
    assert main(["data"]) == 1
    err = capsys.readouterr().err
    assert f"{official_data_path()}: damaged" in err and "Traceback" not in err
