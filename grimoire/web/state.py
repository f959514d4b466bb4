"""What a page is sent: the public view, the vote going round, the day's timer, the script.

One JSON object, whole at each change (a few kilobytes: no diffs to get wrong). Built from
``grimoire.core.public.public_view`` (the one decider of what players may see) and from the
table's live file, which holds only seats and hands (public as they happen). A seat's page
also gets ``me``: its own seat number and hand, nothing of any other seat. Every string is
made printable (a control character shows as its escape), and the page puts each in as text.
Pure: no Textual, no Rich, no aiohttp.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from typing import Any

from grimoire.core.freetext import printable
from grimoire.core.markup import plain
from grimoire.core.public import PublicView
from grimoire.core.script import Character, Script, Team
from grimoire.core.setup import MAX_PLAYERS, MIN_PLAYERS, base_counts
from grimoire.store.live_table import LiveTable, PhoneHands, VoteInProgress
from grimoire.web.days import days_part, nomination_part

VERSION = 1
TEAMS = (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON, Team.TRAVELLER, Team.FABLED, Team.LORIC)


def _text(value: str) -> str:
    return printable(value)


def _ref(view: PublicView, number: int) -> dict[str, Any] | None:
    seat = next((s for s in view.seats if s.number == number), None)
    return None if seat is None else {"n": number, "name": _text(seat.name)}


SPECIAL_NAMES = {"dusk": "Dusk", "minioninfo": "Minion info", "demoninfo": "Demon info", "dawn": "Dawn"}


def script_part(script: Script, visitors: Mapping[str, Character] | None = None) -> dict[str, Any]:
    """What every player may read: the script's name, its characters by team, its night orders
    and its jinxes. ``visitors``: the Travellers at the table and the Fabled in play (public:
    grimoire.rules.visitors.in_play), whose night steps join the script's own order. Nothing
    here depends on who is what."""
    order = {team: i for i, team in enumerate(TEAMS)}
    characters = sorted(script.characters, key=lambda c: order.get(c.team, len(order)))
    return {
        "name": _text(script.name),
        "characters": [{"name": _text(c.name), "team": c.team.label, "ability": _text(plain(c.ability))}
                       for c in characters],
        "first": night_part(script, visitors or {}, True),
        "other": night_part(script, visitors or {}, False),
        "jinxes": [{"a": _text(_name(script, {}, j.first)), "b": _text(_name(script, {}, j.second)),
                    "text": _text(plain(j.reason))} for j in script.jinxes],
    }


def _name(script: Script, visitors: Mapping[str, Character], step: str) -> str:
    found = script.by_id.get(step) or visitors.get(step)
    return found.name if found is not None else SPECIAL_NAMES.get(step, step)


def night_part(script: Script, visitors: Mapping[str, Character], first: bool) -> list[dict[str, str]]:
    """A night's order as the players' sheet gives it: the script's own, with the visitors who
    wake that night placed as the grimoire's night places them."""
    from grimoire.rules.visitors import merged_order  # read only when a page is made

    waking = {i: c for i, c in visitors.items() if (c.first_night if first else c.other_night)}
    steps = merged_order(script.night_order(first), waking, first)
    team = {i: c.team.label for i, c in (*visitors.items(), *script.by_id.items())}
    return [{"name": _text(_name(script, visitors, step)), "team": team.get(step, "")} for step in steps]


def counts_part(view: PublicView) -> dict[str, int] | None:
    """How many of each team a table of this many players has (Travellers not counted), as
    the rules' table gives it; None outside the rules' sizes."""
    players = sum(1 for s in view.seats if not s.traveller)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return None
    counts = base_counts(players)
    return {"players": players, "townsfolk": counts.townsfolk, "outsiders": counts.outsiders,
            "minions": counts.minions, "demons": counts.demons}


def notes_key(table_token: str, code: str) -> str:
    """The key of a seat's notes in its player's browser: of this game (its table's token, which
    a new game makes anew) and this seat (its code), and neither: a hash, so the page learns no
    address from it. The notes themselves never come back to the server."""
    return hashlib.sha256(f"{table_token}/{code}".encode()).hexdigest()[:20]


