"""The night of a script without rules of its own: every character in play, in the script's
order, with its reminder text; the storyteller carries each step out and may record what the
player was shown. Nothing is decided here (``PhantomNight`` is the automated counterpart)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from grimoire.core.happenings import Shown
from grimoire.core.markup import plain
from grimoire.core.model import GameState, Seat
from grimoire.core.script import SPECIAL_STEPS, Script, Team
from grimoire.core.thinks import thinks_of
from grimoire.rules import chronicle, status
from grimoire.rules.prompts import ack
from grimoire.rules.shown import RecordPrompt, shown_words
from grimoire.rules.tonight import ScriptNight
from grimoire.rules.wakes import condition, wakes, woken_by
from night_order import Prompt, StepStatus

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

Steps = Generator[Prompt, Any, None]

PLAYER_ORDER = (Team.MINION, Team.DEMON)
TEAM_WORDS = {Team.MINION: "the Minions", Team.DEMON: "the Demon"}
TITLES = {"dusk": "Dusk", "dawn": "Dawn", "minioninfo": "Minion Info", "demoninfo": "Demon Info"}
RECORD_NOTE = ("Record what they chose and were shown (players, a character or words), or go on with "
               "nothing to record.")


class StorytellerNight(ScriptNight):
    """Tonight for the walker (``night_order.NightRules``), with the sheet's titles and reminders."""

    def __init__(self, rules: ScriptRules, g: GameState, script: Script) -> None:
        super().__init__(rules, g, script)
        in_play = [s.character for s in g.seats if s.character in script.by_id]
        self.jinxes = script.jinxes_among([*in_play, *g.unseated])

    def title(self, step: str) -> str:
        if step in self.visitors:
            return self.visitor_title(step)
        if step in TITLES:
            return TITLES[step]
        seats = self.holders(step)
        name = self.script.character(step).name
        return f"{name} (dead)" if seats and not any(s.alive for s in seats) else name

    def status(self, step: str) -> StepStatus:
        if step in self.visitors:
            return self.visitor_status(step)
        if step in ("dusk", "dawn"):
            return StepStatus.storyteller()
        if step in ("minioninfo", "demoninfo"):
            players = sum(1 for s in self.g.seats if not s.traveller)
            return StepStatus.wake() if players >= 7 else StepStatus.skip("fewer than 7 players")
        # A dead player's step still comes up: some abilities work, or wake, when dead.
        in_play = self.holders(step) or step in self.g.unseated
        return StepStatus.wake() if in_play else StepStatus.skip("not in play")

    def holders(self, step: str) -> list[Seat]:
        """Who wakes at a character's step: its players (several for Legion or the Village
        Idiots), and one who thinks they are it (the Drunk)."""
        return [s for s in self.g.seats if not s.traveller and step in (s.character, thinks_of(s))]

    def waking(self, step: str) -> Seat | None:
        """The first who wakes at a character's step (see holders)."""
        return next(iter(self.holders(step)), None)

    def run(self, step: str) -> Steps:
        self.running = step
        if step in self.visitors:
            yield from self.visitor_step(step)
        elif step in SPECIAL_STEPS:
            yield from getattr(self, f"step_{step}")(step)
        else:
            yield from self.step_character(step)

    # --- the steps ---------------------------------------------------------------------------
    def _team(self, team: Team) -> list[int]:
        return [s.index for s in self.g.seats if not s.traveller and s.character in self.script.by_id
                and self.script.team_of(s.character) is team]

    def _names(self, seats: list[int]) -> str:
        return ", ".join(self.g.name(s) for s in seats) or "nobody"

    def step_dusk(self, step: str) -> Steps:
        self.g.nights[-1].mark_woke(step)
        yield ack(step, "Dusk", self.reminder(step))

    def step_minioninfo(self, step: str) -> Steps:
        self.g.nights[-1].mark_woke(step)
        minions, demons = self._team(Team.MINION), self._team(Team.DEMON)
        demon = self._names(demons)
        if not demons and self.g.unseated:
            demon = " and ".join(f"the {self.script.character(c).name} (held by no seat: a Minion babysits it)"
                                 for c in self.g.unseated)
        yield ack(step, "Minion Info", self.reminder(step), wake=minions,
                  truth_text=f"The Demon is {demon}; the Minions are {self._names(minions)}")

    def step_demoninfo(self, step: str) -> Steps:
        g = self.g
        g.nights[-1].mark_woke(step)
        bluffs = ", ".join(self.script.character(b).name for b in g.bluffs if b in self.script.by_id)
        yield ack(step, "Demon Info", self.reminder(step), wake=self._team(Team.DEMON),
                  truth_text=f"Minions: {self._names(self._team(Team.MINION))}. "
                             f"Not in play: {bluffs or 'choose 3 not-in-play good characters'}")

    def _who(self, seat: Seat, step: str) -> str:
        name = self.script.character(step).name
        if seat.character == step:
            return name
        return f"the {self.script.character(seat.character).name}, who thinks they are the {name}"

    def jinx_notes(self, step: str) -> list[str]:
        out = []
        for j in self.jinxes:
            if step in j.pair:
                other = j.second if j.first == step else j.first
                out.append(f"Jinx with the {self.script.character(other).name}: {plain(j.reason)}")
        return out

    def step_character(self, step: str) -> Steps:
        g = self.g
        seats = self.holders(step)
        if not seats:
            yield from self.step_unseated(step)
            return
        g.nights[-1].mark_woke(step)
        notes = []
        for seat in seats:
            if not seat.alive:
                notes.append(f"{seat.name} is dead: wake them only if their ability works while dead.")
        notes += self.jinx_notes(step)
        if self.script.unlisted_tonight(step, self.first):
            notes.append("Not in the script's own night order: placed here by the official night sheet.")
        notes.append(RECORD_NOTE)
        title = self.title(step)
        name = self.script.character(step).name
        wake = [s.index for s in seats]
        if all(s.character == step for s in seats):
            question = f"Wake {', '.join(s.name for s in seats)} ({name})."
        else:  # the Drunk, who thinks they are it
            question = f"Wake {', '.join(f'{s.name} ({self._who(s, step)})' for s in seats)}."
        woken = woken_by(self.reminder(step), name)
        if woken.others:  # the text wakes others (the Damsel's shows the Minions her token)
            team_seats = [i for team in PLAYER_ORDER if team in woken.teams for i in self._team(team)]
            own = wake if woken.own else []
            wake = [*own, *(i for i in team_seats if i not in own)]
            whom = " and ".join(TEAM_WORDS[t] for t in PLAYER_ORDER if t in woken.teams)
            question = f"Wake {whom}: {self._names(wake)} (for the {name})."
        only_if, then = condition(self.reminder(step))
        if only_if and wakes(then):  # the Godfather's "If an Outsider died today": checked first
            question = f"Only if {only_if}: {question[0].lower()}{question[1:]}"
        elif only_if:  # the Grandmother's "If the Demon killed ... : The Grandmother dies": no one wakes
            wake, question = [], f"Only if {only_if}: {then}"
        value = yield RecordPrompt(
            step=step, title=title, reminder=self.reminder(step), wake=tuple(wake), wake_if=only_if,
            question=question, notes=tuple(notes),
            impaired=any(status.impaired(self.rules, g, s.index) for s in seats),
            impaired_why=self._impaired_why(seats),
            seats=len(g.seats), characters=frozenset(self.script.by_id),
        )
        if value is not None:
            # Several players of one character: the record is the step's, not one seat's.
            shown_seat = seats[0].index if len(seats) == 1 else None
            chronicle.note(g, Shown(step, shown_seat, shown_words(g, self.script, value)))

    def _impaired_why(self, seats: list[Seat]) -> str:
        if len(seats) == 1:
            return status.impaired_why(self.rules, self.g, seats[0].index)
        return "; ".join(f"{s.name}: {status.impaired_why(self.rules, self.g, s.index)}"
                         for s in seats if status.impaired(self.rules, self.g, s.index))

    def step_unseated(self, step: str) -> Steps:
        """A Demon held by no seat (Lil' Monsta): the Minions who babysit it act for it."""
        g = self.g
        g.nights[-1].mark_woke(step)
        minions = self._team(Team.MINION)
        name = self.script.character(step).name
        notes = [f"The {name} is held by no seat: the Minions ({self._names(minions)}) choose who babysits it.",
                 *self.jinx_notes(step), RECORD_NOTE]
        value = yield RecordPrompt(
            step=step, title=self.title(step), reminder=self.reminder(step), wake=tuple(minions),
            question=f"Wake the Minions: {self._names(minions)} (for the {name}).", notes=tuple(notes),
            seats=len(g.seats), characters=frozenset(self.script.by_id),
        )
        if value is not None:
            chronicle.note(g, Shown(step, None, shown_words(g, self.script, value)))
