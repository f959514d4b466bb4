"""Which rules a game plays by, chosen by its script. The grimoire (seats, tokens, notes, the
log, the walker, the day, saves and views) asks this one interface and knows no script:

- ``PhantomRules``: the Phantom of the Opera's full automation (``rules.night``, ``rules.end``):
  the app walks the artifact phase, computes true answers and decides the game's end.
- ``StorytellerRules``: any other script: the walker steps through the characters in play with
  their reminders, the storyteller records what was shown and declares the winner; the app
  only points out the standard end conditions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from grimoire.core.model import GameState
from grimoire.core.script import Script
from grimoire.rules.end import check_game_end
from grimoire.rules.night import PhantomNight
from grimoire.rules.standard_end import standard_end
from grimoire.rules.status import ARTIFACTS
from grimoire.rules.storyteller_night import StorytellerNight
from night_order import StepRun, StepStatus


class Tonight(Protocol):
    """One night's rules: what the walker runs and what the sheet shows."""

    running: str | None

    def order(self) -> Sequence[str]: ...
    def status(self, step: str) -> StepStatus: ...
    def run(self, step: str) -> StepRun: ...
    def skipped(self, step: str, why: str) -> None: ...
    def finished(self) -> bool: ...
    def title(self, step: str) -> str: ...
    def reminder(self, step: str) -> str: ...


@attrs.frozen
class ScriptRules:
    name: str
    automated: bool  # True: the rules decide the end; the storyteller does not declare it
    night: Callable[[GameState, Script], Tonight]
    check_end: Callable[[GameState], None]
    end_pointers: Callable[[GameState, Script], list[str]]
    # Characters of the script that are no player's and that these rules run themselves (the
    # Phantom's Loric, its artifacts): never placed as a Fabled or Loric for the table.
    runs: frozenset[str] = frozenset()


def _never(_g: GameState) -> None:
    return None


def _none(_g: GameState, _script: Script) -> list[str]:
    return []


PHANTOM_RULES = ScriptRules("the Phantom's rules", True, PhantomNight, check_game_end, _none, frozenset(ARTIFACTS))
STORYTELLER_RULES = ScriptRules("the storyteller's judgement", False, StorytellerNight, _never, standard_end)


def rules_for(script: Script) -> ScriptRules:
    """The Phantom's character brings its rules (a variant of the script keeps them too)."""
    return PHANTOM_RULES if "phantom" in script.by_id else STORYTELLER_RULES
