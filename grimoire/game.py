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
from grimoire.core.happenings import STORYTELLER, Became
from grimoire.core.model import (
    Alignment,
    Aside,
    Expiry,
    GameState,
    Phase,
    Reminder,
)
from grimoire.core.script import Team, load_script
from grimoire.core.thinks import thinks_of
from grimoire.rules import card_fold, chronicle, visitors
from grimoire.rules import day as day_rules
from grimoire.rules import tokens as tk
from grimoire.rules import told as told_rules
from grimoire.rules.contract import ScriptRules, Tonight
from grimoire.rules.deaths import kill, revive
from grimoire.rules.end import declare_winner
from grimoire.rules.table import Problem, SeatSetup, SetupError, SetupToken, TableSetup
from grimoire.rules.tonight import start_night
from night_order import IllegalAnswer, Prompt, SheetEntry, Walker, build_sheet, position, walk

# The table's setup is the rules' (grimoire.rules.table); a game begins from it.
__all__ = ["ExecutionAnswerNeeded", "Game", "IllegalAction", "Problem", "SeatSetup", "SetupError", "SetupToken",
           "TableSetup"]


class IllegalAction(ValueError):
    """An action the rules forbid; the message says which rule. Nothing has changed."""


class ExecutionAnswerNeeded(IllegalAction):
    """The execution asks the storyteller something (a substitute the script's rules offer),
    and the action gave no answer: ``prompt`` is the question."""

    def __init__(self, message: str, prompt: Prompt) -> None:
        super().__init__(message)
        self.prompt = prompt


