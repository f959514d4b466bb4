"""Bringing in the official release data: fetched from The Pandemonium Institute's
``botc-release`` repository, or imported from a local copy; checked before anything is kept,
and kept in one file written atomically, so that a failed update leaves the old data as it was.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

from grimoire.core.limits import FileRefused, read_text
from grimoire.core.official import FILES, OfficialData, OfficialDataError, parse_official, read_official
from grimoire.store.paths import official_data_path

DEFAULT_BASE = "https://raw.githubusercontent.com/ThePandemoniumInstitute/botc-release/main/resources/data/"
BASE_ENV = "GRIMOIRE_DATA_URL"  # another address for the three files (a mirror, a test server)
_LIMIT = 20_000_000  # bytes per file: far above the real ones, far below a runaway download


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
            raw = response.read(_LIMIT + 1)
    except urllib.error.HTTPError as exc:
        raise OfficialDataError(f"{url}: the server answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise OfficialDataError(f"{url}: could not be fetched ({reason})") from None
    if len(raw) > _LIMIT:
        raise OfficialDataError(f"{url}: larger than {_LIMIT // 1_000_000} MB: not the release data")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise OfficialDataError(f"{url}: not UTF-8 text") from None


def import_from(path: str | Path) -> OfficialData:
    """A folder holding the three files, or a checkout of the repository (resources/data)."""
    folder = Path(path)
    for candidate in (folder, folder / "resources" / "data"):
        # exists, not is_file: a FIFO or a device in a file's place is refused by name below.
        if all((candidate / name).exists() for name in FILES):
            texts = {}
            for name in FILES:
                try:
                    texts[name] = read_text(candidate / name)
                except FileRefused as exc:
                    raise OfficialDataError(f"{exc}; the data kept before is unchanged") from None
                except (OSError, UnicodeDecodeError) as exc:
                    raise OfficialDataError(f"{candidate / name}: cannot be read ({exc})") from None
            return keep(texts, str(candidate.resolve()))
    names = ", ".join(FILES)
    raise OfficialDataError(f"{folder}: holds neither {names} nor a checkout's resources/data with them")


def keep(texts: dict[str, str], source: str) -> OfficialData:
    """Check the texts, then replace the kept data in one atomic write: all or nothing."""
    fetched = datetime.now(timezone.utc).replace(microsecond=0).isoformat()
    try:
        data = parse_official(texts, fetched, source)
    except OfficialDataError as exc:
        raise OfficialDataError(f"{source}: {exc}; the data kept before is unchanged") from None
    held = {"fetched": fetched, "source": source, "files": texts}
    from grimoire.store.saves import write_atomic

    write_atomic(official_data_path(), json.dumps(held, ensure_ascii=False), backup=False)
    return data


def loaded() -> OfficialData | None:
    return read_official(official_data_path())
