"""Which rules a game plays by, chosen by its script. The grimoire (seats, tokens, notes, the
log, the walker, the day, saves and views) asks this one interface and knows no script:

- ``PhantomRules``: the Phantom of the Opera's full automation (``rules.night``, ``rules.end``):
  the app walks the artifact phase, computes true answers and decides the game's end.
- ``StorytellerRules``: any other script: the walker steps through the characters in play with
  their reminders, the storyteller records what was shown and declares the winner; the app
  only points out the standard end conditions. Drunk and poisoned come from the reminders
  the storyteller places.

Which script brings which rules is each rules plug-in's to declare (``grimoire.rules.plugins``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from grimoire.core.events import Event
from grimoire.core.model import GameState
from grimoire.core.script import Script
from grimoire.rules import plugins
from grimoire.rules.end import check_game_end
from grimoire.rules.night import PhantomNight
from grimoire.rules.standard_end import standard_end
from grimoire.rules.status import ARTIFACTS
from grimoire.rules.storyteller_night import StorytellerNight
from night_order import StepRun, StepStatus
from grimoire.core.value import frozen


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


@frozen
class DayDeclaration:
    """A day ability a player may declare publicly, as the script's rules offer it: the seat,
    the character it is declared as, what it does (in words), whether it names a player, and
    why it may not be declared now ("": it may)."""

    seat: int
    character: str
    words: str
    names_player: bool = False
    refused: str = ""


@frozen
class RegistrationAsk:
    """A day action whose outcome hangs on how a player registers, the storyteller's choice:
    the seat, what they may register as (in the script's words: "demon", "townsfolk"), and
    the question put to the storyteller."""

    seat: int
    registers_as: str
    question: str


@frozen
class SetupAsk:
    """A reminder the setup places when ``owner`` is dealt, on a player the storyteller picks
    (``good``: a good player only): a ``grimoire.game.SetupToken`` the rules read."""

    name: str  # the official reminder's name
    owner: str  # the character id whose reminder it is
    label: str  # as the seat's row says it
    good: bool = True


@frozen
class ScriptRules:
    name: str
    automated: bool  # True: the rules decide the end; the storyteller does not declare it
    night: Callable[[GameState, Script], Tonight]
    check_end: Callable[[GameState], None]
    end_pointers: Callable[[GameState, Script], list[str]]
    # Characters of the script that are no player's and that these rules run themselves (the
    # Phantom's Loric, its artifacts): never placed as a Fabled or Loric for the table.
    runs: frozenset[str] = frozenset()
    # Drunk and poisoned come from the reminder tokens placed (grimoire.rules.impairing);
    # False: the rules work them out from their own tokens (grimoire.rules.status).
    reminders_impair: bool = True
    # The day's abilities: a public declaration (``target``: the player it names, if any), what
    # a nomination sets off, and what an execution sets off once it is done; the last argument
    # of the first two is the storyteller's registration choice (``registration``), or None.
    declare: Callable[[GameState, int, str, int | None, bool | None], None] = attrs.field(default=None)
    nominated: Callable[[GameState, int, int, bool | None], None] = attrs.field(default=None)
    executed: Callable[[GameState, int], None] = attrs.field(default=None)
    # The characters whose ability is a day declaration (the key is offered when one is on the
    # script), and the declarations on offer now, for the seats in play.
    declarers: tuple[str, ...] = ("christine_daae", "ubaldo_piangi")
    declarations: Callable[[GameState], list[DayDeclaration]] = attrs.field(default=None)
    # The reminders the setup asks for when their owner is dealt.
    setup_asks: tuple[SetupAsk, ...] = ()
    # Before a day's Declare or Nominate: the registration the storyteller must choose for it, if any.
    registration: Callable[[GameState, Event], RegistrationAsk | None] = attrs.field(default=None)
    # What the day and its votes remind the storyteller of (plain words: the grimoire escapes them).
    day_reminders: Callable[[GameState], list[str]] = attrs.field(default=None)

    def __attrs_post_init__(self) -> None:
        defaults = {"declare": _phantom_declare, "nominated": _nothing, "executed": _nothing,
                    "declarations": _phantom_declarations, "registration": _nothing,
                    "day_reminders": _no_reminders}
        for name, default in defaults.items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, default)


def _never(_g: GameState) -> None:
    return None


def _none(_g: GameState, _script: Script) -> list[str]:
    return []


def _nothing(*_args: object) -> None:
    return None


def _no_reminders(_g: GameState) -> list[str]:
    return []


def _phantom_declare(g: GameState, seat: int, character: str, target: int | None, _registers: bool | None) -> None:
    from grimoire.rules.day import DayRuleError, declare

    if target is not None:
        raise DayRuleError(f"the {character.replace('_', ' ').title()}'s declaration names no player")
    declare(g, seat, character)


def _phantom_declarations(g: GameState) -> list[DayDeclaration]:
    """Christine's unmask and Piangi's performance, once per game each, by a living player."""
    out = []
    for character, words in (("christine_daae", "unmasks the Phantom"), ("ubaldo_piangi", "will perform tonight")):
        seat = g.seat_of(character)
        if seat is None:
            continue
        refused = ("has already declared: it is once per game" if character in g.used
                   else "is dead: a dead player has no ability to declare" if not seat.alive else "")
        out.append(DayDeclaration(seat.index, character, words, refused=refused))
    return out


PHANTOM_RULES = ScriptRules("the Phantom's rules", True, PhantomNight, check_game_end, _none, runs=frozenset(ARTIFACTS),
                            reminders_impair=False)
STORYTELLER_RULES = ScriptRules("the storyteller's judgement", False, StorytellerNight, _never, standard_end)


def rules_for(script: Script) -> ScriptRules:
    """The rules of the plug-in that plays ``script`` (``grimoire.rules.plugins``); any other
    script is the storyteller's judgement."""
    plugin = plugins.for_script(script)
    return STORYTELLER_RULES if plugin is None else plugins.load(plugin.rules)
