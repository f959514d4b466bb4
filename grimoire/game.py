"""A game: its table setup plus the append-only event log; the state is the log's fold.

Every storyteller action goes through ``Game.apply``: the app, the scenario runner and saved
games all append the same events, and ``undo`` removes the last one and refolds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import attrs

from grimoire.core import events as ev
from grimoire.core.model import (
    Alignment,
    ArtifactState,
    Aside,
    Expiry,
    GameState,
    Phase,
    Reminder,
    Transfer,
    TransferKind,
)
from grimoire.core.script import Script, Team, held_by_no_seat, load_script, may_repeat
from grimoire.core.thinks import thinks_problem
from grimoire.core.happenings import Moved
from grimoire.rules import chronicle
from grimoire.rules import day as day_rules
from grimoire.rules import tokens as tk
from grimoire.rules import told as told_rules
from grimoire.rules import visitors
from grimoire.rules.config import RulesConfig
from grimoire.rules.deaths import execute, kill, revive
from grimoire.rules.end import declare_winner
from grimoire.rules.engine import ScriptRules, Tonight, rules_for
from grimoire.rules.night import start_night
from grimoire.rules.status import ARTIFACTS
from night_order import IllegalAnswer, Prompt, SheetEntry, Walker, build_sheet, position, walk
from grimoire.core.value import as_tuple, frozen


class IllegalAction(ValueError):
    """An action the rules forbid; the message says which rule. Nothing has changed."""


class SetupError(ValueError):
    pass


class ManagersAnswerNeeded(IllegalAction):
    """The execution offers the Managers' substitute, and the action gave no answer."""


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
    script: str = "phantom"
    artifacts: tuple[str, ...] = attrs.field(default=ARTIFACTS, converter=as_tuple)
    mirror_target: int | None = None
    evil_townsfolk: int | None = None
    bluffs: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    config: RulesConfig = attrs.Factory(RulesConfig)
    title: str = ""
    tokens: tuple[SetupToken, ...] = attrs.field(default=(), converter=as_tuple)
    # In play with no seat of its own (Lil' Monsta, whose token a Minion babysits).
    unseated: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)

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
        if "phantom" in script.by_id and characters.count("phantom") != 1:
            out.append(Problem(None, "the Phantom must be in play exactly once"))
        for c in sorted(set(characters)):
            if c in script.by_id and characters.count(c) > 1 and not may_repeat(script, c):  # worded as core.setup words it
                out.append(Problem(None, f"{script.character(c).name} is chosen {characters.count(c)} times; "
                                         "a character is in play at most once"))
        for a in self.artifacts:
            if a not in ARTIFACTS:
                out.append(Problem(None, f"{a!r} is not an artifact (monkey_music_box or punjab_lasso)"))
            elif a not in script.by_id:
                out.append(Problem(None, f"the artifact {a!r} is not on {script.name}"))
        if "phantom" in script.by_id and not self.artifacts:
            out.append(Problem(None, "at least one artifact must be available"))
        if "mirror_keeper" in characters:
            t = self.mirror_target
            if t is None:
                out.append(Problem(None, "the Mirror Keeper is in play: choose the Mirror target (a good player)"))
            elif not 0 <= t < len(self.seats):
                out.append(Problem(None, "the Mirror target is no seat at the table"))
            elif not self._known(t, script):
                pass  # that seat's unknown character is its own problem, said above
            elif self._alignment(t, script) is not Alignment.GOOD or self.seats[t].character == "mirror_keeper":
                out.append(Problem(t, "the Mirror target must be a good player"))
        if self.evil_townsfolk is not None:
            t = self.evil_townsfolk
            if "managers" not in characters:
                out.append(Problem(None, "an evil Townsfolk needs the Managers in play (option B)"))
            elif (not 0 <= t < len(self.seats) or self.seats[t].traveller or not self._known(t, script)
                  or script.team_of(self.seats[t].character) is not Team.TOWNSFOLK):
                out.append(Problem(None, "the evil Townsfolk must be a Townsfolk in play"))
        for token in self.tokens:
            if not 0 <= token.seat < len(self.seats):
                out.append(Problem(None, f"the {token.name!r} reminder is on no seat at the table"))
            elif token.owner not in script.by_id or token.name not in script.character(token.owner).reminders:
                out.append(Problem(None, f"{token.name!r} is no reminder of the {token.owner!r} on {script.name}"))
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

    def _known(self, i: int, script: Script) -> bool:
        """Seat ``i`` is a Traveller or plays a character of the script."""
        return self.seats[i].traveller or self.seats[i].character in script.by_id

    def _alignment(self, i: int, script: Script) -> Alignment:
        seat = self.seats[i]
        if seat.alignment is not None:
            return seat.alignment
        if i == self.evil_townsfolk:
            return Alignment.EVIL
        if seat.traveller:
            return Alignment.GOOD
        return Alignment.EVIL if script.team_of(seat.character).is_evil else Alignment.GOOD

    def initial_state(self) -> GameState:
        problems = self.problems()
        if problems:
            raise SetupError("; ".join(problems))
        script = load_script(self.script)
        from grimoire.core.model import Seat

        seats = [
            Seat(
                index=i,
                name=s.name.strip(),
                character=s.character,
                alignment=self._alignment(i, script),
                traveller=s.traveller,
                thinks=None if s.traveller else s.thinks,
            )
            for i, s in enumerate(self.seats)
        ]
        g = GameState(
            script_id=self.script,
            seats=seats,
            tokens=[],
            artifact=ArtifactState(available=tuple(self.artifacts)),
            config=self.config,
            mirror_target=self.mirror_target if "mirror_keeper" in [s.character for s in seats] else None,
            evil_townsfolk=self.evil_townsfolk,
            bluffs=tuple(self.bluffs),
            unseated=tuple(self.unseated),
        )
        for t in self.tokens:
            tk.place(g, t.name, t.owner, t.seat, Expiry.PERMANENT)
        if g.mirror_target is not None:
            tk.place(g, tk.MIRROR, "mirror_keeper", g.mirror_target, Expiry.PERMANENT, side=tk.MIRROR_TARGET)
        return g


