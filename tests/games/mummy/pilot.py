"""What Night of the Mummy's Pilot tests share: guests, games and tables."""

from __future__ import annotations

import random
from typing import Any

from grimoire.games.mummy import rules
from grimoire.games.mummy.guests import GUESTS
from grimoire.games.mummy.party_log import PartyLog
from grimoire.games.mummy.table import TableScreen

GUEST_NAMES = [g.name for g in GUESTS]


def guests_shown(text: str) -> list[str]:
    return [name for name in GUEST_NAMES if name in text]


def seats_shown(table: TableScreen) -> str:
    return str(table.query_one("#mummy-seats").render())


def log_shown(table: TableScreen) -> str:
    """The shared log as its widget shows it, its wrapped rows joined again into one text."""
    rows = (strip.text.strip() for strip in table.query_one(PartyLog).lines)
    return " ".join(row for row in rows if row)


def game_of(players: tuple[str, ...], dealt: tuple[str, ...], mystery: tuple[str, ...], turn: int = 0) -> rules.MasqueradeGame:
    setup = rules.MasqueradeSetup(players, dealt + mystery, mystery, dealt)
    return rules.MasqueradeGame(setup, turn=turn)


async def open_table(pilot: Any, game: rules.MasqueradeGame, **kw: Any) -> TableScreen:
    await pilot.pause()
    # The setup screen holds the game's autosave for the window: the table writes through it.
    saver = next(s._saver for s in reversed(pilot.app.screen_stack) if hasattr(s, "_saver"))
    table = TableScreen(game, random.Random(7), saver, **kw)
    await pilot.app.push_screen(table)
    await pilot.pause()
    return table
