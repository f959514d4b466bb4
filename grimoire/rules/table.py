"""A table's setup: the seats, the script, the bluffs and the reminders placed at setup, and
what the script's rules set up of their own (``script_setup``); what makes it unplayable, and
the game state it deals."""

from __future__ import annotations

from typing import Any

import attrs

from grimoire.core.model import Alignment, Expiry, GameState, Seat
from grimoire.core.script import Script, Team, held_by_no_seat, load_script, may_repeat
from grimoire.core.thinks import thinks_problem
from grimoire.core.value import as_tuple, frozen
from grimoire.rules import tokens as tk
from grimoire.rules.contract import ScriptRules
from grimoire.rules.plugins import rules_for


class SetupError(ValueError):
    pass


@frozen
class SeatSetup:
    name: str
    character: str
    alignment: Alignment | None = None  # None: the character's team decides
    traveller: bool = False
    thinks: str | None = None  # the character they think they are: the Drunk's Townsfolk (core.thinks)


@frozen
class Problem:
    """One thing that makes a table unplayable."""

    seat: int | None  # the seat it concerns, or None: the table as a whole
    text: str

    def describe(self, setup: TableSetup) -> str:
        if self.seat is None:
            return self.text
        name = setup.seats[self.seat].name.strip()
        return f"seat {self.seat + 1}" + (f" ({name})" if name else "") + f": {self.text}"


@frozen
class SetupToken:
    """A reminder the setup places (the Fortune Teller's red herring): on ``seat`` all game."""

    name: str
    owner: str  # the character id whose reminder it is
    seat: int