def open_vote(view: PublicView, live: LiveTable) -> VoteInProgress | None:
    """The live file's vote, if it is one the game still waits for: a day's nomination whose
    vote is not counted yet, its seats at the table (a stale file says nothing)."""
    vote = live.vote
    if vote is None or view.phase != "day":
        return None
    waiting = any(n.nominee_number == vote.nominee + 1 and n.nominator_number == vote.nominator + 1
                  and n.waiting for n in view.nominations)
    numbers = {s.number for s in view.seats}
    if not waiting or not {u + 1 for u in (*vote.up, *vote.raised)} <= numbers:
        return None
    return vote


def may_vote(view: PublicView, seat: int) -> bool:
    """A seat at the table that is alive or still has its ghost vote (seat index)."""
    found = next((s for s in view.seats if s.number == seat + 1), None)
    return found is not None and (found.alive or found.ghost_vote)


def page_state(view: PublicView, live: LiveTable, script: Script, me: int | None = None,
               hands: PhoneHands | None = None, now: float | None = None,
               rehearsal: bool = False, visitors: Mapping[str, Character] | None = None,
               notes: str = "") -> dict[str, Any]:
    """The state for a page: the table's, or (``me``, a seat index) one seat's; ``rehearsal``:
    the game the grimoire has open is a rehearsal (marked on the page); ``notes``: the key a
    seat's page keeps its player's own notes under, in that browser only (``notes_key``)."""
    vote = open_vote(view, live)
    timer = live.timer if view.phase == "day" else None
    state: dict[str, Any] = {
        "v": VERSION,
        "title": _text(view.title),
        "rehearsal": rehearsal,
        "phase": view.phase,
        "number": view.number,
        "seats": [
            {"n": s.number, "name": _text(s.name), "alive": s.alive, "ghost": (not s.alive) and s.ghost_vote,
             "traveller": _text(s.character) if s.traveller else "", "me": me is not None and s.number == me + 1}
            for s in view.seats
        ],
        "alive": view.alive,
        "needed": view.votes_needed,
        "counts": counts_part(view),
        "died": [r for r in (_ref(view, n) for n in view.died_numbers) if r is not None],
        "announced": _text(view.announced),  # what the rules let the players know is in play
        "fabled": [_text(f) for f in view.fabled],
        "jinxes": [{"a": _text(a), "b": _text(b), "text": _text(plain(how))} for a, b, how in view.jinxes],
        "nominations": [nomination_part(n) for n in view.nominations],
        "days": days_part(view),
        "vote": None,
        "block": _ref(view, view.on_the_block_number) if view.on_the_block_number else None,
        "executed": ({"n": view.executed_number, "name": _text(view.executed)} if view.executed else None),
        "timer": None,
        "result": _text(view.result),
        "reveal": None,
        "script": script_part(script, visitors),
        "me": None,
    }
    if vote is not None:
        # A secret vote: whose turn it is, never a hand or a count.
        state["vote"] = {
            "by": _ref(view, vote.nominator + 1), "on": _ref(view, vote.nominee + 1),
            "at": None if vote.at is None else vote.at + 1,
            "up": [] if vote.hidden else [u + 1 for u in vote.up],
            "count": None if vote.hidden else len(vote.up), "needed": view.votes_needed,
            # Raised on a phone, the clock not there yet: shown as raised, not in the count.
            "raised": [] if vote.hidden else [u + 1 for u in vote.raised],
            "hidden": vote.hidden,
        }
    if timer is not None:
        state["timer"] = {"label": timer.label, "running": timer.running,
                          "left": round(timer.left_now(time.time() if now is None else now), 1)}
    if view.reveal is not None:
        state["reveal"] = {"result": _text(view.reveal.result),
                           "sections": [{"heading": _text(h), "lines": [_text(line) for line in lines]}
                                        for h, lines in view.reveal.sections]}
    if me is not None:
        can = vote is not None and not vote.hidden and may_vote(view, me)
        hand = None
        if can:
            assert vote is not None
            own = hands.as_dict().get(me) if hands is not None and hands.key == vote.key else None
            hand = bool(own) if own is not None else me in vote.up
        state["me"] = {"n": me + 1, "hand": hand, "can_vote": can, "notes": notes}
    return state
