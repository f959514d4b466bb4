"""The storyteller's judgement, as a plug-in: the rules every script without rules of its own
gets, the registry's fallback (``grimoire.rules.plugins``).

The walker steps through the characters in play with their reminders, the storyteller records
what was shown and declares the winner, drunk and poisoned come from the reminders placed, an
execution kills, and the app only points out the standard end conditions. A plug-in that keeps
most of this (Trouble Brewing's: its night builds on the storyteller's) subclasses
``StorytellerRules`` and overrides what its rules decide. Each part is imported when first
asked: the app's first frame loads none of it.
"""

from __future__ import annotations

from grimoire.core.model import Execution, GameState
from grimoire.core.script import Script
from grimoire.rules.contract import ScriptRules, Steps, Tonight


class StorytellerRules(ScriptRules):
    """A script's rules as the storyteller judges them; it plays no script of its own."""

    name = "the storyteller's judgement"

    def plays(self, script: Script) -> bool:
        return False

    def night(self, g: GameState, script: Script) -> Tonight:
        from grimoire.rules.storyteller_night import StorytellerNight

        return StorytellerNight(self, g, script)

    def impairment_sources(self, g: GameState, i: int) -> tuple[str, ...]:
        """Here the reminders the storyteller placed (``grimoire.rules.impairing``)."""
        from grimoire.rules import impairing

        return impairing.sources(g, i)

    def impairment_reason(self, g: GameState, source: str) -> tuple[str, str]:
        from grimoire.rules import impairing

        return impairing.reason(g, source)

    def execute(self, g: GameState, seat: int) -> Steps:
        """Records the execution and kills (a dead player's execution kills nobody)."""
        from grimoire.core.happenings import Executed
        from grimoire.rules import chronicle
        from grimoire.rules.deaths import kill

        today = g.today
        assert today is not None
        alive = g.seats[seat].alive
        chronicle.note(g, Executed(seat))
        today.execution = Execution(seat=seat, died=alive, survived_because=None if alive else "already_dead")
        if alive:
            kill(self, g, seat, "execution")
        return
        yield  # a generator: these rules ask nothing at an execution

    def check_end(self, g: GameState) -> None:
        """The storyteller declares the winner."""

    def end_pointers(self, g: GameState, script: Script) -> list[str]:
        """The standard end conditions met now."""
        from grimoire.rules.standard_end import standard_end

        return standard_end(g, script)


STORYTELLER_RULES = StorytellerRules()
