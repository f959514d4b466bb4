"""Night of the Mummy's table as a plain dict (for the autosave) and back. Pure.

The file holds the secret deal and the players' deduction grids, like the Phantom grimoire's
autosave holds every character: it stays on the host's machine and nothing here is ever shown on
screen.

Format 3 adds the players' phones (``[phones]``: the cards each was told in private); a game
played without phones is written as format 2, as before.

Format 1 held the game alone (a dance was a pair of seats; whose turn it was was not kept).
Format 2 adds whose turn it is, the dance's third dancer and abilities, the log and the grids;
each undo table also says how much of the log its action found (``log_kept``; older saves
without it keep their log whole).
"""

from __future__ import annotations

from typing import Any

import attrs

from grimoire.core.freetext import refuse_unsafe
from grimoire.games import persist
from grimoire.games.mummy.grid import DeductionGrid, Mark
from grimoire.games.mummy.guests import CATALOGUE, GuestDef
from grimoire.games.mummy.phones import Fact, PhoneCard, Phones
from grimoire.games.mummy.rules import Dance, Inquiry, MasqueradeGame, MasqueradeSetup
from grimoire.games.mummy.undo import Before

KEY = "mummy"
FORMAT = 2  # a game played without phones
PHONES_FORMAT = 3  # a game played with the players' phones; the newest this reads
MARK_CHARS: dict[Mark, str] = {"": ".", "x": "x", "o": "o", "?": "?"}


@attrs.frozen
class Party:
    """All the table keeps: the game, the public log, and each player's deduction grid."""

    game: MasqueradeGame
    log: tuple[str, ...] = ()
    grids: tuple[DeductionGrid, ...] = ()  # at most one per seat
    phones: Phones | None = None  # played with the players' phones: what each was told


def to_dict(party: Party) -> dict[str, Any]:
    data = _game_dict(party.game)
    data["log"] = list(party.log)
    data["grids"] = [
        {
            "owner": grid.owner,
            "own": grid.own,
            "rows": list(grid.rows),
            "columns": list(grid.columns),
            "marks": ["".join(MARK_CHARS[m] for m in line) for line in grid.marks],
        }
        for grid in party.grids
    ]
    if party.phones is not None:
        data["format"] = PHONES_FORMAT
        data["phones"] = _phones_dict(party.phones)
    return data


def _fact_row(fact: Fact) -> list[Any]:
    return [fact.place, fact.guest, fact.mark]


def _phones_dict(phones: Phones) -> dict[str, Any]:
    return {
        "key": phones.key,
        "cards": [{"id": c.id, "seat": c.seat, "kind": c.kind, "title": c.title, "lines": list(c.lines),
                   "facts": [_fact_row(f) for f in c.facts]} for c in phones.cards],
        "public": [_fact_row(f) for f in phones.public],
    }


def _fact(value: Any, game: MasqueradeGame) -> Fact:
    places = game.seats + len(game.setup.mystery)
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError("phones: a fact is [place, guest, mark]")
    place, guest, mark = value
    if not (guest in game.setup.chosen and mark in ("o", "x")) and (guest, mark) != ("", "-"):
        raise ValueError("phones: a fact names a guest in the game and o or x (or no guest and -)")
    return Fact(_int(place, "phones: a fact's place", places), guest, mark)


def _phones(value: Any, game: MasqueradeGame) -> Phones:
    if not isinstance(value, dict):
        raise ValueError("phones must be a table")
    key = value.get("key")
    if not isinstance(key, str) or not key:
        raise ValueError("phones.key must be a text")
    cards = []
    rows = value.get("cards", [])
    if not isinstance(rows, list):
        raise ValueError("phones.cards must be an array of tables")
    for row in rows:
        if not isinstance(row, dict):
            raise ValueError("phones.cards must be an array of tables")
        card_id, kind, title = row.get("id"), row.get("kind"), row.get("title")
        if not (isinstance(card_id, str) and len(card_id) == 16 and all(c in "0123456789abcdef" for c in card_id)):
            raise ValueError("phones.cards: an id is 16 hex digits")
        if not isinstance(kind, str) or not isinstance(title, str):
            raise ValueError("phones.cards: a kind and a title are texts")
        lines = _strs(row.get("lines", []), "phones.cards.lines")
        for text in (title, *lines):
            refuse_unsafe(text, "phones.cards: the words")
        facts = row.get("facts", [])
        if not isinstance(facts, list):
            raise ValueError("phones.cards.facts must be a list")
        cards.append(PhoneCard(card_id, _int(row.get("seat"), "phones.cards.seat", game.seats), kind, title, lines,
                               tuple(_fact(f, game) for f in facts)))
    public = value.get("public", [])
    if not isinstance(public, list):
        raise ValueError("phones.public must be a list")
    return Phones(key, tuple(cards), tuple(_fact(f, game) for f in public))


def _game_dict(game: MasqueradeGame) -> dict[str, Any]:
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
        data["last_dance"] = {
            "dancers": list(game.last_dance.dancers),
            "swapped": sorted(game.last_dance.swapped),
            "looked": sorted(game.last_dance.looked),
        }
    if game.refused is not None:
        data["refused"] = list(game.refused)
    if game.winner is not None:
        data["winner"] = game.winner
    if game.turn is not None:
        data["turn"] = game.turn
    if game.anubis_accuses is not None:
        data["anubis_accuses"] = game.anubis_accuses
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


def _seats_list(value: Any, what: str, limit: int) -> list[int]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of numbers")
    return [_int(v, what, limit) for v in value]


