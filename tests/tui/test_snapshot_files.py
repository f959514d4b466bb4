"""Every picture in ``tests/tui/__snapshots__`` belongs to a snapshot test.

syrupy fails a run that leaves a snapshot file unused, but only when the suite runs in one
process: under pytest-xdist (``make test``) it cannot tell, so this test does. A picture left
behind by a renamed or removed test would otherwise stay, compared with nothing.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

SNAPSHOTS = Path(__file__).parent / "__snapshots__"


def snapshot_names(module_name: str) -> set[str]:
    """The snapshot file names (without .svg) the tests of one module write."""
    module = importlib.import_module(f".{module_name}", __package__)
    names = set()
    for name, test in vars(module).items():
        if not name.startswith("test_") or "snap_compare" not in inspect.signature(test).parameters:
            continue
        marks = [m for m in getattr(test, "pytestmark", []) if m.name == "parametrize"]
        assert len(marks) <= 1, f"{module_name}.{name}: name its snapshot files here"
        if not marks:
            names.add(name)
            continue
        ids = marks[0].kwargs.get("ids")
        assert isinstance(ids, list), f"{module_name}.{name}: give the parametrize ids as a list"
        names |= {f"{name}[{i}]" for i in ids}
    return names


def test_every_snapshot_file_belongs_to_a_snapshot_test() -> None:
    folders = [f for f in SNAPSHOTS.iterdir() if f.is_dir()]
    assert folders
    for folder in folders:
        files = {p.name.removesuffix(".svg") for p in folder.iterdir()}
        unused = files - snapshot_names(folder.name)
        assert not unused, f"{folder}: no test writes {sorted(unused)}; delete them"
