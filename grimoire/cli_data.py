"""The ``data`` command: what official data is loaded and its backup, ``update`` (fetch),
``import PATH`` and ``restore`` (the data before the last import or update)."""

from __future__ import annotations

from grimoire.console import echo
from grimoire.core.freetext import counted
from grimoire.core.official import ATTRIBUTION, OfficialData, OfficialDataError
from grimoire.store import official_data
from grimoire.store.paths import official_backup_path, official_data_path


def run_data(action: str | None, path: str | None = None, url: str | None = None) -> int:
    try:
        if action == "update":
            echo(f"fetching the official data from {official_data.base_url(url)} …")
            data = official_data.fetch(url)
        elif action == "import":
            data = official_data.import_from(path or ".")
        elif action == "restore":
            data = official_data.restore()
            echo(f"Restored the official data {summary(data)}.")
        else:
            return _show()
    except OfficialDataError as exc:
        echo(f"grimoire data: {exc}", err=True)
        return 1
    except OSError as exc:
        echo(f"grimoire data: {exc.filename or official_data_path()}: cannot write ({exc.strerror})", err=True)
        return 1
    for line in describe(data):
        echo(line)
    return 0


def _show() -> int:
    try:
        data = official_data.loaded()
    except OfficialDataError as exc:
        echo(f"grimoire data: {exc}", err=True)
        for line in backup_lines():
            echo(line, err=True)
        return 1
    if data is None:
        echo("No official data is loaded. `grimoire data update` fetches it "
             "(or `grimoire data import PATH` from a local copy).")
        if official_backup_path().exists():  # the data itself deleted: its backup is still there
            for line in backup_lines():
                echo(line)
        echo(f"\n{ATTRIBUTION}")
        return 0
    for line in describe(data):
        echo(line)
    return 0


def summary(data: OfficialData) -> str:
    counts = data.counts()
    return (f"fetched {data.fetched} from {data.source}: {counted(counts['roles'], 'character')}, "
            f"{counted(counts['jinxes'], 'jinx', 'jinxes')}")


def describe(data: OfficialData) -> list[str]:
    counts = data.counts()
    teams = ", ".join(f"{n} {team}" for team, n in counts.items() if team not in ("roles", "jinxes") and n)
    lines = [
        f"Official data: {counted(counts['roles'], 'character')} ({teams}), "
        f"{counted(counts['jinxes'], 'jinx', 'jinxes')}, {len(data.first_night)} first-night and "
        f"{counted(len(data.other_night), 'other-night step')}.",
        f"Fetched {data.fetched} from {data.source}",
        f"Kept in {official_data_path()}",
    ]
    if data.skipped:
        lines.append(f"{counted(data.skipped, 'character')} of a kind this Grimoire does not know yet "
                     f"{'is' if data.skipped == 1 else 'are'} left out.")
    return lines + backup_lines() + ["", ATTRIBUTION]


def backup_lines() -> list[str]:
    """The backup (the data before the last import or update): its date and counts, or that there is none."""
    try:
        backup = official_data.backup()
    except OfficialDataError as exc:
        return [f"The backup cannot be restored: {exc}"]
    if backup is None:
        return ["No backup: one is kept when an import or update replaces the data."]
    return [f"Backup, `grimoire data restore` brings it back: {summary(backup)}",
            f"Kept in {official_backup_path()}"]