class Game:
    """The setup, the log, and the live state with tonight's walker."""

    def __init__(self, setup: TableSetup, events: Iterable[ev.Event] = ()) -> None:
        self.setup = setup
        self.script = load_script(setup.script)
        self.rules: ScriptRules = setup.rules  # passed down to every rule the game asks
        self.events: list[ev.Event] = []
        self.redo_stack: list[ev.Event] = []
        self._checkpoints: list[tuple[int, GameState]] = [(0, setup.initial_state())]
        self.state = self._checkpoints[0][1].clone()
        self._night: Tonight | None = None
        self._walker: Walker | None = None
        self.execution_asked = False  # whether the last execution asked the storyteller something
        self._dealt_for: card_fold.Dealt | None = None  # what was last dealt from (card_fold.deal)
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

    def fork(self) -> Game:
        """A copy to try an event on (``grimoire.present.foresight``): the same setup and log,
        refolded from the last dusk's checkpoint; acting on it never changes this game."""
        copy = Game.__new__(Game)
        copy.setup, copy.script, copy.rules = self.setup, self.script, self.rules
        copy.events = list(self.events)
        copy.redo_stack = []
        copy._checkpoints = list(self._checkpoints)  # states kept there are cloned before use
        copy.execution_asked = False
        copy._dealt_for = None
        copy._refold()
        return copy

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
        fold = FOLD.get(type(event)) or (_SCRIPT_OVERRIDE if type(event) in self.rules.events else None)
        if fold is None:
            raise IllegalAction(f"unknown event {event!r}")
        if checkpoint and isinstance(event, ev.StartNight):
            self._checkpoint()
        fold(self, event)
        if self.state.phones.deal:
            self._dealt_for = card_fold.deal(self.state, self._dealt_for)

    def _checkpoint(self) -> None:
        """The state before a dusk, kept for undo (a dusk refused leaves it true all the same)."""
        position = len(self.events)
        if self._checkpoints[-1][0] != position:
            self._checkpoints.append((position, self.state.clone()))

    def _start_night(self, event: ev.StartNight) -> None:
        g = self.state
        if g.phase not in (Phase.SETUP, Phase.DAY):
            raise IllegalAction("a night starts only from setup or from the day")
        if g.phase is Phase.DAY:
            self.rules.day_ends(g)
            if g.winner is not None:
                return  # the game ended with the day: no night follows
        start_night(self.rules, g)
        self._night = self.rules.night(g, self.script)
        self._walker = Walker(walk(self._night))
        self._after_walker_step()

    def _nominate(self, event: ev.Nominate) -> None:
        self._seats(event.nominator, event.nominee)
        self._registration(event)
        day_rules.nominate(self.rules, self.state, event.nominator, event.nominee)
        self.rules.nominated(self.state, event.nominator, event.nominee, event.registers)
        self.rules.check_end(self.state)

    def _vote(self, event: ev.Vote) -> None:
        self._seats(event.nominee, *event.voters)
        day_rules.vote(self.rules, self.state, event.nominee, tuple(event.voters))

    def _point(self, event: ev.Point) -> None:
        self._seats(*event.seats, *event.targets)
        day_rules.point(self.state, event.character, tuple(event.seats), tuple(event.targets))

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
        day_rules.exile(self.rules, self.state, event.seat)

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
                told = told_rules.check(self.rules, self.state, record, event.told, walker.prompt.title)
            except told_rules.ToldError as exc:
                raise IllegalAction(str(exc)) from None
        if record is not None:
            self._told_now(record)
        if told is not None and event.value is None:
            # What was told is recorded before the night goes on: a later step may read it
            # (a count of the false answers told tonight).
            self._record_told(record, told)
            told = None
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
        self.execution_asked = False
        self._executing(event)
        self.rules.executed(g, event.seat)  # what the script's rules set off (the Saint's loss)
        self.rules.check_end(g)

    def _executing(self, event: ev.Execute) -> None:
        steps = self.rules.execute(self.state, event.seat)
        try:
            prompt = next(steps)
        except StopIteration:
            return
        while True:  # what the script's rules ask at an execution (a substitute offered)
            if event.answer is None:
                raise ExecutionAnswerNeeded(f"{prompt.question} Answer it ({prompt.title}).", prompt)
            self.execution_asked = True
            value = prompt.validate(event.answer)
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
            visitors.add_traveller(self.rules, self.state, event.name, event.character, event.alignment, event.after)

    def _remove_traveller(self, event: ev.RemoveTraveller) -> None:
        self._seats(event.seat)
        with _visitor_refusals():
            visitors.remove_traveller(self.rules, self.state, event.seat)

    def _place_fabled(self, event: ev.PlaceFabled) -> None:
        with _visitor_refusals():
            visitors.place_fabled(self.rules, self.state, event.character)

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
        if event.side not in self.rules.token_sides.get(event.name, (None,)):
            raise IllegalAction(f"the {event.name!r} token has no side {event.side!r}")

    # Storyteller overrides: whatever the storyteller says; derived state follows (_overriding).
    def _place_token(self, event: ev.PlaceToken) -> None:
        self._seats(event.seat)
        self._token(event)
        tk.place(self.rules, self.state, event.name, event.owner, event.seat, Expiry.PERMANENT, side=event.side, by="storyteller")

    def _remove_token(self, event: ev.RemoveToken) -> None:
        g = self.state
        self._seats(event.seat)
        token = tk.find(g, event.name, event.seat)
        if token is None:
            raise IllegalAction(f"there is no {event.name!r} token on {g.name(event.seat)}")
        tk.remove(self.rules, g, token, by="storyteller")

    def _set_alive(self, event: ev.SetAlive) -> None:
        g = self.state
        self._seats(event.seat)
        if event.alive == g.seats[event.seat].alive:
            raise IllegalAction(f"{g.name(event.seat)} is already {'alive' if event.alive else 'dead'}")
        if event.alive:
            revive(self.rules, g, event.seat)
        else:
            kill(self.rules, g, event.seat)

    def _swap(self, event: ev.SwapCharacter) -> None:
        self._seats(event.seat)
        if event.character not in self.script.by_id:
            raise IllegalAction(f"{event.character!r} is not on {self.script.name}")
        character = self.script.character(event.character)
        if character.team in (Team.LORIC, Team.FABLED):
            raise IllegalAction(f"the {character.name} is not a player's character")
        # Who they thought they were was the old character's (the Drunk's Townsfolk).
        seat = self.state.seats[event.seat]
        was = seat.character
        # Not told: their card still shows what it showed (the Drunk's Townsfolk, or an earlier
        # change they did not learn either).
        believes = None if event.learns else seat.believes or thinks_of(seat) or was
        if believes == event.character:
            believes = None
        self.state.replace_seat(event.seat, character=event.character, ability_lost=False, thinks=None,
                                believes=believes)
        if was != event.character:  # told, and what the lines before it named them stays true
            chronicle.note(self.state, Became(event.seat, event.character, was, STORYTELLER, learns=event.learns))

    def _set_alignment(self, event: ev.SetAlignment) -> None:
        self._seats(event.seat)
        try:
            alignment = Alignment(event.alignment)
        except ValueError:
            raise IllegalAction(f"alignment must be good or evil, not {event.alignment!r}") from None
        self.state.replace_seat(event.seat, alignment=alignment)

    # The cards each player was told: on the laptop, sent to a phone, dealt; opened and seen
    # (grimoire.rules.card_fold).
    def _card(self, event: ev.CardShown | ev.CardSent) -> None:
        if event.seat is not None:
            self._seats(event.seat)
        with _card_refusals():
            card_fold.shown_or_sent(self.state, event)

    def _card_state(self, event: ev.CardOpened | ev.CardSeen) -> None:
        with _card_refusals():
            card_fold.opened_or_seen(self.state, event)

    def _phones(self, event: ev.PhonesChoice) -> None:
        with _card_refusals():
            card_fold.phones_chosen(self.state, event)

    def _phone_seat(self, event: ev.PhoneReleased | ev.PhoneMoved) -> None:
        """A phone released or moved (grimoire.core.seat_claims): what it holds is read off the
        log; here only that the claim and the seats are ones the game can have."""
        from grimoire.core.seat_claims import is_claim_id

        if not is_claim_id(event.claim):
            raise IllegalAction(f"a phone's claim is named by 8 letters and digits, not {event.claim!r}")
        self._seats(event.seat)
        if isinstance(event, ev.PhoneMoved):
            self._seats(event.to)
            if event.to == event.seat:
                raise IllegalAction(f"the phone is at seat {event.seat + 1} already")

    def _script_override(self, event: ev.Event) -> None:
        """An override of the script's rules' own (the artifact moved by hand): theirs to fold."""
        for seat in getattr(event, "seats", ()):
            self._seats(seat)
        try:
            self.rules.override(self.state, event)
        except (ValueError, day_rules.DayRuleError) as exc:
            raise IllegalAction(str(exc)) from None

    def _set_ghost_vote(self, event: ev.SetGhostVote) -> None:
        self._seats(event.seat)
        self.state.replace_seat(event.seat, ghost_vote=event.available)

    def _overridden(self) -> None:
        g = self.state
        chronicle.recheck(self.rules, g, "storyteller")  # a new character or alignment may change who is drunk
        self.rules.check_end(g)


@contextmanager
def _card_refusals() -> Iterator[None]:
    try:
        yield
    except card_fold.CardError as exc:
        raise IllegalAction(str(exc)) from None


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


# An event of the script's rules' own: theirs to fold, and an override like any other.
_SCRIPT_OVERRIDE = _overriding(Game._script_override)

# The fold: one small function for each kind of event, looked up by its class.
FOLD: dict[type[ev.Event], Callable[[Game, Any], None]] = {
    ev.Answer: Game._answer,
    ev.StartNight: Game._start_night,
    ev.Nominate: Game._nominate,
    ev.Vote: Game._vote,
    ev.Point: Game._point,
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
    ev.SetGhostVote: _overriding(Game._set_ghost_vote),
    ev.PhonesChoice: Game._phones,
    ev.CardShown: Game._card,
    ev.CardSent: Game._card,
    ev.CardOpened: Game._card_state,
    ev.CardSeen: Game._card_state,
    ev.PhoneReleased: Game._phone_seat,
    ev.PhoneMoved: Game._phone_seat,
}
