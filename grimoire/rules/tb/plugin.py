"""Trouble Brewing's rules as a plug-in (``grimoire.rules.contract.ScriptRules``, by way of the
storyteller's, ``grimoire.rules.storyteller``). Its parts load
when first asked: a game of another script loads none of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.events import Event
from grimoire.core.model import GameState
from grimoire.core.script import Script
from grimoire.rules.contract import (
    DayDeclaration,
    LogWords,
    RegistrationAsk,
    ScenarioKeys,
    SetupAsk,
    ToldShapes,
    Tonight,
)
from grimoire.rules.storyteller import StorytellerRules
from grimoire.rules.tb import BAG_KINDS, TELLS, impairment, is_trouble_brewing

if TYPE_CHECKING:
    from grimoire.rules.cards import ShowCard
    from grimoire.rules.table import TableSetup
    from night_order import Prompt


class TroubleBrewingRules(StorytellerRules):
    """Trouble Brewing, automated (docs/rules/trouble-brewing.md): the storyteller's judgement where
    its rules decide nothing of their own (drunk and poisoned from the reminders placed, an
    execution that kills)."""

    name = "Trouble Brewing's rules"
    automated = True
    tells = TELLS
    declarers = ("slayer",)
    setup_asks = (SetupAsk("Red Herring", "fortuneteller", "red herring"),)
    bag_kinds = BAG_KINDS

    def plays(self, script: Script) -> bool:
        return is_trouble_brewing(script)

    def setup_pitfalls(self, setup: TableSetup, script: Script) -> list[str]:
        from grimoire.rules.tb.pitfalls import setup_pitfalls

        return setup_pitfalls(setup, script)

    # Drunk and poisoned are the reminders placed: the same answers the plug-in's own modules
    # ask of grimoire.rules.tb.impairment.
    def impairment_sources(self, g: GameState, i: int) -> tuple[str, ...]:
        return impairment.impairment_sources(g, i)

    def impairments(self, g: GameState) -> tuple[tuple[int, str], ...]:
        return impairment.impairments(g)

    def is_drunk(self, g: GameState, i: int) -> bool:
        return impairment.is_drunk(g, i)

    def is_poisoned(self, g: GameState, i: int) -> bool:
        return impairment.is_poisoned(g, i)

    def ability_works(self, g: GameState, i: int) -> bool:
        return impairment.ability_works(g, i)

    def shows_grimoire(self, script: Script, step: str) -> bool:
        # The official Spy's reminder says so; the step is the Spy's whatever the data's words.
        return step == "spy" or super().shows_grimoire(script, step)

    @property
    def told(self) -> ToldShapes:
        from grimoire.rules.tb.told import TOLD

        return TOLD

    def step_cards(self, g: GameState, prompt: Prompt) -> list[ShowCard | None]:
        from grimoire.rules.tb.cards import step_cards

        return step_cards(g, prompt)

    @property
    def scenario_keys(self) -> ScenarioKeys:
        from grimoire.rules.tb.scenario_keys import KEYS

        return KEYS

    @property
    def log_words(self) -> LogWords:
        from grimoire.rules.tb.lines import WORDS

        return WORDS

    def night(self, g: GameState, script: Script) -> Tonight:
        from grimoire.rules.tb.night import TroubleBrewingNight

        return TroubleBrewingNight(self, g, script)

    def check_end(self, g: GameState) -> None:
        from grimoire.rules.tb.end import check_end

        check_end(g)

    def end_pointers(self, g: GameState, script: Script) -> list[str]:
        return []  # the rules decide the end

    def declarations(self, g: GameState) -> list[DayDeclaration]:
        from grimoire.rules.tb import day

        return day.declarations(g)

    def declare(self, g: GameState, seat: int, character: str, target: int | None,
                registers: bool | None) -> None:
        from grimoire.rules.tb import day

        day.declare(self, g, seat, character, target, registers)

    def nominated(self, g: GameState, nominator: int, nominee: int, registers: bool | None) -> None:
        from grimoire.rules.tb import day

        day.nominated(self, g, nominator, nominee, registers)

    def executed(self, g: GameState, seat: int) -> None:
        from grimoire.rules.tb import day

        day.executed(self, g, seat)

    def registration(self, g: GameState, event: Event) -> RegistrationAsk | None:
        from grimoire.rules.tb import day

        return day.registration(g, event)

    def day_reminders(self, g: GameState) -> list[str]:
        from grimoire.rules.tb import day

        return day.reminders(g)


PLUGIN = TroubleBrewingRules()
