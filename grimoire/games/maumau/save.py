"""Vampir Mau Mau: the kept table (public state, scores, log) as a plain dict and back. Pure."""

from __future__ import annotations

from typing import Any

from grimoire.games import persist
from grimoire.games.maumau.rules import COLOURS, LOGGED_ABILITIES, Card, Deal, DealResult, Game

KEY = "maumau"
FORMAT = 1


def _card(card: Card) -> dict[str, Any]:
    row: dict[str, Any] = {"kind": card.kind}
    if card.colour is not None:
        row["colour"] = card.colour
    if card.symbol is not None:
        row["symbol"] = card.symbol
    return row


def _deal(deal: Deal) -> dict[str, Any]:
    row: dict[str, Any] = {
        "number": deal.number,
        "dealer": deal.dealer,
        "turn": deal.turn,
        "is_night": deal.is_night,
        "clocks": deal.clocks,
        "set_aside": deal.set_aside,
    }
    if deal.werewolf_on is not None:
        row["werewolf_on"] = deal.werewolf_on
    if deal.wish is not None:
        row["wish"] = deal.wish
    if deal.wish_by is not None:
        row["wish_by"] = deal.wish_by
    if deal.top is not None:
        row["top"] = _card(deal.top)
    if deal.last_play is not None:
        row["last_play"] = {"seat": deal.last_play[0], "card": _card(deal.last_play[1])}
    if deal.open_ability is not None:
        row["open_ability"] = deal.open_ability
    if deal.ability_used is not None:
        row["ability_used"] = deal.ability_used
    if deal.hands is not None:
        row["hands"] = list(deal.hands)
    if deal.drawn:
        row["drawn"] = True
    if deal.played is not None:
        row["played"] = list(deal.played)
    return row


def to_dict(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "players": list(game.players),
        "deals_planned": game.deals_planned,
        # TOML has no null: an unassigned Character is "".
        "characters": [c or "" for c in game.characters],
        "rotate_characters": game.rotate_characters,
        "keep_day_night": game.keep_day_night,
        "two_copies": game.two_copies,
        "track_hands": game.track_hands,
        "results": [
            {"ender": r.ender, "counts": list(r.counts), "scores": list(r.scores), "dealer": r.dealer}
            for r in game.results
        ],
        "log": list(game.log),
    }
    if game.deal is not None:
        data["deal"] = _deal(game.deal)
    return data


