"""What a Night of the Mummy page is sent: the table everyone sees, and on a player's own page
their own cards and deduction grid. Pure (no Textual, no Rich, no aiohttp).

The table's page holds only what is face-up (a revealed guest, a revealed Mystery Guest, every
card once someone has won), the guests in the game (the Accusation cards, public), whose turn
it is and the table's log (which names a card only once it is face-up). A seat's page adds that
seat's own cards (grimoire.games.mummy.phones) and its grid, filled in from its own card, the
face-up cards, what its cards taught it and what every accusation taught everyone: never
another seat's card. Every string is made printable; the page puts each in as text.

``MummyReader`` is what ``grimoire serve`` is handed to recognise the game's autosave.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from grimoire.core.freetext import printable
from grimoire.core.limits import read_bytes, read_text
from grimoire.core.value import frozen
from grimoire.games.mummy import save
from grimoire.games.mummy.grid import SYMBOL
from grimoire.games.mummy.phones import Phones, phone_grid
from grimoire.games.mummy.rules import MasqueradeGame

VERSION = 1
LOG_LINES = 12  # the table's latest lines
FACE = {"always": "hides their face", "never": "shows their face", "conditional": "hides unless a neighbour dances"}
WHISPER = {"honest": "answers inquiries honestly", "always_no": "whispers No to every inquiry",
           "always_yes": "whispers Yes to every inquiry"}


def _t(text: str) -> str:
    return printable(text)


def turn_words(game: MasqueradeGame) -> str:
    """Whose turn it is, in the table's words (public facts only)."""
    if game.winner is not None:
        return f"{game.place_name(game.winner)} wins. Every card is face-up."
    if game.turn is None:
        return "Who goes first? The laptop asks."
    name = game.place_name(game.turn)
    if game.anubis_accuses is not None:
        return f"{game.place_name(game.anubis_accuses)}, the Statue of Anubis, accuses now."
    if game.must_inquire:
        return f"{name}'s turn: refused, so an inquiry of a different player."
    if game.turn in game.revealed:
        return f"{name}'s turn: inquire or accuse (revealed: no dance)."
    return f"{name}'s turn: inquire, dance or accuse."


def _players(game: MasqueradeGame, me: int | None) -> list[dict[str, Any]]:
    over = game.winner is not None
    out = []
    for seat, name in enumerate(game.setup.players):
        face_up = seat in game.revealed or over
        out.append({"n": seat + 1, "name": _t(name), "guest": _t(game.guest(seat).name) if face_up else "",
                    "revealed": seat in game.revealed, "turn": seat == game.turn and not over,
                    "winner": seat == game.winner, "me": seat == me})
    return out


def _mystery(game: MasqueradeGame) -> list[dict[str, Any]]:
    over = game.winner is not None
    return [{"n": k + 1, "guest": _t(game.catalogue[g].name) if k in game.mystery_revealed or over else ""}
            for k, g in enumerate(game.setup.mystery)]


def _guests(game: MasqueradeGame) -> list[dict[str, Any]]:
    out = []
    for guest_id in game.setup.chosen:
        guest = game.catalogue[guest_id]
        out.append({"name": _t(guest.name), "face": FACE[guest.hides_face], "whisper": WHISPER[guest.inquiry],
                    "ability": _t(guest.ability), "advanced": guest.advanced})
    return out


def _grid(game: MasqueradeGame, phones: Phones | None, seat: int) -> dict[str, Any]:
    grid = phone_grid(game, phones or Phones(""), seat)
    return {"rows": [_t(game.place_name(p)) for p in grid.rows],
            "columns": [_t(game.catalogue[g].name.removeprefix("The ")) for g in grid.columns],
            "short": [_t(game.catalogue[g].short or game.catalogue[g].name) for g in grid.columns],
            "marks": ["".join(SYMBOL[m] for m in line) for line in grid.marks]}


def page_state(party: save.Party, me: int | None, seen: Mapping[str, str]) -> dict[str, Any]:
    game, phones = party.game, party.phones
    state: dict[str, Any] = {
        "v": VERSION,
        "game": "mummy",
        "title": "Night of the Mummy",
        "players": _players(game, me),
        "mystery": _mystery(game),
        "guests": _guests(game),
        "turn": _t(turn_words(game)),
        "over": game.winner is not None,
        "log": [_t(line) for line in party.log[-LOG_LINES:]],
        "phones": phones is not None,
        "me": None,
    }
    if me is not None and 0 <= me < game.seats:
        cards = phones.of(me) if phones is not None else ()
        state["me"] = {
            "n": me + 1,
            "name": _t(game.setup.players[me]),
            "cards": [{"id": c.id, "kind": c.kind, "title": _t(c.title), "lines": [_t(line) for line in c.lines],
                       "state": seen.get(c.id, "new")} for c in cards],
            "grid": _grid(game, phones, me),
        }
    return state


@frozen
class MummyTable:
    """One reading of the game's autosave (grimoire.web.other_game.OtherGame)."""

    party: save.Party

    @property
    def page(self) -> str:
        return "mummy"

    def state(self, seat: int | None, seen: Mapping[str, str]) -> dict[str, Any]:
        return page_state(self.party, seat, seen)

    def card_ids(self, seat: int) -> frozenset[str]:
        phones = self.party.phones
        return frozenset(c.id for c in phones.of(seat)) if phones is not None else frozenset()


HEAD = b'game = "mummy"'


class MummyReader:
    """Recognises Night of the Mummy's autosave and reads it (grimoire.web.other_game.OtherReader)."""

    def recognises(self, path: Path) -> bool:
        try:
            return read_bytes(path).lstrip(b"\xef\xbb\xbf").startswith(HEAD)
        except (OSError, ValueError):
            return False

    def read(self, path: Path) -> MummyTable | None:
        try:
            data = tomllib.loads(read_text(path).removeprefix("\ufeff"))
            if data.get("game") != save.KEY:
                return None
            fmt = data.get("format")
            if not isinstance(fmt, int) or fmt > save.PHONES_FORMAT:
                return None
            return MummyTable(save.from_dict(data))
        except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
            return None
