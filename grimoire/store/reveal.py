"""The reveal at a game's end: who everyone was, where the artifact went night by night, and
who was drunk or poisoned when, and by what.

Worked out by replaying the log from the setup, as the seat card does: the state after each
event says who held the artifact and who was impaired then. Only a finished game has a reveal
(``NotOver`` otherwise): before the end it is the grimoire's secret. Pure: no Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from grimoire.core import events as ev
from grimoire.core.model import GameState, Phase, Transfer
from grimoire.core.public import PublicReveal
from grimoire.core.script import Team, load_script
from grimoire.game import Game
from grimoire.rules import status
from grimoire.store.narrate import artifact_name, seat_name, transfer_line

HEADINGS = ("The players", "The artifact, night by night", "Drunk and poisoned")


class NotOver(ValueError):
    """The game has no winner yet: there is nothing to reveal."""


@attrs.frozen
class Role:
    """A character as a seat had it, with the alignment the player had then."""

    character: str  # the character's id (a Traveller's: as written)
    name: str  # as the script names it
    team: str  # a Team's value: "townsfolk", "demon", "traveller", ...
    alignment: str  # "good" or "evil"

    def words(self) -> str:
        return f"{self.name} ({self.team.capitalize()}), {self.alignment}"


@attrs.frozen
class Change:
    when: str  # "Night 2", "Day 1", as the log's headings say
    what: str  # "became the Phantom", "turned evil", "died", "came back to life"


@attrs.frozen
class SeatReveal:
    seat: int
    name: str
    started: Role
    ended: Role
    alive: bool
    changes: tuple[Change, ...] = ()

    @property
    def changed(self) -> bool:
        return self.started != self.ended


@attrs.frozen
class Move:
    kind: str  # a TransferKind's value
    frm: int | None
    to: int
    words: str  # as the log tells it


@attrs.frozen
class Stretch:
    """The artifact in one night (or one day the storyteller moved it): its moves, in order,
    and who held it when that night or day was over."""

    when: str
    moves: tuple[Move, ...]
    holder: int | None
    last: bool = False  # the game ended during it (not after it, on the day that followed)


@attrs.frozen
class Impairment:
    """A seat drunk or poisoned during one night or day, and why: (what, by what) pairs."""

    when: str
    seat: int
    reasons: tuple[tuple[str, str], ...]


@attrs.frozen
class Reveal:
    title: str
    winner: str  # "good" or "evil"
    reason: str
    artifact: str  # the active artifact's name; "" if none was ever chosen
    seats: tuple[SeatReveal, ...]
    path: tuple[Stretch, ...]
    impaired: tuple[Impairment, ...]
    shown: bool  # the storyteller has shown it to the players (the town square)
    names: tuple[str, ...]  # the players' names by seat, for the words

    @property
    def result(self) -> str:
        return f"{self.winner.capitalize()} wins: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        """As data, for the JSON export (seats are 0-based indexes, as in the events)."""

        def role(r: Role) -> dict[str, str]:
            return {"character": r.character, "name": r.name, "team": r.team, "alignment": r.alignment}

        return {
            "winner": self.winner,
            "reason": self.reason,
            "shown_to_players": self.shown,
            "artifact": self.artifact,
            "seats": [
                {"seat": s.seat, "name": s.name, "ended": role(s.ended), "started": role(s.started),
                 "alive": s.alive, "changes": [{"when": c.when, "what": c.what} for c in s.changes]}
                for s in self.seats
            ],
            "artifact_path": [
                {"when": p.when, "holder": p.holder,
                 "moves": [{"kind": m.kind, "from": m.frm, "to": m.to, "words": m.words} for m in p.moves]}
                for p in self.path
            ],
            "impaired": [
                {"when": i.when, "seat": i.seat, "reasons": [{"what": w, "by": b} for w, b in i.reasons]}
                for i in self.impaired
            ],
        }


def role_of(g: GameState, seat: int) -> Role:
    s = g.seats[seat]
    if s.traveller:
        return Role(s.character, s.character, Team.TRAVELLER.value, s.alignment.value)
    c = load_script(g.script_id).character(s.character)
    return Role(c.id, c.name, c.team.value, s.alignment.value)


def _counts(game: Game, reason: tuple[str, str]) -> bool:
    """Whether a reason is told for this moment. The Claque's drunkenness moves when the Claque's
    step is done: until then tonight its token still lies where it lay last night, which the
    reveal does not count as another night of drunkenness for that seat."""
    g = game.state
    if reason != status.CLAQUE_SEAT or g.phase is not Phase.NIGHT or not g.nights:
        return True
    waiting = game.prompt
    return "claque" in g.nights[-1].woke and (waiting is None or waiting.step != "claque")


def game_reveal(game: Game) -> Reveal:
    """The reveal of a finished game (NotOver if no team has won yet)."""
    end = game.state
    if end.winner is None:
        raise NotOver("the game is not over: the reveal comes once a team has won")
    replay = Game(game.setup)
    g = replay.state
    started = [role_of(g, s.index) for s in g.seats]
    changes: list[list[Change]] = [[] for _ in g.seats]
    stretches: list[dict[str, Any]] = []
    impaired: dict[tuple[str, int], list[tuple[str, str]]] = {}

    def note_impaired(state: GameState) -> None:
        for s in state.seats:
            for reason in status.impairments(state, s.index):
                if _counts(replay, reason):
                    found = impaired.setdefault((state.moment, s.index), [])
                    if reason not in found:
                        found.append(reason)

    def note_moves(when: str, moves: Iterable[Transfer], state: GameState) -> None:
        moves = list(moves)
        if moves and (not stretches or stretches[-1]["when"] != when):
            stretches.append({"when": when, "moves": []})
        for t in moves:
            stretches[-1]["moves"].append(Move(t.kind.value, t.frm, t.to, transfer_line(state, t)))

    note_impaired(g)
    for event in game.events:
        before = g.moment
        seats = list(g.seats)
        known = len(g.artifact.history)
        replay.apply(event)
        g = replay.state
        # What dusk does belongs to the night it starts; anything else to the moment it was done in.
        when = g.moment if isinstance(event, ev.StartNight) else before
        if isinstance(event, ev.StartNight):
            stretches.append({"when": when, "moves": []})
        _note_changes(g, seats, when, changes)
        note_moves(when, g.artifact.history[known:], g)
        if stretches:
            stretches[-1]["holder"] = g.artifact.holder
        note_impaired(g)
    path = tuple(
        Stretch(s["when"], tuple(s["moves"]), s.get("holder"), last=s["when"] == end.moment)
        for s in stretches
    )
    return Reveal(
        title=game.setup.title or game.script.name,
        winner=end.winner.value,
        reason=end.win_reason,
        artifact=artifact_name(end) if end.artifact.active else "",
        seats=tuple(
            SeatReveal(s.index, s.name, started[s.index], role_of(end, s.index), s.alive, tuple(changes[s.index]))
            for s in end.seats
        ),
        path=path,
        impaired=tuple(Impairment(when, seat, tuple(why)) for (when, seat), why in impaired.items()),
        shown=end.reveal_shown,
        names=tuple(s.name for s in end.seats),
    )


def _note_changes(g: GameState, before: list[Any], when: str, changes: list[list[Change]]) -> None:
    for old, new in zip(before, g.seats):
        out = changes[new.index]
        if old.character != new.character:
            out.append(Change(when, f"became the {role_of(g, new.index).name}"))
        if old.alignment != new.alignment:
            out.append(Change(when, f"turned {new.alignment.value}"))
        if old.alive != new.alive:
            out.append(Change(when, "died" if not new.alive else "came back to life"))


# --- in words: the screen, the town square and the exports say the same ----------------------
@attrs.frozen
class Line:
    """One line of the reveal, and how it may be shown: ``tone`` is a seat's team (the players),
    "moment" (a night or day heading) or "" (plain)."""

    text: str
    tone: str = ""
    indent: int = 0


def _seat(r: Reveal, seat: int | None) -> str:
    return "nobody" if seat is None else f"{seat + 1} {r.names[seat]}"


def player_line(r: Reveal, s: SeatReveal) -> str:
    """"3 Cat — Phantom (Demon), evil; started as …; died (night 4)"."""
    text = f"{_seat(r, s.seat)} — {s.ended.words()}"
    if s.changed:
        text += f"; started as {s.started.words()}"
    if s.changes:
        text += "; " + ", ".join(f"{c.what} ({c.when.lower()})" for c in s.changes)
    return text


def player_lines(r: Reveal) -> list[Line]:
    return [Line(player_line(r, s), tone=s.ended.team) for s in r.seats]


def path_lines(r: Reveal) -> list[Line]:
    if not r.artifact:
        return [Line("No artifact was chosen.")]
    out = [Line(f"The active artifact: the {r.artifact}.")]
    previous: int | None = None
    for p in r.path:
        out.append(Line(p.when, tone="moment"))
        if not p.moves:
            out.append(Line(f"It stayed with {_seat(r, p.holder)}." if p.holder is not None else "Nobody held it.",
                            indent=1))
        for m in p.moves:
            out.append(Line(m.words[0].upper() + m.words[1:] + ".", indent=1))
        if p.moves or p.holder != previous:
            end = "When the game ended" if p.last else ("At dawn" if p.when.startswith("Night") else "At the day's end")
            out.append(Line(f"{end}: {_seat(r, p.holder)} held it.", indent=1))
        previous = p.holder
    return out


def impaired_lines(r: Reveal) -> list[Line]:
    if not r.impaired:
        return [Line("Nobody was drunk or poisoned.")]
    out: list[Line] = []
    when = None
    for i in r.impaired:
        if i.when != when:
            when = i.when
            out.append(Line(when, tone="moment"))
        why = "; ".join(f"{what} ({by})" for what, by in i.reasons)
        out.append(Line(f"{_seat(r, i.seat)}: {why}", indent=1))
    return out


def reveal_sections(r: Reveal) -> list[tuple[str, list[Line]]]:
    """(heading, lines) in the reveal's order: the players, the artifact, drunk and poisoned."""
    return list(zip(HEADINGS, (player_lines(r), path_lines(r), impaired_lines(r))))


def public_reveal(game: Game) -> PublicReveal | None:
    """What the players may see of the reveal: nothing until the storyteller shows it."""
    g = game.state
    if g.winner is None or not g.reveal_shown:
        return None
    r = game_reveal(game)
    return PublicReveal(
        roles=tuple(s.ended.name for s in r.seats),
        sections=tuple(
            (heading, tuple("  " * line.indent + line.text for line in lines))
            for heading, lines in reveal_sections(r)
        ),
    )
