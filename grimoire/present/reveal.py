"""The reveal at a game's end: who everyone was, where what a player holds went night by night
(the Phantom's artifact: ``ScriptRules.held``), and who was drunk or poisoned when, and by what.

Worked out by replaying the log from the setup, as the seat card does: the state after each
event says who held it and who was impaired then. Only a finished game has a reveal
(``NotOver`` otherwise): before the end it is the grimoire's secret. Pure: no Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from grimoire.core import events as ev
from grimoire.core.model import GameState
from grimoire.core.public import PublicReveal
from grimoire.core.script import Team, load_script
from grimoire.core.thinks import thinks_of
from grimoire.core.value import frozen
from grimoire.game import Game
from grimoire.rules import status
from grimoire.rules.contract import HeldMove
from grimoire.rules.visitors import traveller_name


def headings(r: Reveal) -> tuple[str, str, str]:
    """The reveal's sections: the players, what a player held night by night, drunk and poisoned."""
    return ("The players", f"The {r.noun}, night by night", "Drunk and poisoned")


class NotOver(ValueError):
    """The game has no winner yet: there is nothing to reveal."""


@frozen
class Role:
    """A character as a seat had it, with the alignment the player had then."""

    character: str  # the character's id (a Traveller's: as written)
    name: str  # as the script names it
    team: str  # a Team's value: "townsfolk", "demon", "traveller", ...
    alignment: str  # "good" or "evil"
    thinks: str = ""  # the character the player thought they were (the Drunk's), by name

    def words(self) -> str:
        thought = f", who thought they were the {self.thinks}" if self.thinks else ""
        return f"{self.name} ({self.team.capitalize()}){thought}, {self.alignment}"


@frozen
class Change:
    when: str  # "Night 2", "Day 1", as the log's headings say
    what: str  # "became the Phantom", "turned evil", "died", "came back to life"


@frozen
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


@frozen
class Move:
    kind: str  # a TransferKind's value
    frm: int | None
    to: int
    words: str  # as the log tells it


@frozen
class Stretch:
    """What a player holds in one night (or one day the storyteller moved it): its moves, in order,
    and who held it when that night or day was over (or the game was)."""

    when: str
    moves: tuple[Move, ...]
    holder: int | None


@frozen
class Impairment:
    """A seat drunk or poisoned, by one cause, from one night or day to another (the same one
    if it lasted no longer)."""

    start: str  # "Night 2"
    end: str  # "Day 3"
    seat: int
    what: str  # "drunk", "poisoned", "drunk tonight", "drunk until dusk"
    by: str  # "the Claque's seat", "holds the Punjab Lasso", ...