def _seats(value: Any, what: str, limit: int) -> frozenset[int]:
    return frozenset(_seats_list(value, what, limit))


def _dance(value: Any, n: int) -> Dance | None:
    if value is None:
        return None
    if isinstance(value, list):  # format 1: the two dancers
        pair = _pair(value, "last_dance", n)
        assert pair is not None
        return Dance(pair)
    if not isinstance(value, dict):
        raise ValueError("last_dance must be a table")
    dancers = value["dancers"]
    if not isinstance(dancers, list) or not 2 <= len(dancers) <= 3:
        raise ValueError("last_dance.dancers must be two or three seats")
    seats = tuple(_int(d, "last_dance.dancers", n) for d in dancers)
    if len(set(seats)) != len(seats):
        raise ValueError("last_dance.dancers must be different seats")
    return Dance(
        seats,
        swapped=_seats(value.get("swapped", []), "last_dance.swapped", n),
        looked=_seats(value.get("looked", []), "last_dance.looked", n),
    )


def _grid(value: Any, game: MasqueradeGame) -> DeductionGrid:
    if not isinstance(value, dict):
        raise ValueError("grids must be an array of tables")
    n = game.seats
    places = n + len(game.setup.mystery)
    owner = _int(value["owner"], "grids.owner", n)
    rows = tuple(_seats_list(value["rows"], "grids.rows", places))
    columns = _strs(value["columns"], "grids.columns")
    if any(c not in game.setup.chosen for c in columns):
        raise ValueError("grids.columns must be guests in the game")
    lines = _strs(value["marks"], "grids.marks")
    by_char = {char: mark for mark, char in MARK_CHARS.items()}
    if len(lines) != len(rows) or any(len(line) != len(columns) for line in lines):
        raise ValueError("grids.marks must have a mark for every row and column")
    if any(char not in by_char for line in lines for char in line):
        raise ValueError(f"grids.marks may hold only {''.join(by_char)}")
    marks = tuple(tuple(by_char[char] for char in line) for line in lines)
    own = value.get("own", "")
    if not isinstance(own, str):
        raise ValueError("grids.own must be a guest")
    return DeductionGrid(owner, rows, columns, marks, own)


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false")
    return value


def from_dict(data: dict[str, Any]) -> Party:
    game = _game(data)
    log = _strs(data.get("log", []), "log")
    grids = data.get("grids", [])
    if not isinstance(grids, list):
        raise ValueError("grids must be an array of tables")
    read = tuple(_grid(g, game) for g in grids)
    if len({g.owner for g in read}) != len(read):
        raise ValueError("grids: one grid per player")
    phones = data.get("phones")
    return Party(game, log, read, None if phones is None else _phones(phones, game))


def _game(data: dict[str, Any]) -> MasqueradeGame:
    raw = data["setup"]
    if not isinstance(raw, dict):
        raise ValueError("[setup] must be a table")
    setup = MasqueradeSetup(
        players=persist.names(raw["players"], "players"),
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
        for field in ("name", "set", "tagline", "ability", "short"):
            refuse_unsafe(getattr(guest, field), f"guest {guest.id!r}: the {field}")
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
    winner = data.get("winner")
    turn = data.get("turn")  # not in format 1: the table asks whose turn it is
    anubis = data.get("anubis_accuses")
    return MasqueradeGame(
        setup,
        catalogue=catalogue,
        revealed=_seats(data.get("revealed", []), "revealed", n),
        mystery_revealed=_seats(data.get("mystery_revealed", []), "mystery_revealed", len(setup.mystery)),
        archeologist_accused=_bool(data.get("archeologist_accused", False), "archeologist_accused"),
        last_inquiry=inquiry,
        last_dance=_dance(data.get("last_dance"), n),
        refused=_pair(data.get("refused"), "refused", n),
        winner=None if winner is None else _int(winner, "winner", n),
        turn=None if turn is None else _int(turn, "turn", n),
        anubis_accuses=None if anubis is None else _int(anubis, "anubis_accuses", n),
    )


def _undo_to_dict(before: Before, party: Party) -> dict[str, Any]:
    row = {**_game_dict(before.game), "log_kept": before.log_kept}
    if before.cards_kept is not None:
        row["cards_kept"] = before.cards_kept
    if before.public_kept is not None:
        row["public_kept"] = before.public_kept
    return row


def _undo_from_dict(row: dict[str, Any], party: Party) -> Before:
    # An older save did not say how much of the log each action found: its log is kept whole.
    kept = row.get("log_kept", len(party.log))
    phones = party.phones
    cards = row.get("cards_kept")
    public = row.get("public_kept")
    return Before(
        _game(row), _int(kept, "log_kept", len(party.log) + 1),
        None if cards is None or phones is None else _int(cards, "cards_kept", len(phones.cards) + 1),
        None if public is None or phones is None else _int(public, "public_kept", len(phones.public) + 1),
    )


# The party now, and the tables undo goes back to: each game with how much of the log it had
# (the log is undone with the action; the grids are not, each is its owner's own notes).
AUTOSAVE = persist.SaveFormat(
    KEY, PHONES_FORMAT, to_dict, from_dict, undo_to_dict=_undo_to_dict, undo_from_dict=_undo_from_dict,
)


def summary(game: MasqueradeGame) -> str:
    """A one-line public description: no card of anyone's that is not already face-up."""
    names = ", ".join(game.setup.players)
    state = f"{len(game.revealed)} of {game.seats} revealed"
    return f"{game.seats} players ({names}), {state}"
