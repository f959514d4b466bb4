"""States as the players' server pushes them (the JSON contract of grimoire/web/page), with
names chosen to break a careless page: markup, bracket markup, emoji, right-to-left text, a
direction override, and all of them 40 characters long."""

from __future__ import annotations

import copy
from typing import Any

XSS = '<img src=x onerror="window.__pwned=1">'
HOSTILE = (
    XSS,
    "[bold]Bob[/]",
    "x[/]y",
    "🦉 Owl 👩‍👩‍👧 Family 🎭",
    "مريم بنت عبد الله الحسيني",
    "x\u202eevil",
    "Ann & <b>Ben</b>",
    "Wolfgang Amadeus Mozart",
)
FILLER = " Bartholomew Fitzgerald Montgomery-Smythe of the Opera"

SCRIPT = {
    "name": "MASQUERADE — The Phantom of the Opera",
    "characters": [
        {"name": "Meg", "team": "Townsfolk", "ability": "Each night, learn one <b>player</b> who is not the Phantom."},
        {"name": "Auctioneer", "team": "Townsfolk", "ability": "[bold]Once per game[/], at night, choose a player."},
        {"name": "Doomed", "team": "Outsider", "ability": "If you die, the Phantom learns it."},
        {"name": "Claque", "team": "Minion", "ability": "Each night, choose a player: they are drunk."},
        {"name": "Phantom", "team": "Demon", "ability": "Each night*, choose a player: they die."},
        {"name": "Beggar", "team": "Traveller", "ability": "You must use a vote token to vote."},
    ],
    "first": [{"name": "Dusk", "team": ""}, {"name": "Claque", "team": "Minion"},
              {"name": "Minion info", "team": ""}, {"name": "Demon info", "team": ""},
              {"name": "Meg", "team": "Townsfolk"}, {"name": "Djinn", "team": "Fabled"}, {"name": "Dawn", "team": ""}],
    "other": [{"name": "Dusk", "team": ""}, {"name": "Beggar", "team": "Traveller"},
              {"name": "Claque", "team": "Minion"}, {"name": "Phantom", "team": "Demon"},
              {"name": "Meg", "team": "Townsfolk"}, {"name": "Auctioneer", "team": "Townsfolk"},
              {"name": "Dawn", "team": ""}],
    "jinxes": [{"a": "Phantom", "b": "Doomed", "text": "If the Doomed dies, the <b>Phantom</b> learns it [at once]."}],
}
JINX = {"a": "Spy", "b": "Magician", "text": "When the Spy sees the Grimoire, the Demon and Magician's tokens are removed."}


# The rules' table: Townsfolk, Outsiders, Minions, Demons for 5 to 15 players.
TABLE = {5: (3, 0, 1, 1), 6: (3, 1, 1, 1), 7: (5, 0, 1, 1), 8: (5, 1, 1, 1), 9: (5, 2, 1, 1), 10: (7, 0, 2, 1),
         11: (7, 1, 2, 1), 12: (7, 2, 2, 1), 13: (9, 0, 3, 1), 14: (9, 1, 3, 1), 15: (9, 2, 3, 1)}


def counts(players: int) -> dict[str, int] | None:
    if players not in TABLE:
        return None
    return {"players": players, **dict(zip(("townsfolk", "outsiders", "minions", "demons"), TABLE[players]))}


def forty(base: str) -> str:
    """``base`` made exactly 40 characters long."""
    return (base + FILLER * 2)[:40]


def names(count: int) -> list[str]:
    return [forty(HOSTILE[i % len(HOSTILE)]) for i in range(count)]


# Short names that must not be broken inside a word, with the markup-like and 40-character ones.
WORDS = ("Bartholomew", "Alexandra", "[bold]Bob[/]", "x[/]y", "Alexandra Bartholomew", "Maximiliana Wolfgang")


def mixed_names(count: int) -> list[str]:
    """``count`` names, a short one and a 40-character hostile one in turn (each unique)."""
    mixed = [name for pair in zip(WORDS, (forty(h) for h in HOSTILE)) for name in pair]
    return [name if i < len(mixed) else f"{name} {i + 1}" for i, name in enumerate((mixed * 4)[:count])]


