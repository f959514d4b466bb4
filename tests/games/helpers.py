"""What the assistant games' Pilot tests share: the terminal, waiting for the autosave, a
command run from the palette, and an autosave file written by hand (a damaged or newer one)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from pilot_keys import type_text, until
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input

from grimoire.games import persist

SIZE = (140, 45)


async def settle(app: Any) -> None:
    """Wait for the autosave's reads and writes (not for dialogs waiting on a key): the read
    is a worker, the writes are the saver's own thread."""
    for _ in range(2):  # a read may start a write
        workers = [w for w in app.workers if w.group in ("autosave", "autosave-read")]
        if workers:  # an empty list would mean every worker, dialogs included
            await app.workers.wait_for_complete(workers)
        await Pilot(app).pause()  # what the worker handed back is handled
        savers = {id(s._saver): s._saver for s in app.screen_stack if getattr(s, "_saver", None)}
        for saver in savers.values():
            assert await asyncio.to_thread(saver.flush, 10), f"{saver.path} was not written"


async def from_the_palette(pilot: Any, text: str) -> None:
    """Open the command palette, type ``text`` and run the first command found."""
    await pilot.press("ctrl+p")
    await until(pilot, lambda: isinstance(pilot.app.screen, CommandPalette), "the command palette")
    palette = pilot.app.screen
    await type_text(pilot, text)

    def found() -> bool:
        searching = any(w.group == CommandPalette._GATHER_COMMANDS_GROUP for w in pilot.app.workers)
        return (palette.query_one(Input).value == text and not searching
                and palette.query_one(CommandList).option_count > 0)

    await until(pilot, found, f"the commands matching {text!r}")
    await pilot.press("enter")


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
