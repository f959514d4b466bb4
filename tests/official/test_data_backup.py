"""The official data an import or update replaces is kept as a backup, written whole before the
replace; ``grimoire data`` shows it and ``grimoire data restore`` brings it back, checked as an
import is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grimoire.cli import main
from grimoire.store.official_data import loaded
from grimoire.store.paths import official_backup_path, official_data_path

from .conftest import serving, write_release


def _newer(folder: Path) -> Path:
    """A release with the Lantern Keeper renamed and one Understudy fewer."""
    write_release(folder)
    roles = json.loads((folder / "roles.json").read_text(encoding="utf-8"))
    roles[0]["name"] = "Lamp Warden"
    (folder / "roles.json").write_text(json.dumps([r for r in roles if r["id"] != "understudy110"]), encoding="utf-8")
    return folder


@pytest.fixture
def older(tmp_path: Path) -> bytes:
    """The first data imported: the bytes a backup must hold."""
    assert main(["data", "import", str(write_release(tmp_path / "older"))]) == 0
    return official_data_path().read_bytes()


def test_restore_brings_back_the_data_a_good_import_replaced(older, tmp_path: Path, capsys) -> None:
    first = loaded()
    assert main(["data", "import", str(_newer(tmp_path / "newer"))]) == 0
    newer = official_data_path().read_bytes()
    out = capsys.readouterr().out
    assert "119 characters" in out and f"Backup, `grimoire data restore` brings it back: fetched {first.fetched}" in out
    assert official_backup_path().read_bytes() == older  # the very file it replaced
    second = loaded()
    assert second.role("lanternkeeper").name == "Lamp Warden"

    assert main(["data", "restore"]) == 0
    out = capsys.readouterr().out
    assert f"Restored the official data fetched {first.fetched} from {tmp_path / 'older'}: 120 characters, 12 jinxes." in out
    assert official_data_path().read_bytes() == older
    assert loaded().role("lanternkeeper").name == "Lantern Keeper"
    assert official_backup_path().read_bytes() == newer  # what it replaced: a second restore undoes it
    # The backup now is the newer data, with its own date (a second later, on a slow machine).
    assert f"brings it back: fetched {second.fetched} from {tmp_path / 'newer'}: 119 characters" in out
    assert not [p for p in official_data_path().parent.iterdir() if p.name.endswith(".tmp")]


def test_data_shows_the_backup_with_its_date_and_counts(older, tmp_path: Path, capsys) -> None:
    assert main(["data"]) == 0
    assert "No backup: one is kept when an import or update replaces the data." in capsys.readouterr().out
    first = loaded()
    assert main(["data", "import", str(_newer(tmp_path / "newer"))]) == 0
    capsys.readouterr()
    assert main(["data"]) == 0
    out = capsys.readouterr().out
    assert "Official data: 119 characters" in out
    assert (f"Backup, `grimoire data restore` brings it back: fetched {first.fetched} from {tmp_path / 'older'}: "
            "120 characters, 12 jinxes") in out
    assert f"Kept in {official_backup_path()}" in out


def test_an_update_keeps_a_backup_too(older, tmp_path: Path) -> None:
    with serving(_newer(tmp_path / "served")) as url:
        assert main(["data", "update", "--url", url]) == 0
    assert official_backup_path().read_bytes() == older


def test_without_a_backup_restore_refuses(older, capsys) -> None:
    assert main(["data", "restore"]) == 1
    err = capsys.readouterr().err
    assert f"{official_backup_path()}: no backup to restore" in err
    assert official_data_path().read_bytes() == older and not official_backup_path().exists()


def test_a_backup_that_fails_the_checks_is_not_restored(older, capsys) -> None:
    held = json.loads(older)
    held["files"]["roles.json"] = "[]"
    official_backup_path().write_text(json.dumps(held), encoding="utf-8")
    assert main(["data", "restore"]) == 1
    err = capsys.readouterr().err
    assert f"{official_backup_path()}: roles.json: 0 characters" in err
    assert "nothing is restored, the data in use is unchanged" in err
    assert official_data_path().read_bytes() == older
    assert main(["data"]) == 0
    assert "The backup cannot be restored: " in capsys.readouterr().out


def test_a_refused_import_touches_neither_the_data_nor_its_backup(older, tmp_path: Path) -> None:
    assert main(["data", "import", str(_newer(tmp_path / "newer"))]) == 0
    kept, backup = official_data_path().read_bytes(), official_backup_path().read_bytes()
    broken = write_release(tmp_path / "broken")
    (broken / "roles.json").write_text("[]", encoding="utf-8")
    assert main(["data", "import", str(broken)]) == 1
    assert official_data_path().read_bytes() == kept and official_backup_path().read_bytes() == backup


def test_the_same_data_again_keeps_the_older_backup(older, tmp_path: Path) -> None:
    newer = _newer(tmp_path / "newer")
    assert main(["data", "import", str(newer)]) == 0
    assert main(["data", "import", str(newer)]) == 0
    assert official_backup_path().read_bytes() == older


def test_damaged_data_is_no_backup_and_the_backup_is_offered(older, tmp_path: Path, capsys) -> None:
    assert main(["data", "import", str(_newer(tmp_path / "newer"))]) == 0
    official_data_path().write_text("{", encoding="utf-8")  # the data in use damaged
    capsys.readouterr()
    assert main(["data"]) == 1
    err = capsys.readouterr().err
    assert f"{official_data_path()}: damaged" in err and "brings it back: fetched" in err
    assert main(["data", "import", str(write_release(tmp_path / "again"))]) == 0
    assert official_backup_path().read_bytes() == older  # not replaced by the damaged file
    official_data_path().write_text("{", encoding="utf-8")
    assert main(["data", "restore"]) == 0
    assert official_data_path().read_bytes() == older