def _int(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ValueError(f"{what} must be a whole number of at least {low}")
    if high is not None and value > high:
        raise ValueError(f"{what} must be at most {high}")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false")
    return value


def _strs(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} must be a list of text")
    return tuple(value)


def _card_from(raw: Any, what: str) -> Card:
    if not isinstance(raw, dict) or raw.get("kind") not in ("mau", "clock", "werewolf"):
        raise ValueError(f"{what} must be a card (kind mau, clock or werewolf)")
    colour = raw.get("colour")
    if colour is not None and colour not in COLOURS:
        raise ValueError(f"{what}: {colour!r} is not a colour")
    symbol = raw.get("symbol")
    if symbol is not None and not isinstance(symbol, str):
        raise ValueError(f"{what}: the symbol must be text")
    return Card(raw["kind"], colour, symbol)


def _seat(value: Any, what: str, n: int) -> int | None:
    return None if value is None else _int(value, what, 0, n - 1)


def _deal_from(raw: Any, n: int) -> Deal:
    if not isinstance(raw, dict):
        raise ValueError("[deal] must be a table")
    wish = raw.get("wish")
    if wish is not None and wish not in COLOURS:
        raise ValueError(f"deal.wish {wish!r} is not a colour")
    last = raw.get("last_play")
    last_play = None
    if last is not None:
        if not isinstance(last, dict):
            raise ValueError("deal.last_play must be a table")
        last_play = (_int(last["seat"], "deal.last_play.seat", 0, n - 1), _card_from(last["card"], "deal.last_play.card"))
    top = raw.get("top")
    return Deal(
        number=_int(raw["number"], "deal.number", 1),
        dealer=_int(raw["dealer"], "deal.dealer", 0, n - 1),
        turn=_int(raw["turn"], "deal.turn", 0, n - 1),
        is_night=_bool(raw.get("is_night", False), "deal.is_night"),
        clocks=_int(raw.get("clocks", 0), "deal.clocks"),
        werewolf_on=_seat(raw.get("werewolf_on"), "deal.werewolf_on", n),
        wish=wish,
        wish_by=_seat(raw.get("wish_by"), "deal.wish_by", n),
        set_aside=_int(raw.get("set_aside", 0), "deal.set_aside"),
        top=None if top is None else _card_from(top, "deal.top"),
        last_play=last_play,
        open_ability=_ability(raw.get("open_ability"), "deal.open_ability"),
        ability_used=_ability(raw.get("ability_used"), "deal.ability_used"),
        hands=_counts(raw.get("hands"), n, "deal.hands"),
        drawn=_bool(raw.get("drawn", False), "deal.drawn"),
        # Absent in saves written before plays were counted: the penalties then go unchecked.
        played=_counts(raw.get("played"), n, "deal.played"),
    )


def _counts(value: Any, n: int, what: str) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != n:
        raise ValueError(f"{what} must be {n} card counts, one per player")
    return tuple(_int(c, what) for c in value)


def _ability(value: Any, what: str) -> int | None:
    # Absent in saves written before abilities were checked: nothing is open then.
    if value is None:
        return None
    if value not in LOGGED_ABILITIES:
        raise ValueError(f"{what} must be one of {sorted(LOGGED_ABILITIES)}")
    return _int(value, what)


def from_dict(data: dict[str, Any]) -> Game:
    players = persist.names(data["players"], "players")
    n = len(players)
    if n < 2:
        raise ValueError("a game needs at least 2 players")
    chars = persist.names(data.get("characters", [""] * n), "characters")
    if len(chars) != n:
        raise ValueError(f"{n} players but {len(chars)} Characters")
    results_raw = data.get("results", [])
    if not isinstance(results_raw, list):
        raise ValueError("results must be an array of tables")
    results = []
    for i, r in enumerate(results_raw):
        what = f"result {i + 1}"
        if not isinstance(r, dict):
            raise ValueError(f"{what} must be a table")
        counts = tuple(_int(c, f"{what}.counts") for c in r["counts"])
        scores = tuple(_int(s, f"{what}.scores") for s in r["scores"])
        if len(counts) != n or len(scores) != n:
            raise ValueError(f"{what} needs one count and one score per player")
        results.append(
            DealResult(
                _int(r["ender"], f"{what}.ender", 0, n - 1),
                counts,
                scores,
                _int(r["dealer"], f"{what}.dealer", 0, n - 1),
            )
        )
    deal = data.get("deal")
    return Game(
        players=players,
        deals_planned=_int(data["deals_planned"], "deals_planned", 1),
        characters=tuple(c or None for c in chars),
        rotate_characters=_bool(data.get("rotate_characters", False), "rotate_characters"),
        keep_day_night=_bool(data.get("keep_day_night", False), "keep_day_night"),
        two_copies=_bool(data.get("two_copies", False), "two_copies"),
        track_hands=_bool(data.get("track_hands", False), "track_hands"),
        results=tuple(results),
        deal=None if deal is None else _deal_from(deal, n),
        log=_strs(data.get("log", []), "log"),
    )


def _log_kept(entry: Game, game: Game) -> bool:
    """Whether an earlier state's log is the start of the game's log now (as it is unless a
    new game was started since): the save then keeps only how many lines it had."""
    return game.log[: len(entry.log)] == entry.log


def _undo_to_dict(entry: Game, game: Game) -> dict[str, Any]:
    data = to_dict(entry)
    if _log_kept(entry, game):
        del data["log"]
        data["log_kept"] = len(entry.log)
    return data


def _undo_from_dict(row: dict[str, Any], game: Game) -> Game:
    if "log_kept" in row:
        kept = _int(row["log_kept"], "log_kept", 0, len(game.log))
        row = {**row, "log": list(game.log[:kept])}
    return from_dict(row)


# The game now and the states undo goes back to, each with its log as the start of the log now.
AUTOSAVE = persist.SaveFormat(
    KEY, FORMAT, to_dict, from_dict,
    undo_to_dict=_undo_to_dict, undo_from_dict=_undo_from_dict, undo_key=lambda entry, game: _log_kept(entry, game),
)


def summary(game: Game) -> str:
    names = ", ".join(game.players)
    if game.deal is None:
        return f"{names}; game over"
    kind = "tie-break deal" if game.tiebreak else f"deal {game.deal.number} of {game.deals_planned}"
    return f"{names}; {kind}"
