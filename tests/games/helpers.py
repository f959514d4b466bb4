"""What the assistant games' Pilot tests share: the terminal, waiting for the autosave, and
an autosave file written by hand (a damaged or newer one)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from grimoire.games import persist

SIZE = (140, 45)


async def settle(app: Any) -> None:
    """Wait for the autosave's reads and writes (not for dialogs waiting on a key)."""
    for _ in range(2):  # a read may start a write
        workers = [w for w in app.workers if w.group in ("autosave", "autosave-read")]
        if workers:  # an empty list would mean every worker, dialogs included
            await app.workers.wait_for_complete(workers)
        await asyncio.sleep(0.05)


async def opened(pilot: Any) -> None:
    """The game just opened: its autosave read and whatever that showed."""
    await pilot.pause()
    await settle(pilot.app)
    await pilot.pause()


def write_autosave(key: str, data: bytes) -> Path:
    """Put ``data`` where the game ``key`` keeps its autosave, as it would be found on disk."""
    path = persist.autosave_path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path