class Game:
    """The setup, the log, and the live state with tonight's walker."""

    def __init__(self, setup: TableSetup, events: Iterable[ev.Event] = ()) -> None:
        self.setup = setup
        self.script = load_script(setup.script)
        self.rules: ScriptRules = rules_for(self.script)
        self.events: list[ev.Event] = []
        self.redo_stack: list[ev.Event] = []
        self._checkpoints: list[tuple[int, GameState]] = [(0, setup.initial_state())]
        self.state = self._checkpoints[0][1].clone()
        self._night: Tonight | None = None
        self._walker: Walker | None = None
        self.managers_asked = False  # whether the last execution asked the Managers' offer
        for i, event in enumerate(events):
            try:
                self._apply(event)
            except (IllegalAction, IllegalAnswer, day_rules.DayRuleError) as exc:
                raise IllegalAction(f"event {i + 1} ({event.kind}): {exc}") from None
            self.events.append(event)

    # --- reading -------------------------------------------------------------------------
    @property
    def prompt(self) -> Prompt | None:
        return self._walker.prompt if self._walker is not None else None

    @property
    def pending(self) -> Any:
        """The record of the step now open (an InfoRecord), told to nobody until the step is
        confirmed: the log and the exports leave it out until then."""
        prompt = self.prompt
        return prompt.informs if prompt is not None else None

    @property
    def phase(self) -> Phase:
        return self.state.phase

    def sheet(self) -> tuple[SheetEntry, ...]:
        """Tonight's sheet with done / next / skipped marks (empty by day)."""
        night = self._night
        g = self.state
        if night is None or g.phase is not Phase.NIGHT or not g.nights:
            return ()
        record = g.nights[-1]
        prompt = self.prompt
        running = night.running if prompt is not None else None
        receiving = prompt.step if prompt is not None and prompt.step != running else None
        return build_sheet(
            night.order(),
            night.title,
            night.reminder,
            night.status,
            record.woke,
            running,
            lambda step: record.skipped.get(step),
            receiving=receiving if receiving in night.order() else None,
        )

    def step_position(self) -> tuple[int, int] | None:
        """(k, n): the walker is on entry k of the n entries of tonight's whole order.

        Skipped entries count, so k never jumps; a wake on receipt (Meg, the Auctioneer, ...)
        in the middle of an entry shares that entry's place. None when no step is waiting.
        """
        night = self._night
        if night is None or self.prompt is None or night.running is None:
            return None
        return position(night.order(), night.running)

    def woke_in_order(self) -> list[str]:
        if not self.state.nights:
            return []
        first = self.state.nights[-1].number == 1
        order = self._night.order() if self._night is not None else self.script.night_order(first)
        woke = self.state.nights[-1].woke
        return sorted(woke, key=lambda s: order.index(s) if s in order else len(order))

    # --- acting --------------------------------------------------------------------------
    def apply(self, event: ev.Event) -> None:
        """Apply one storyteller action; raises IllegalAction and changes nothing if refused."""
        try:
            self._apply(event)
        except (IllegalAnswer, day_rules.DayRuleError) as exc:
            raise IllegalAction(str(exc)) from None
        self.events.append(event)
        self.redo_stack.clear()

    def answer(self, value: Any = None, told: Any = None) -> None:
        """Answer the waiting step; ``told``: what the player was actually given, where the
        step tells a player something (grimoire.rules.told)."""
        prompt = self.prompt
        if prompt is None:
            raise IllegalAction("there is no night step waiting for an answer")
        self.apply(ev.Answer(step=prompt.step, value=value, told=told))

    def undo(self) -> ev.Event | None:
        if not self.events:
            return None
        event = self.events.pop()
        self.redo_stack.append(event)
        self._refold()
        return event

    def redo(self) -> ev.Event | None:
        if not self.redo_stack:
            return None
        event = self.redo_stack[-1]
        try:
            self._apply(event)
        except (IllegalAnswer, day_rules.DayRuleError) as exc:
            raise IllegalAction(str(exc)) from None
        self.redo_stack.pop()  # only once it has applied: a refused redo keeps it
        self.events.append(event)
        return event

    def _refold(self) -> None:
        n = len(self.events)
        self._checkpoints = [(i, s) for i, s in self._checkpoints if i <= n]
        index, state = self._checkpoints[-1]
        self.state = state.clone()
        self._night = None
        self._walker = None
        for event in self.events[index:n]:
            self._apply(event, checkpoint=False)

    # --- the fold ------------------------------------------------------------------------
    def _apply(self, event: ev.Event, checkpoint: bool = True) -> None:
        fold = FOLD.get(type(event))
        if fold is None:
            raise IllegalAction(f"unknown event {event!r}")
        if checkpoint and isinstance(event, ev.StartNight):
            self._checkpoint()
        fold(self, event)

    def _checkpoint(self) -> None:
        """The state before a dusk, kept for undo (a dusk refused leaves it true all the same)."""
        position = len(self.events)
        if self._checkpoints[-1][0] != position:
            self._checkpoints.append((position, self.state.clone()))

    def _start_night(self, event: ev.StartNight) -> None:
        g = self.state
        if g.phase not in (Phase.SETUP, Phase.DAY):
            raise IllegalAction("a night starts only from setup or from the day")
        start_night(g)
        self._night = self.rules.night(g, self.script)
        self._walker = Walker(walk(self._night))
        self._after_walker_step()

    def _nominate(self, event: ev.Nominate) -> None:
        self._seats(event.nominator, event.nominee)
        self._registration(event)
        day_rules.nominate(self.state, event.nominator, event.nominee)
        self.rules.nominated(self.state, event.nominator, event.nominee, event.registers)
        self.rules.check_end(self.state)

    def _vote(self, event: ev.Vote) -> None:
        self._seats(event.nominee, *event.voters)
        day_rules.vote(self.state, event.nominee, tuple(event.voters))

    def _declare(self, event: ev.Declare) -> None:
        self._seats(event.seat)
        if event.target is not None:
            self._seats(event.target)
        self._registration(event)
        self.rules.declare(self.state, event.seat, event.character, event.target, event.registers)
        self.rules.check_end(self.state)

    def _registration(self, event: ev.Nominate | ev.Declare) -> None:
        """A registration choice only where the rules ask one (None, as in older saves: as they are)."""
        if event.registers is not None and self.rules.registration(self.state, event) is None:
            raise IllegalAction("no registration is the storyteller's to choose here")

    def _day_timer(self, event: ev.StartDayTimer) -> None:
        day_rules.start_timer(self.state, event.label, event.seconds)

    def _exile(self, event: ev.Exile) -> None:
        self._seats(event.seat)
        day_rules.exile(self.state, event.seat)

    def _answer(self, event: ev.Answer) -> None:
        walker = self._walker
        if walker is None or walker.prompt is None:
            raise IllegalAction("there is no night step waiting for an answer")
        if walker.prompt.step != event.step:
            raise IllegalAction(f"the answer is for {event.step!r}, but the night is at {walker.prompt.step!r}")
        record = walker.prompt.informs
        told = None
        if event.told is not None:
            try:
                told = told_rules.check(self.state, record, event.told, walker.prompt.title)
            except told_rules.ToldError as exc:
                raise IllegalAction(str(exc)) from None
        if record is not None:
            self._told_now(record)
        walker.answer(event.value)
        if told is not None:
            self._record_told(record, told)
        self._after_walker_step()

    def _told_now(self, record: Any) -> None:
        """The player is told at the step's confirmation: their record goes after whatever the
        storyteller did while the step was open (a note, an override)."""
        happenings = self.state.nights[-1].happenings
        at = next((i for i, h in enumerate(happenings) if h is record), None)
        if at is not None and at != len(happenings) - 1:
            happenings.append(happenings.pop(at))

    def _record_told(self, record: Any, told: Any) -> None:
        """Tonight's record of that step, with what was told (records are shared with older
        states: replaced, never changed)."""
        night = self.state.nights[-1]
        given = attrs.evolve(record, told=told)
        for records in (night.info, night.happenings):
            for i, r in enumerate(records):
                if r is record:
                    records[i] = given

    def _after_walker_step(self) -> None:
        # The walker ends at dawn (the day has begun) or when a team has won.
        if self._walker is not None and self._walker.done:
            self._walker = None

    def _execute(self, event: ev.Execute) -> None:
        g = self.state
        self._seats(event.seat)
        if g.winner is not None:
            raise IllegalAction(f"the game is over: {g.winner.value} won")
        if g.phase is not Phase.DAY or g.today is None:
            raise IllegalAction("executions happen by day")
        if g.today.execution is not None:
            raise IllegalAction(
                f"{g.name(g.today.execution.seat)} was already executed today: one execution a day"
            )
        self.managers_asked = False
        self._executing(event)
        self.rules.executed(g, event.seat)  # what the script's rules set off (the Saint's loss)
        self.rules.check_end(g)

    def _executing(self, event: ev.Execute) -> None:
        steps = execute(self.state, event.seat)
        try:
            prompt = next(steps)
        except StopIteration:
            return
        while True:  # only the Managers' substitute can be asked here
            if event.managers is None:
                raise ManagersAnswerNeeded(
                    f"{prompt.question} Answer the Managers' offer (a player or decline)."
                )
            self.managers_asked = True
            value = prompt.validate(event.managers)
            try:
                prompt = steps.send(value)
            except StopIteration:
                return

    def end_pointers(self) -> list[str]:
        """The standard end conditions met now, for a storyteller who decides the end."""
        return self.rules.end_pointers(self.state, self.script)

    def _declare_winner(self, event: ev.DeclareWinner) -> None:
        g = self.state
        if self.rules.automated:
            raise IllegalAction(f"on {self.script.name} the rules decide the winner")
        if g.winner is not None:
            raise IllegalAction(f"the game is over: {g.winner.value} won")
        if g.phase is Phase.SETUP:
            raise IllegalAction("the game has not begun")
        try:
            winner = Alignment(event.winner)
        except ValueError:
            raise IllegalAction(f"the winner is good or evil, not {event.winner!r}") from None
        declare_winner(g, winner, event.reason or "the storyteller declared it")
        self._night = None
        self._walker = None  # a night declared over mid-way has no step waiting

    def _show_reveal(self, event: ev.ShowReveal) -> None:
        g = self.state
        if g.winner is None:
            raise IllegalAction("the reveal is shown to the players only once a team has won")
        if g.reveal_shown == event.shown:
            raise IllegalAction(f"the reveal is {'already' if event.shown else 'not'} shown to the players")
        g.reveal_shown = event.shown

    def _seats(self, *seats: int) -> None:
        n = len(self.state.seats)
        for s in seats:
            if not isinstance(s, int) or not 0 <= s < n:
                raise IllegalAction(f"there is no seat {s!r} (seats are 0 to {n - 1})")
            if self.state.seats[s].left:
                raise IllegalAction(f"{self.state.seats[s].name} has left the game")

    # A Traveller joins or leaves, a Fabled is placed or taken away: no rule changes, but
    # tonight's order (built at dusk) gains or loses their steps from the next night on.
    def _add_traveller(self, event: ev.AddTraveller) -> None:
        with _visitor_refusals():
            visitors.add_traveller(self.state, event.name, event.character, event.alignment, event.after)

    def _remove_traveller(self, event: ev.RemoveTraveller) -> None:
        self._seats(event.seat)
        with _visitor_refusals():
            visitors.remove_traveller(self.state, event.seat)

    def _place_fabled(self, event: ev.PlaceFabled) -> None:
        with _visitor_refusals():
            visitors.place_fabled(self.state, event.character)

    def _remove_fabled(self, event: ev.RemoveFabled) -> None:
        with _visitor_refusals():
            visitors.remove_fabled(self.state, event.character)

    # The storyteller's own words on a seat: the rules never read them.
    def _aside(self, aside: Aside) -> None:
        """The storyteller's words, kept, and told among what happened when they were written."""
        self.state.asides.append(aside)
        chronicle.note(self.state, aside)  # not before the first night: that has its own heading

    def _write_note(self, event: ev.WriteNote) -> None:
        g = self.state
        self._seats(event.seat)
        if not event.text and g.note(event.seat) is None:
            raise IllegalAction(f"{g.name(event.seat)} has no note to clear")
        self._aside(Aside(g.moment, event.seat, "note", event.text))

    def _place_reminder(self, event: ev.PlaceReminder) -> None:
        g = self.state
        self._seats(event.seat)
        g.reminders.append(Reminder(event.seat, event.text, g.moment))
        self._aside(Aside(g.moment, event.seat, "reminder", event.text))

    def _remove_reminder(self, event: ev.RemoveReminder) -> None:
        g = self.state
        self._seats(event.seat)
        found = next((r for r in g.reminders if r.seat == event.seat and r.text == event.text), None)
        if found is None:
            raise IllegalAction(f"there is no reminder {event.text!r} on {g.name(event.seat)}")
        g.reminders.remove(found)
        self._aside(Aside(g.moment, event.seat, "unreminder", event.text))

    def _token(self, event: ev.PlaceToken) -> None:
        """A reminder token of the script's, as the token picker offers them."""
        owner = self.script.by_id.get(event.owner) or visitors.in_play(self.state).get(event.owner)
        if owner is None:
            raise IllegalAction(f"{event.owner!r} is not on {self.script.name}")
        if event.name not in owner.reminders + owner.reminders_global:
            raise IllegalAction(f"the {owner.name} has no reminder token {event.name!r}")
        if event.side not in tk.SIDES.get(event.name, (None,)):
            raise IllegalAction(f"the {event.name!r} token has no side {event.side!r}")

    # Storyteller overrides: whatever the storyteller says; derived state follows (_overriding).
    def _place_token(self, event: ev.PlaceToken) -> None:
        self._seats(event.seat)
        self._token(event)
        tk.place(self.state, event.name, event.owner, event.seat, Expiry.PERMANENT, side=event.side, by="storyteller")

    def _remove_token(self, event: ev.RemoveToken) -> None:
        g = self.state
        self._seats(event.seat)
        token = tk.find(g, event.name, event.seat)
        if token is None:
            raise IllegalAction(f"there is no {event.name!r} token on {g.name(event.seat)}")
        tk.remove(g, token, by="storyteller")

    def _set_alive(self, event: ev.SetAlive) -> None:
        g = self.state
        self._seats(event.seat)
        if event.alive == g.seats[event.seat].alive:
            raise IllegalAction(f"{g.name(event.seat)} is already {'alive' if event.alive else 'dead'}")
        if event.alive:
            revive(g, event.seat)
        else:
            kill(g, event.seat)

    def _swap(self, event: ev.SwapCharacter) -> None:
        self._seats(event.seat)
        if event.character not in self.script.by_id:
            raise IllegalAction(f"{event.character!r} is not on {self.script.name}")
        character = self.script.character(event.character)
        if character.team in (Team.LORIC, Team.FABLED):
            raise IllegalAction(f"the {character.name} is not a player's character")
        # Who they thought they were was the old character's (the Drunk's Townsfolk).
        self.state.replace_seat(event.seat, character=event.character, ability_lost=False, thinks=None)

    def _set_alignment(self, event: ev.SetAlignment) -> None:
        self._seats(event.seat)
        try:
            alignment = Alignment(event.alignment)
        except ValueError:
            raise IllegalAction(f"alignment must be good or evil, not {event.alignment!r}") from None
        self.state.replace_seat(event.seat, alignment=alignment)

    def _move_artifact(self, event: ev.MoveArtifact) -> None:
        g = self.state
        self._seats(event.seat)
        if g.artifact.active is None:
            raise IllegalAction("no artifact is active yet: the Phantom chooses it on the first night")
        if g.artifact.holder == event.seat:
            raise IllegalAction(f"{g.name(event.seat)} already holds the artifact")
        frm = g.artifact.holder
        g.artifact.history.append(Transfer(g.night, TransferKind.STORYTELLER_MOVE, frm, event.seat))
        g.artifact.holder = event.seat
        chronicle.record(g, Moved(TransferKind.STORYTELLER_MOVE, frm, event.seat))

    def _set_ghost_vote(self, event: ev.SetGhostVote) -> None:
        self._seats(event.seat)
        self.state.replace_seat(event.seat, ghost_vote=event.available)

    def _overridden(self) -> None:
        g = self.state
        chronicle.recheck(g, "storyteller")  # a new character or alignment may change who is drunk
        self.rules.check_end(g)