def person(seats: list[dict[str, Any]], n: int) -> dict[str, Any]:
    return next({"n": s["n"], "name": s["name"]} for s in seats if s["n"] == n)


def state(count: int = 12, *, seat_names: list[str] | None = None, phase: str = "day", number: int = 2,
          me: int | None = None, **fields: Any) -> dict[str, Any]:
    """A table of ``count`` seats on day 2: seat 2 dead with a ghost vote, seat 3 dead without,
    and (from 6 seats) a dead Traveller and a living one last; ``me`` is the seat whose page it is."""
    seat_names = seat_names or names(count)
    seats = [{"n": i + 1, "name": name, "alive": True, "ghost": True, "traveller": "", "me": i + 1 == me}
             for i, name in enumerate(seat_names)]
    if count >= 3:
        seats[1]["alive"] = False
        seats[2].update(alive=False, ghost=False)
    if count >= 6:
        seats[-2].update(alive=False, ghost=False, traveller="Scapegoat")
        seats[-1]["traveller"] = "Beggar"
    alive = sum(s["alive"] for s in seats)
    built: dict[str, Any] = {
        "v": 1,
        "title": SCRIPT["name"],
        "rehearsal": False,
        "phase": phase,
        "number": number,
        "seats": seats,
        "alive": alive,
        "needed": (alive + 1) // 2,
        "counts": counts(sum(not s["traveller"] for s in seats)),
        "died": [person(seats, 2)] if phase == "day" and count >= 3 else [],
        "announced": "The active artifact: Punjab Lasso",
        "fabled": ["Djinn"],
        "jinxes": [JINX],
        "nominations": [],
        "days": [],
        "vote": None,
        "block": None,
        "executed": None,
        "timer": None,
        "result": "",
        "reveal": None,
        "script": copy.deepcopy(SCRIPT),
        "me": None if me is None else {"n": me, "hand": None, "can_vote": True, "notes": "game-1/seat-" + str(me)},
    }
    built.update(fields)
    return built


def voting(s: dict[str, Any], *, by: int = 1, on: int = 4, at: int | None = 6, up: tuple[int, ...] = (5,),
           hand: bool = False, raised: tuple[int, ...] = ()) -> dict[str, Any]:
    """``s`` with a vote under way: ``by`` nominated ``on``, the count at seat ``at``, ``up`` counted,
    ``raised`` on phones ahead of the clock (not counted yet)."""
    s = copy.deepcopy(s)
    nom = {"by": person(s["seats"], by), "on": person(s["seats"], on)}
    s["vote"] = {**nom, "at": at, "up": list(up), "count": len(up), "needed": s["needed"], "hidden": False,
                 "raised": list(raised)}
    s["nominations"].append({**nom, "votes": None, "voters": [], "hidden": False})
    if s["me"] is not None:
        s["me"]["hand"] = hand
    return s


def nomination(seats: list[dict[str, Any]], by: int, on: int, voters: tuple[int, ...] | None,
               hidden: bool = False) -> dict[str, Any]:
    """A nomination as sent: counted (``voters``), waiting (None) or secret (``hidden``)."""
    return {"by": person(seats, by), "on": person(seats, on),
            "votes": None if voters is None or hidden else len(voters),
            "voters": [] if voters is None or hidden else [person(seats, v) for v in voters], "hidden": hidden}


def history(seats: list[dict[str, Any]], days: int = 3) -> list[dict[str, Any]]:
    """``days`` days of votes (the Days view's): on each, two or three nominations, one of day 2
    secret, an execution on all but the last (day 1's survived)."""
    n = len(seats)
    out = []
    for d in range(1, days + 1):
        noms = [nomination(seats, (d % n) + 1, ((d + 3) % n) + 1, tuple(range(1, min(n, 2 + d) + 1))),
                nomination(seats, ((d + 1) % n) + 1, ((d + 5) % n) + 1, (2, 4) if n >= 4 else (1,),
                           hidden=d == 2)]
        if d == 3:
            noms.append(nomination(seats, ((d + 2) % n) + 1, ((d + 6) % n) + 1, None))
        executed = None if d == days else {**person(seats, ((d + 3) % n) + 1), "died": d != 1}
        out.append({"number": d, "nominations": noms, "executed": executed})
    return out
