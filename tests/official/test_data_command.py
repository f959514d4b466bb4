"""``grimoire data``: update from a server (a local one here), import a copy, show what is loaded;
a failed update leaves the old data as it was."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from grimoire.cli import main
from grimoire.core.official import OfficialDataError, parse_official
from grimoire.store.official_data import loaded
from grimoire.store.paths import official_data_path
from grimoire.store.saves import write_atomic

from .conftest import serving, write_release


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A web server on 127.0.0.1 serving a release's folder: (its address, the folder)."""
    root = write_release(tmp_path / "served")
    with serving(root) as url:
        yield url, root


def test_without_data_the_command_says_how_to_get_it(capsys) -> None:
    assert main(["data"]) == 0
    out = capsys.readouterr().out
    assert "No official data is loaded" in out and "grimoire data update" in out
    assert "The Pandemonium Institute" in out


def test_update_fetches_checks_and_keeps_the_data(server, capsys) -> None:
    url, _ = server
    assert main(["data", "update", "--url", url]) == 0
    out = capsys.readouterr().out
    assert "120 characters (114 townsfolk, 1 outsider, 2 minion, 1 demon, 1 traveller, 1 fabled), 12 jinxes" in out
    assert "1 character of a kind this Grimoire does not know yet is left out" in out
    assert "The Pandemonium Institute" in out and url in out
    data = loaded()
    assert data is not None and data.role("Lantern_Keeper").name == "Lantern Keeper"
    assert main(["data"]) == 0
    shown = capsys.readouterr().out
    assert "Fetched " in shown and url in shown and "120 characters" in shown


def test_the_address_can_come_from_the_environment(server, monkeypatch, capsys) -> None:
    url, _ = server
    monkeypatch.setenv("GRIMOIRE_DATA_URL", url)
    assert main(["data", "update"]) == 0
    assert loaded() is not None


@pytest.mark.parametrize(
    ("broken", "content", "message"),
    [
        ("jinxes.json", None, "404"),
        ("roles.json", "[{\"id\": \"x\",", "roles.json: not JSON"),
        ("nightsheet.json", '{"firstNight": "dusk"}', "nightsheet.json: 'firstNight' must be an array of ids"),
        ("roles.json", '[{"id": "x", "name": "X", "team": "minion"}]', "roles.json: entry 1 ('x'): missing field 'ability'"),
    ],
)
def test_a_failed_update_leaves_the_old_data(server, capsys, broken, content, message) -> None:
    url, root = server
    assert main(["data", "update", "--url", url]) == 0
    before = official_data_path().read_bytes()
    if content is None:
        (root / broken).unlink()
    else:
        (root / broken).write_text(content, encoding="utf-8")
    capsys.readouterr()
    assert main(["data", "update", "--url", url]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert official_data_path().read_bytes() == before
    assert not [p for p in official_data_path().parent.iterdir() if p.name.endswith(".tmp")]


def test_an_unreachable_server_is_a_clear_error(capsys) -> None:
    assert main(["data", "update", "--url", "http://127.0.0.1:9/"]) == 1
    err = capsys.readouterr().err
    assert "could not be fetched" in err and not official_data_path().exists()


def test_import_takes_a_folder_or_a_checkout(tmp_path: Path, capsys) -> None:
    checkout = tmp_path / "botc-release"
    write_release(checkout / "resources" / "data")
    assert main(["data", "import", str(checkout)]) == 0
    assert "120 characters" in capsys.readouterr().out
    folder = write_release(tmp_path / "copy")
    assert main(["data", "import", str(folder)]) == 0
    assert loaded() is not None and loaded().source == str(folder)


def test_import_of_a_folder_without_the_files_says_so(tmp_path: Path, capsys) -> None:
    assert main(["data", "import", str(tmp_path)]) == 1
    assert "holds neither roles.json, nightsheet.json, jinxes.json" in capsys.readouterr().err


def test_jinx_errors_name_the_place(tmp_path: Path) -> None:
    folder = write_release(tmp_path)
    texts = {name: (folder / name).read_text(encoding="utf-8") for name in ("roles.json", "nightsheet.json")}
    texts["jinxes.json"] = '[{"id": "forger", "jinx": [{"id": "lanternkeeper"}]}]'
    with pytest.raises(OfficialDataError, match=r"jinxes.json: entry 1 \('forger'\): jinx 1: must be an object"):
        parse_official(texts)


def test_data_written_again_is_read_again_at_the_same_time_and_size(tmp_path: Path) -> None:
    # An atomic write within one tick of the clock, of the same size: only the inode tells.
    assert main(["data", "import", str(write_release(tmp_path))]) == 0
    path = official_data_path()
    before = path.stat()
    assert loaded().role("lanternkeeper").name == "Lantern Keeper"
    write_atomic(path, path.read_text(encoding="utf-8").replace("Lantern Keeper", "Lantern Kerper"), backup=False)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert loaded().role("lanternkeeper").name == "Lantern Kerper"