@contextmanager
def _visitor_refusals() -> Iterator[None]:
    try:
        yield
    except visitors.VisitorError as exc:
        raise IllegalAction(str(exc)) from None


def _overriding(fold: Callable[[Game, Any], None]) -> Callable[[Game, Any], None]:
    """An override, then what derives from it (who is drunk, whether a team has won)."""
    def apply(game: Game, event: Any) -> None:
        fold(game, event)
        game._overridden()

    return apply


# The fold: one small function for each kind of event, looked up by its class.
FOLD: dict[type[ev.Event], Callable[[Game, Any], None]] = {
    ev.Answer: Game._answer,
    ev.StartNight: Game._start_night,
    ev.Nominate: Game._nominate,
    ev.Vote: Game._vote,
    ev.Declare: Game._declare,
    ev.Exile: Game._exile,
    ev.StartDayTimer: Game._day_timer,
    ev.Execute: Game._execute,
    ev.WriteNote: Game._write_note,
    ev.PlaceReminder: Game._place_reminder,
    ev.RemoveReminder: Game._remove_reminder,
    ev.ShowReveal: Game._show_reveal,
    ev.DeclareWinner: Game._declare_winner,
    ev.AddTraveller: Game._add_traveller,
    ev.RemoveTraveller: Game._remove_traveller,
    ev.PlaceFabled: Game._place_fabled,
    ev.RemoveFabled: Game._remove_fabled,
    ev.PlaceToken: _overriding(Game._place_token),
    ev.RemoveToken: _overriding(Game._remove_token),
    ev.SetAlive: _overriding(Game._set_alive),
    ev.SwapCharacter: _overriding(Game._swap),
    ev.SetAlignment: _overriding(Game._set_alignment),
    ev.MoveArtifact: _overriding(Game._move_artifact),
    ev.SetGhostVote: _overriding(Game._set_ghost_vote),
}
