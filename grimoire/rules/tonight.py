"""What every script's night shares, whoever decides its steps: the script's order for tonight,
its reminder texts, the skips recorded with their reasons, and the end of the walk once a team
has won. ``PhantomNight`` (automated) and ``StorytellerNight`` (the storyteller's) build on it."""

from __future__ import annotations

from grimoire.core.happenings import Skipped
from grimoire.core.model import GameState
from grimoire.core.script import Script
from grimoire.rules import chronicle


class ScriptNight:
    def __init__(self, g: GameState, script: Script) -> None:
        self.g = g
        self.script = script
        self.first = g.night == 1
        self.running: str | None = None  # the entry of the order the walker is on

    def order(self) -> tuple[str, ...]:
        return self.script.night_order(self.first)

    def finished(self) -> bool:
        return self.g.winner is not None

    def skipped(self, step: str, why: str) -> None:
        self.g.nights[-1].skipped[step] = why
        seat = self.g.seat_of(step)
        chronicle.note(self.g, Skipped(step, seat.index if seat is not None else None, why))

    def reminder(self, step: str) -> str:
        return self.script.reminder(step, self.first)