@frozen
class TableSetup:
    seats: tuple[SeatSetup, ...] = attrs.field(converter=as_tuple)
    script: str  # the script's id or path (grimoire.core.script.load_script)
    bluffs: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    title: str = ""
    tokens: tuple[SetupToken, ...] = attrs.field(default=(), converter=as_tuple)
    # In play with no seat of its own (Lil' Monsta, whose token a Minion babysits).
    unseated: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    # The script's rules' own setup (grimoire.rules.contract.ScriptRules.read_setup), or None.
    script_setup: Any = None

    @property
    def rules(self) -> ScriptRules:
        """The rules of the plug-in that plays the table's script (the game's, ``Game.rules``):
        asked of the registry here, where a game begins, and passed down from there."""
        return rules_for(load_script(self.script))

    def problems(self) -> list[str]:
        """What makes this table unplayable (not the setup-count rules: see core.setup)."""
        return [p.describe(self) for p in self.problem_list()]

    def problem_list(self) -> list[Problem]:
        """The problems, each with the seat it concerns (None: the table as a whole)."""
        script = load_script(self.script)
        out: list[Problem] = []
        names = [s.name.strip().casefold() for s in self.seats]
        if len(self.seats) < 5:
            out.append(Problem(None, f"{len(self.seats)} seats: a game needs at least 5 players"))
        if len(self.seats) > 20:
            out.append(Problem(None, f"{len(self.seats)} seats: at most 20"))
        for i, seat in enumerate(self.seats):
            if not seat.name.strip():
                out.append(Problem(i, "no name"))
            elif names.count(seat.name.strip().casefold()) > 1:
                out.append(Problem(i, f"the name {seat.name!r} is used twice"))
            if not seat.traveller and not seat.character:
                out.append(Problem(i, "no character yet"))
            elif not seat.traveller and seat.character not in script.by_id:
                out.append(Problem(i, f"{seat.character!r} is not on {script.name}"))
            elif not seat.traveller and script.team_of(seat.character) in (Team.LORIC, Team.FABLED):
                out.append(Problem(i, f"the {script.character(seat.character).name} is not a player's character"))
            elif not seat.traveller and held_by_no_seat(script.character(seat.character)):
                out.append(Problem(i, f"the {script.character(seat.character).name} is held by no seat: "
                                      "a Minion babysits its token"))
        for c in self.unseated:
            if c not in script.by_id:
                out.append(Problem(None, f"{c!r} is not on {script.name}"))
            elif not held_by_no_seat(script.character(c)):
                out.append(Problem(None, f"the {script.character(c).name} is a player's character: a seat holds it"))
            elif self.unseated.count(c) > 1:
                out.append(Problem(None, f"the {script.character(c).name} is in play once"))
        characters = [s.character for s in self.seats if not s.traveller]
        out += self._thinks_problems(script, characters)
        for c in sorted(set(characters)):
            if c in script.by_id and characters.count(c) > 1 and not may_repeat(script, c):  # worded as core.setup words it
                out.append(Problem(None, f"{script.character(c).name} is chosen {characters.count(c)} times; "
                                         "a character is in play at most once"))
        out += self.rules.setup_problems(self, script)
        for t in self.tokens:
            if not 0 <= t.seat < len(self.seats):
                out.append(Problem(None, f"the {t.name!r} reminder is on no seat at the table"))
            elif t.owner not in script.by_id or t.name not in script.character(t.owner).reminders:
                out.append(Problem(None, f"{t.name!r} is no reminder of the {t.owner!r} on {script.name}"))
        thinks = {s.thinks: s.character for s in self.seats if s.thinks is not None and not s.traveller}
        for b in self.bluffs:
            if b not in script.by_id:
                out.append(Problem(None, f"bluff {b!r} is not on the script"))
            elif b in characters:
                out.append(Problem(None, f"the bluff {script.character(b).name} is in play"))
            elif b in thinks and thinks[b] in script.by_id:
                out.append(Problem(None, f"the bluff {script.character(b).name} is the "
                                         f"{script.team_of(b).label} the {script.character(thinks[b]).name} thinks they are"))
        return out

    def _thinks_problems(self, script: Script, characters: list[str]) -> list[Problem]:
        """Who each player thinks they are (a Drunk without it is the setup screen's to ask:
        older saves and scenario files have none)."""
        out = []
        for i, seat in enumerate(self.seats):
            if seat.thinks is None or seat.traveller or seat.character not in script.by_id:
                continue
            problem = thinks_problem(script, seat.character, seat.thinks, characters)
            if problem is not None:
                out.append(Problem(i, problem))
        return out

    def known(self, i: int, script: Script) -> bool:
        """Seat ``i`` is a Traveller or plays a character of the script."""
        return self.seats[i].traveller or self.seats[i].character in script.by_id

    def alignment(self, i: int, script: Script) -> Alignment:
        """Seat ``i``'s true alignment at the start: as set, else as the rules' setup gives it,
        else by its character's team (a Traveller: good until the storyteller says)."""
        seat = self.seats[i]
        if seat.alignment is not None:
            return seat.alignment
        given = self.rules.setup_alignment(self, i)
        if given is not None:
            return given
        if seat.traveller:
            return Alignment.GOOD
        return Alignment.EVIL if script.team_of(seat.character).is_evil else Alignment.GOOD

    def initial_state(self) -> GameState:
        problems = self.problems()
        if problems:
            raise SetupError("; ".join(problems))
        script = load_script(self.script)
        seats = [
            Seat(
                index=i,
                name=s.name.strip(),
                character=s.character,
                alignment=self.alignment(i, script),
                traveller=s.traveller,
                thinks=None if s.traveller else s.thinks,
            )
            for i, s in enumerate(self.seats)
        ]
        g = GameState(
            script_id=self.script,
            seats=seats,
            tokens=[],
            bluffs=tuple(self.bluffs),
            unseated=tuple(self.unseated),
        )
        rules = self.rules
        g.script_state = rules.new_state(self, g)
        for t in self.tokens:
            tk.place(rules, g, t.name, t.owner, t.seat, Expiry.PERMANENT)
        rules.place_setup(self, g)
        return g
