"""What every script's night shares, whoever decides its steps: the script's order for tonight,
its reminder texts, the skips recorded with their reasons, and the end of the walk once a team
has won. Every plug-in's night and ``StorytellerNight`` (the storyteller's) build on it.

The Travellers at the table and the Fabled in play join the order here, the same way for every
script (``grimoire.rules.visitors``): their steps are the storyteller's, with their reminders."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from grimoire.core.happenings import Skipped
from grimoire.core.model import DayState, GameState, NightRecord, Phase
from grimoire.core.script import Script
from grimoire.rules import chronicle, visitors
from grimoire.rules.prompts import ack
from night_order import Prompt, StepStatus

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


def start_night(rules: ScriptRules, g: GameState) -> None:
    """Dusk: the next night's record begins (every script's night starts here)."""
    g.phase = Phase.NIGHT
    g.night += 1
    g.nights.append(NightRecord(g.night))
    chronicle.recheck(rules, g, "dusk")  # the night may make a seat drunk again (a house rule of the Phantom's)


class ScriptNight:
    def __init__(self, rules: ScriptRules, g: GameState, script: Script) -> None:
        self.rules = rules  # the game's rules, whose night this is
        self.g = g
        self.script = script
        self.first = g.night == 1
        self.running: str | None = None  # the entry of the order the walker is on
        self.visitors = visitors.night_visitors(g, self.first)  # built at dusk, as the order is
        self._order = visitors.merged_order(script.night_order(self.first), self.visitors, self.first)

    def order(self) -> tuple[str, ...]:
        return self._order

    # --- a Traveller's or a Fabled's step: the storyteller's, whatever the script's rules -------
    def visitor_title(self, step: str) -> str:
        name = self.visitors[step].name
        seat = self.g.seat_of(step)
        if seat is None:
            return f"{name} ({self.visitors[step].team.label})"
        return f"{name} (Traveller, dead)" if not seat.alive else f"{name} (Traveller)"

    def visitor_status(self, step: str) -> StepStatus:
        seat = self.g.seat_of(step)
        if seat is not None and seat.left:
            return StepStatus.skip("left the game")
        return StepStatus.storyteller()

    def visitor_step(self, step: str) -> Generator[Prompt, object, None]:
        g = self.g
        g.nights[-1].mark_woke(step)
        seat = g.seat_of(step)
        notes = [] if seat is None else [f"{seat.name} is the {self.visitors[step].name}."]
        if seat is not None and not seat.alive:
            notes.append(f"{seat.name} is dead: wake them only if their ability works while dead.")
        yield ack(step, self.visitor_title(step), self.reminder(step),
                  wake=() if seat is None else (seat.index,), notes=notes)

    # --- dawn: the same for every script; its rules add notes and what happens at dawn --------
    def step_dawn(self, step: str) -> Generator[Prompt, object, None]:
        g = self.g
        g.nights[-1].mark_woke(step)
        deaths = g.nights[-1].deaths
        died = ", ".join(g.name(s) for s in deaths) or "nobody"
        # Where the storyteller decides, the record has only the deaths they recorded.
        nobody = "Nobody died tonight." if self.rules.automated else "No death recorded tonight."
        notes = [f"Died tonight: {died}." if deaths else nobody, *self.dawn_notes()]
        yield ack(step, "Dawn", self.reminder(step), notes=notes)
        self.at_dawn()
        if g.winner is None:
            g.phase = Phase.DAY
            g.day = g.night
            g.days.append(DayState(g.day))
            chronicle.recheck(self.rules, g, "dawn")

    def dawn_notes(self) -> list[str]:
        """What the storyteller announces at dawn besides the night's deaths."""
        return []

    def at_dawn(self) -> None:
        """What the script's rules do once dawn is acknowledged (tokens that expire, the end
        checked), before the day begins; the storyteller's rules do nothing here."""

    def finished(self) -> bool:
        return self.g.winner is not None

    def skipped(self, step: str, why: str) -> None:
        self.g.nights[-1].skipped[step] = why
        seat = self.g.seat_of(step)
        chronicle.note(self.g, Skipped(step, seat.index if seat is not None else None, why))

    def reminder(self, step: str) -> str:
        visitor = self.visitors.get(step)
        if visitor is not None and step not in self.script.by_id:
            return visitor.first_night_reminder if self.first else visitor.other_night_reminder
        return self.script.reminder(step, self.first)