@frozen
class Reveal:
    title: str
    winner: str  # "good" or "evil"
    reason: str
    held: str  # the name of what a player held at the end; "" if none was in play
    seats: tuple[SeatReveal, ...]
    path: tuple[Stretch, ...]
    impaired: tuple[Impairment, ...]
    shown: bool  # the storyteller has shown it to the players (the town square)
    names: tuple[str, ...]  # the players' names by seat, for the words
    has_held: bool = True  # the game's rules have something a player holds: else no page of it
    noun: str = ""  # what the rules call it (the JSON's keys for it are named by it)

    @property
    def result(self) -> str:
        return f"{self.winner.capitalize()} wins: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        """As data, for the JSON export (seats are 0-based indexes, as in the events)."""

        def role(r: Role) -> dict[str, str]:
            out = {"character": r.character, "name": r.name, "team": r.team, "alignment": r.alignment}
            return out | ({"thinks": r.thinks} if r.thinks else {})

        # What a player held and its path, under the rules' noun ("artifact", "artifact_path").
        held = {self.noun: self.held} if self.has_held else {}
        path = {f"{self.noun}_path": [
            {"when": p.when, "holder": p.holder,
             "moves": [{"kind": m.kind, "from": m.frm, "to": m.to, "words": m.words} for m in p.moves]}
            for p in self.path
        ]} if self.has_held else {}
        return {
            "winner": self.winner,
            "reason": self.reason,
            "shown_to_players": self.shown,
            **held,
            "seats": [
                {"seat": s.seat, "name": s.name, "ended": role(s.ended), "started": role(s.started),
                 "alive": s.alive, "changes": [{"when": c.when, "what": c.what} for c in s.changes]}
                for s in self.seats
            ],
            **path,
            "impaired": [
                {"from": i.start, "to": i.end, "seat": i.seat, "what": i.what, "by": i.by} for i in self.impaired
            ],
        }


def role_of(g: GameState, seat: int) -> Role:
    s = g.seats[seat]
    if s.traveller:
        return Role(s.character, traveller_name(s.character, load_script(g.script_id)), Team.TRAVELLER.value,
                    s.alignment.value)
    script = load_script(g.script_id)
    c = script.character(s.character)
    thinks = thinks_of(s)
    thought = script.character(thinks).name if thinks and thinks in script.by_id else (thinks or "")
    return Role(c.id, c.name, c.team.value, s.alignment.value, thought)


def _counts(game: Game, reason: tuple[str, str]) -> bool:
    """Whether a reason is told for this moment (the game's rules may say a drunkenness still
    lies where it lay last night until its step moves it)."""
    waiting = game.prompt
    return game.rules.impairment_counts(game.state, waiting.step if waiting is not None else None, reason)


def game_reveal(game: Game) -> Reveal:
    """The reveal of a finished game (NotOver if no team has won yet)."""
    end = game.state
    if end.winner is None:
        raise NotOver("the game is not over: the reveal comes once a team has won")
    replay = Game(game.setup)
    rules = replay.rules
    held_end = rules.held(end)
    g = replay.state
    started = [role_of(g, s.index) for s in g.seats]
    changes: list[list[Change]] = [[] for _ in g.seats]
    stretches: list[dict[str, Any]] = []
    moments: list[str] = []  # every night and day the game went through, in order
    impaired: dict[tuple[int, str, str], list[int]] = {}  # (seat, what, by) -> moments' places

    def note_impaired(state: GameState) -> None:
        if not moments or moments[-1] != state.moment:
            moments.append(state.moment)
        for s in state.seats:
            for what, by in status.impairment_reasons(rules, state, s.index):
                if _counts(replay, (what, by)):
                    seen = impaired.setdefault((s.index, what, by), [])
                    if not seen or seen[-1] != len(moments) - 1:
                        seen.append(len(moments) - 1)

    def note_moves(when: str, moves: Iterable[HeldMove]) -> None:
        moves = list(moves)
        if moves and (not stretches or stretches[-1]["when"] != when):
            stretches.append({"when": when, "moves": []})
        for m in moves:
            stretches[-1]["moves"].append(Move(m.kind, m.frm, m.to, m.words))

    note_impaired(g)
    for event in game.events:
        before = g.moment
        seats = list(g.seats)
        known = rules.moves_so_far(g)
        replay.apply(event)
        g = replay.state
        # What dusk does belongs to the night it starts; anything else to the moment it was done in.
        when = g.moment if isinstance(event, ev.StartNight) else before
        if isinstance(event, ev.StartNight):
            stretches.append({"when": when, "moves": []})
        for s in g.seats[len(started):]:  # a Traveller who joined: their start is now
            started.append(role_of(g, s.index))
            changes.append([Change(when, "joined the game")])
        _note_changes(g, seats, when, changes)
        note_moves(when, rules.held_moves(g, known))
        held = rules.held(g)
        if stretches and held is not None:
            stretches[-1]["holder"] = held.holder
        note_impaired(g)
    path = tuple(Stretch(s["when"], tuple(s["moves"]), s.get("holder")) for s in stretches)
    return Reveal(
        title=game.setup.title or game.script.name,
        winner=end.winner.value,
        reason=end.win_reason,
        held=held_end.name if held_end is not None else "",
        noun=held_end.noun if held_end is not None else "",
        seats=tuple(
            SeatReveal(s.index, s.name, started[s.index], role_of(end, s.index), s.alive, tuple(changes[s.index]))
            for s in end.seats
        ),
        path=path,
        impaired=_spans(impaired, moments),
        shown=end.reveal_shown,
        names=tuple(s.name for s in end.seats),
        has_held=held_end is not None,
    )


def _spans(seen: dict[tuple[int, str, str], list[int]], moments: list[str]) -> tuple[Impairment, ...]:
    """Each cause on each seat as runs of nights and days in a row, in the order they began."""
    runs: list[tuple[int, int, Impairment]] = []
    for (seat, what, by), places in seen.items():
        first = places[0]
        for i, place in enumerate(places):
            if i + 1 == len(places) or places[i + 1] != place + 1:
                runs.append((first, seat, Impairment(moments[first], moments[place], seat, what, by)))
                if i + 1 < len(places):
                    first = places[i + 1]
    return tuple(run for _, _, run in sorted(runs, key=lambda r: (r[0], r[1])))


def _note_changes(g: GameState, before: list[Any], when: str, changes: list[list[Change]]) -> None:
    for old, new in zip(before, g.seats):
        out = changes[new.index]
        if new.left and not old.left:
            out.append(Change(when, "left the game"))
            continue
        if old.character != new.character:
            out.append(Change(when, f"became the {role_of(g, new.index).name}"))
        if old.alignment != new.alignment:
            out.append(Change(when, f"turned {new.alignment.value}"))
        if old.alive != new.alive:
            out.append(Change(when, "died" if not new.alive else "came back to life"))


# --- in words: the screen, the town square and the exports say the same ----------------------
@frozen
class Line:
    """One line of the reveal, and how it may be shown: ``tone`` is a seat's team (the players'
    lines) or "" (plain)."""

    text: str
    tone: str = ""


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
    """One line a night: where what a player holds went, or with whom it stayed."""
    if not r.held:
        return [Line(f"No {r.noun} was chosen.")]
    out = [Line(f"The active {r.noun}: the {r.held}.")]
    for p in r.path:
        if p.moves:
            told = "; ".join(m.words for m in p.moves)
        elif p.holder is not None:
            told = f"it stayed with {_seat(r, p.holder)}"
        else:
            told = "nobody held it"
        out.append(Line(f"{p.when}: {told}."))
    return out


def span_words(i: Impairment) -> str:
    """"Night 2 to day 3", or "Night 2" alone."""
    return i.start if i.start == i.end else f"{i.start} to {i.end.lower()}"


def impaired_lines(r: Reveal) -> list[Line]:
    """One line a cause on a seat, from the night or day it began to the one it ended in."""
    if not r.impaired:
        return [Line("Nobody was drunk or poisoned.")]
    return [Line(f"{span_words(i)}: {_seat(r, i.seat)} {i.what} ({i.by})") for i in r.impaired]


def reveal_sections(r: Reveal) -> list[tuple[str, list[Line]]]:
    """(heading, lines) in the reveal's order: the players, what a player held (a game whose
    rules have such a thing only), drunk and poisoned."""
    sections = list(zip(headings(r), (player_lines(r), path_lines(r), impaired_lines(r))))
    return sections if r.has_held else [sections[0], sections[2]]


def public_reveal(game: Game) -> PublicReveal | None:
    """What the players may see of the reveal: nothing until the storyteller shows it."""
    g = game.state
    if g.winner is None or not g.reveal_shown:
        return None
    r = game_reveal(game)
    return PublicReveal(
        result=r.result,
        sections=tuple(
            (heading, tuple(line.text for line in lines))
            for heading, lines in reveal_sections(r)
        ),
    )
