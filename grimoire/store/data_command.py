"""The ``data`` command: what official data is loaded, ``update`` (fetch) and ``import PATH``."""

from __future__ import annotations

from grimoire.console import echo
from grimoire.core.official import ATTRIBUTION, OfficialData, OfficialDataError
from grimoire.store import official_data
from grimoire.store.paths import official_data_path


def run_data(action: str | None, path: str | None = None, url: str | None = None) -> int:
    try:
        if action == "update":
            echo(f"fetching the official data from {official_data.base_url(url)} …")
            data = official_data.fetch(url)
        elif action == "import":
            data = official_data.import_from(path or ".")
        else:
            data = official_data.loaded()
            if data is None:
                echo("No official data is loaded. `grimoire data update` fetches it "
                     "(or `grimoire data import PATH` from a local copy).")
                echo(f"\n{ATTRIBUTION}")
                return 0
    except OfficialDataError as exc:
        echo(f"grimoire data: {exc}", err=True)
        return 1
    except OSError as exc:
        echo(f"grimoire data: {official_data_path()}: cannot write ({exc.strerror})", err=True)
        return 1
    for line in describe(data):
        echo(line)
    return 0


def describe(data: OfficialData) -> list[str]:
    counts = data.counts()
    teams = ", ".join(f"{n} {team}" for team, n in counts.items() if team not in ("roles", "jinxes") and n)
    lines = [
        f"Official data: {counts['roles']} characters ({teams}), {counts['jinxes']} jinxes, "
        f"{len(data.first_night)} first-night and {len(data.other_night)} other-night steps.",
        f"Fetched {data.fetched} from {data.source}",
        f"Kept in {official_data_path()}",
    ]
    if data.skipped:
        lines.append(f"{data.skipped} characters of a kind this Grimoire does not know yet are left out.")
    return lines + ["", ATTRIBUTION]
