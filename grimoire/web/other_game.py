"""Games other than Blood on the Clocktower that ``grimoire serve`` shows: an assistant game
played with the players' phones (Night of the Mummy) brings its own reader of its save.

The server names no such game: whoever starts it (the command line) hands it the readers, and
each says whether a file is its game's and reads it into something that makes each page's
state. The server gives each seat's page the state made for that seat alone, and the table's
page the state made for nobody. Pure: no Textual, no Rich, no aiohttp.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

import attrs

from grimoire.core.value import frozen


class OtherGame(Protocol):
    """One reading of another game's save."""

    @property
    def page(self) -> str:
        """The stem of its page's files in grimoire/web/page ("mummy": mummy.html, .css, .js)."""
        ...

    def state(self, seat: int | None, seen: Mapping[str, str]) -> dict[str, Any]:
        """A page's state: the table's (``seat`` None: nothing private), or one seat's (its own
        private cards and nothing of another's). ``seen``: card id -> opened or seen."""
        ...

    def card_ids(self, seat: int) -> frozenset[str]:
        """The ids of the cards sent to ``seat``'s phone: the only ones its page may mark."""
        ...


class OtherReader(Protocol):
    def recognises(self, path: Path) -> bool:
        """Whether the file is this game's save (a look at its first bytes)."""
        ...

    def read(self, path: Path) -> OtherGame | None:
        """The game, or None if the file cannot be read as one just now."""
        ...


@frozen
class OtherShown:
    """One reading of another game's table, as the server shows it."""

    game: OtherGame
    codes: dict[int, str]  # seat index -> its link's code (never sent to any page)
    seen: dict[str, str] = attrs.field(factory=dict)


def recognised(path: Path, others: tuple[OtherReader, ...]) -> OtherReader | None:
    return next((reader for reader in others if reader.recognises(path)), None)
