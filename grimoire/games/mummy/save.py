"""Night of the Mummy game state as a plain dict (for the autosave) and back. Pure.

The file holds the secret deal, like the Phantom grimoire's autosave holds every character: it
stays on the host's machine and nothing here is ever shown on screen. The players' deduction
grids are memory only and are never saved.
"""

from __future__ import annotations

from typing import Any

import attrs

from grimoire.games.mummy.guests import CATALOGUE, GuestDef
from grimoire.games.mummy.rules import Inquiry, MasqueradeGame, MasqueradeSetup

KEY = "mummy"
FORMAT = 1


def to_dict(game: MasqueradeGame) -> dict[str, Any]:
    s = game.setup
    data: dict[str, Any] = {
        "format": FORMAT,
        "setup": {
            "players": list(s.players),
            "chosen": list(s.chosen),
            "mystery": list(s.mystery),
            "dealt": list(s.dealt),
            "combined": s.combined,
            "learning": s.learning,
        },
        "revealed": sorted(game.revealed),
        "mystery_revealed": sorted(game.mystery_revealed),
        "archeologist_accused": game.archeologist_accused,
    }
    # Guests of other sets were named by the host: keep their definitions with the game.
    extra = [
        attrs.asdict(game.catalogue[g])
        for g in s.chosen
        if g in game.catalogue and CATALOGUE.get(g) != game.catalogue[g]
    ]
    if extra:
        data["guests"] = [{k: v for k, v in row.items() if v is not None} for row in extra]
    if game.last_inquiry is not None:
        data["last_inquiry"] = attrs.asdict(game.last_inquiry)
    if game.last_dance is not None:
        data["last_dance"] = list(game.last_dance)
    if game.refused is not None:
        data["refused"] = list(game.refused)
    if game.winner is not None:
        data["winner"] = game.winner
    return data


def _strs(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} must be a list of names")
    return tuple(value)


def _int(value: Any, what: str, limit: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < limit:
        raise ValueError(f"{what} must be a number from 0 to {limit - 1}")
    return value


def _pair(value: Any, what: str, limit: int) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{what} must be two seats")
    return (_int(value[0], what, limit), _int(value[1], what, limit))


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false")
    return value


def from_dict(data: dict[str, Any]) -> MasqueradeGame:
    raw = data["setup"]
    if not isinstance(raw, dict):
        raise ValueError("[setup] must be a table")
    setup = MasqueradeSetup(
        players=_strs(raw["players"], "players"),
        chosen=_strs(raw["chosen"], "chosen"),
        mystery=_strs(raw["mystery"], "mystery"),
        dealt=_strs(raw["dealt"], "dealt"),
        combined=_bool(raw.get("combined", False), "combined"),
        learning=_bool(raw.get("learning", False), "learning"),
    )
    catalogue = dict(CATALOGUE)
    guests = data.get("guests", [])
    if not isinstance(guests, list) or not all(isinstance(g, dict) for g in guests):
        raise ValueError("guests must be an array of tables")
    for row in guests:
        guest = GuestDef(**row)
        catalogue[guest.id] = guest
    unknown = [g for g in setup.chosen if g not in catalogue]
    if unknown:
        raise ValueError(f"unknown guest(s): {', '.join(unknown)}")
    n = len(setup.players)
    if len(setup.dealt) != n:
        raise ValueError(f"{n} players but {len(setup.dealt)} guests dealt")
    if sorted(setup.dealt + setup.mystery) != sorted(setup.chosen):
        raise ValueError("the dealt and Mystery Guests are not the chosen guests")
    inquiry = data.get("last_inquiry")
    if inquiry is not None:
        if not isinstance(inquiry, dict):
            raise ValueError("last_inquiry must be a table")
        inquiry = Inquiry(
            asker=_int(inquiry["asker"], "last_inquiry.asker", n),
            target=_int(inquiry["target"], "last_inquiry.target", n),
            guess=str(inquiry["guess"]),
            whisper=_bool(inquiry["whisper"], "last_inquiry.whisper"),
        )
    revealed = data.get("revealed", [])
    mystery_revealed = data.get("mystery_revealed", [])
    if not isinstance(revealed, list) or not isinstance(mystery_revealed, list):
        raise ValueError("revealed and mystery_revealed must be lists of numbers")
    winner = data.get("winner")
    return MasqueradeGame(
        setup,
        catalogue=catalogue,
        revealed=frozenset(_int(s, "revealed", n) for s in revealed),
        mystery_revealed=frozenset(
            _int(s, "mystery_revealed", len(setup.mystery)) for s in mystery_revealed
        ),
        archeologist_accused=_bool(data.get("archeologist_accused", False), "archeologist_accused"),
        last_inquiry=inquiry,
        last_dance=_pair(data.get("last_dance"), "last_dance", n),
        refused=_pair(data.get("refused"), "refused", n),
        winner=None if winner is None else _int(winner, "winner", n),
    )


def summary(game: MasqueradeGame) -> str:
    """A one-line public description: no card of anyone's that is not already face-up."""
    names = ", ".join(game.setup.players)
    state = f"{len(game.revealed)} of {game.seats} revealed"
    return f"{game.seats} players ({names}), {state}"
