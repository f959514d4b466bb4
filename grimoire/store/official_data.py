"""Bringing in the official release data: fetched from The Pandemonium Institute's
``botc-release`` repository, or imported from a local copy; checked before anything is kept,
and kept in one file written atomically, so that a failed update leaves the old data as it was.
The data it replaces is kept beside it as a backup, which ``restore`` brings back.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

from grimoire.core.limits import FileRefused, read_text
from grimoire.core.official import FILES, OfficialData, OfficialDataError, parse_official, read_official
from grimoire.core.official_checks import FILE_LIMIT, FILE_LIMIT_TEXT, too_large
from grimoire.store.paths import official_backup_path, official_data_path

DEFAULT_BASE = "https://raw.githubusercontent.com/ThePandemoniumInstitute/botc-release/main/resources/data/"
BASE_ENV = "GRIMOIRE_DATA_URL"  # another address for the three files (a mirror, a test server)


def base_url(base: str | None = None) -> str:
    base = base or os.environ.get(BASE_ENV) or DEFAULT_BASE
    return base if base.endswith("/") else base + "/"


def fetch(base: str | None = None, timeout: float = 30.0) -> OfficialData:
    """Fetch the three files, check them, keep them. OfficialDataError says what failed."""
    url = base_url(base)
    texts = {name: _download(url + name, timeout) for name in FILES}
    return keep(texts, url)


def _download(url: str, timeout: float) -> str:
    if not url.startswith(("https://", "http://")):
        raise OfficialDataError(f"{url}: only http and https addresses can be fetched")
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 (checked above)
            raw: bytes = response.read(FILE_LIMIT + 1)  # no more: a runaway download stops here
    except urllib.error.HTTPError as exc:
        raise OfficialDataError(f"{url}: the server answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise OfficialDataError(f"{url}: could not be fetched ({reason})") from None
    if len(raw) > FILE_LIMIT:
        raise OfficialDataError(f"{url}: more than the {FILE_LIMIT_TEXT} a file may have: not the release data")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise OfficialDataError(f"{url}: not UTF-8 text") from None


def import_from(path: str | Path) -> OfficialData:
    """A folder holding the three files, or a checkout of the repository (resources/data)."""
    folder = Path(path)
    names = ", ".join(FILES)
    candidates = (folder, folder / "resources" / "data")
    for candidate in candidates:
        # exists, not is_file: a FIFO or a device in a file's place is refused by name (_read).
        if all((candidate / name).exists() for name in FILES):
            return keep({name: _read(candidate / name) for name in FILES}, str(candidate.resolve()))
    for candidate in candidates:
        present = [name for name in FILES if (candidate / name).exists()]
        if present:
            missing = " and ".join(name for name in FILES if name not in present)
            raise OfficialDataError(f"{candidate}: has no {missing} (the official data is the three files {names})")
    raise OfficialDataError(f"{folder}: holds neither {names} nor a checkout's resources/data with them")


def _read(path: Path) -> str:
    try:
        problem = too_large(str(path), path.stat().st_size)  # before reading: it may not fit in memory
        if problem is not None:
            raise OfficialDataError(problem)
        # A byte-order mark at the start (Windows editors write one) is not the data's: as a script's.
        return read_text(path).removeprefix("\ufeff")
    except FileRefused as exc:
        raise OfficialDataError(f"{exc}; the data kept before is unchanged") from None
    except UnicodeDecodeError:
        raise OfficialDataError(f"{path}: not UTF-8 text; the data kept before is unchanged") from None
    except OSError as exc:
        raise OfficialDataError(f"{path}: cannot be read ({exc.strerror or 'an error of the system'}); "
                                "the data kept before is unchanged") from None


def keep(texts: dict[str, str], source: str) -> OfficialData:
    """Check the texts, then replace the kept data in one atomic write: all or nothing."""
    fetched = datetime.now(UTC).replace(microsecond=0).isoformat()
    try:
        data = parse_official(texts, fetched, source)
    except OfficialDataError as exc:
        raise OfficialDataError(f"{source}: {exc}; the data kept before is unchanged") from None
    held = {"fetched": fetched, "source": source, "files": texts}
    _replace(json.dumps(held, ensure_ascii=False), texts)
    return data


def restore() -> OfficialData:
    """The backup brought back, checked as an import is; the data it replaces becomes the
    backup (so a second restore undoes the first)."""
    backup = official_backup_path()
    try:
        data = read_official(backup)
        text = backup.read_text(encoding="utf-8") if data is not None else ""
    except (OfficialDataError, OSError) as exc:
        reason = exc if isinstance(exc, OfficialDataError) else f"{backup}: cannot be read ({exc.strerror})"
        raise OfficialDataError(f"{reason}; nothing is restored, the data in use is unchanged") from None
    if data is None:
        raise OfficialDataError(
            f"{backup}: no backup to restore (one is kept when an import or update replaces the data)"
        )
    _replace(text, json.loads(text)["files"])
    return data


def _replace(text: str, texts: Mapping[str, str]) -> None:
    """The kept data replaced by ``text`` (holding the files ``texts``), the data it replaces
    first written whole to the backup. Data that fails the checks is no backup (the backup kept
    before stays), nor is the same data again (importing one copy twice keeps the older one)."""
    from grimoire.store.saves import write_atomic

    path = official_data_path()
    try:
        current = path.read_text(encoding="utf-8") if read_official(path) is not None else None
    except (OfficialDataError, OSError, UnicodeDecodeError):
        current = None
    if current is not None and json.loads(current)["files"] != texts:
        write_atomic(official_backup_path(), current, backup=False)
    write_atomic(path, text, backup=False)


def loaded() -> OfficialData | None:
    return read_official(official_data_path())


def backup() -> OfficialData | None:
    """The data kept before the last import or update, or None; OfficialDataError if it is
    damaged or fails the checks."""
    return read_official(official_backup_path())
