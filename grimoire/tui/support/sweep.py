"""The start's garbage swept while the collector is held off, from the app and from the
grimoire's screen alike (both import it here, so the screen need not import the app)."""

from __future__ import annotations

import gc


def sweep_start() -> None:
    """While the start holds the collector off (grimoire.cli): free what it has thrown away so
    far, and freeze what it made, so that the first frame's lines reuse the freed memory (a
    lower peak: docs/benchmarks.md) and no later sweep passes over those objects again."""
    if not gc.isenabled():
        gc.collect()
        gc.freeze()
