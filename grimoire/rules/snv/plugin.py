"""Sects & Violets' rules as a plug-in (``grimoire.rules.contract.ScriptRules``). Its parts load
when first asked: a game of another script loads none of them."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING, Any

from grimoire.core.events import Event
from grimoire.core.model import DayState, GameState, InfoRecord
from grimoire.core.script import Script
from grimoire.rules.contract import DayDeclaration, LogWords, ScenarioKeys, ScriptRules, SetupAsk, ToldShapes, Tonight
from grimoire.rules.snv import BAG_KINDS, TELLS, TWIN, is_sects_and_violets
from grimoire.rules.snv.events import EVENTS
from night_order import Prompt

if TYPE_CHECKING:
    from grimoire.rules.cards import ShowCard
    from grimoire.rules.snv.state import SnvState
    from grimoire.rules.table import Problem, TableSetup


class SectsAndVioletsRules(ScriptRules):
    """Sects & Violets, automated (docs/rules/sects-and-violets.md)."""

    name = "Sects & Violets' rules"
    automated = True
    bag_kinds = BAG_KINDS
    tells = TELLS
    declarers = ("klutz", "sweetheart", "juggler", "savant", "artist", "cerenovus", "mutant")
    setup_asks = (SetupAsk(TWIN, "eviltwin", "twin", good=True, others=True),)  # the Evil Twin is evil at setup

    def plays(self, script: Script) -> bool:
        return is_sects_and_violets(script)

    # --- the parts loaded when asked ---------------------------------------------------------
    @property
    def told(self) -> ToldShapes:
        from grimoire.rules.snv.told import TOLD

        return TOLD

    def step_cards(self, g: GameState, prompt: Prompt) -> list[ShowCard | None]:
        from grimoire.rules.snv.cards import step_cards

        return step_cards(g, prompt)

    @property
    def scenario_keys(self) -> ScenarioKeys:
        from grimoire.rules.snv.scenario_keys import KEYS

        return KEYS

    @property
    def log_words(self) -> LogWords:
        from grimoire.rules.snv.lines import WORDS

        return WORDS

    # --- setup ---------------------------------------------------------------------------
    def read_setup(self, setup: Mapping[str, Any], house_rules: Mapping[str, Any], seat: Callable[[Any, str], int],
                   where: str, where_rules: str) -> Any:
        from grimoire.rules.snv import setup as snv_setup

        return snv_setup.read(house_rules, where_rules)

    def write_setup(self, script_setup: Any, seat: Callable[[int], Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        return {}, self.house_rules_changed(script_setup)

    def house_rules_changed(self, script_setup: Any) -> dict[str, Any]:
        from grimoire.rules.snv import setup as snv_setup

        return dict(snv_setup.setup_of(script_setup).house.changed())

    def setup_problems(self, setup: TableSetup, script: Script) -> list[Problem]:
        from grimoire.rules.snv import setup as snv_setup

        return snv_setup.problems(setup, script)

    def setup_pitfalls(self, setup: TableSetup, script: Script) -> list[str]:
        from grimoire.rules.snv.pitfalls import setup_pitfalls

        return setup_pitfalls(setup, script)

    def random_setup(self, script: Script, characters: list[str], option_b: int, rng: random.Random) -> Any:
        return None  # the twin is a setup reminder (random_table places it)

    def new_state(self, setup: TableSetup, g: GameState) -> SnvState:
        from grimoire.rules.snv import setup as snv_setup
        from grimoire.rules.snv.state import SnvState

        return SnvState(twin=snv_setup.twin(setup) if g.seat_of("eviltwin") is not None else None,
                        house=snv_setup.setup_of(setup.script_setup).house)

    # --- the night -----------------------------------------------------------------------
    def night(self, g: GameState, script: Script) -> Tonight:
        from grimoire.rules.snv.day import vortox_dusk
        from grimoire.rules.snv.night import SectsAndVioletsNight

        if g.night > 1:
            vortox_dusk(g)
        return SectsAndVioletsNight(self, g, script)

    # --- drunk, poisoned and abilities --------------------------------------------------------
    def impairment_sources(self, g: GameState, i: int) -> tuple[str, ...]:
        from grimoire.rules.snv import impair

        return impair.sources(g, i)

    def impairment_reason(self, g: GameState, source: str) -> tuple[str, str]:
        from grimoire.rules import impairing

        return impairing.reason(g, source)

    def impairments(self, g: GameState) -> tuple[tuple[int, str], ...]:
        from grimoire.rules.snv import impair

        return tuple((x, found) for x, sources in sorted(impair.all_sources(g).items()) for found in sources)

    def ability_works(self, g: GameState, i: int) -> bool:
        from grimoire.rules.snv import impair

        return impair.works(g, i)

    # --- deaths and the end ----------------------------------------------------------------
    def after_death(self, g: GameState, seat: int) -> None:
        from grimoire.rules.snv.deaths import after_death

        after_death(self, g, seat)

    def execute(self, g: GameState, seat: int) -> Generator[Prompt, Any, None]:
        from grimoire.rules.snv import day

        yield from day.execute(self, g, seat)

    def check_end(self, g: GameState) -> None:
        from grimoire.rules.snv.end import check_end

        check_end(g)

    def end_pointers(self, g: GameState, script: Script) -> list[str]:
        return []  # the rules decide the end

    # --- the day ----------------------------------------------------------------------------
    def nominated(self, g: GameState, nominator: int, nominee: int, registers: bool | None) -> None:
        from grimoire.rules.snv import day

        day.nominated(self, g, nominator)

    def foreseen(self, happening: Any) -> bool:
        from grimoire.rules.snv.happenings import InPlay, Juggled, MadExecuted, Visited
        from grimoire.rules.snv.lines import sweethearts_drunk

        # The day's own acts, as the log will tell them (how many guesses are right, whether the
        # Savant's statements count as abnormal, an execution for madness), the Pit-Hag's
        # choice that changes nothing, said so, and the drunk a Sweetheart's death makes (all
        # that choice does).
        return isinstance(happening, (Juggled, Visited, MadExecuted, InPlay)) or sweethearts_drunk(happening)

    def judged_execution(self, day: DayState) -> Any:
        from grimoire.rules.snv.happenings import MadExecuted

        # The storyteller judged a player broke their madness: the day's execution began there.
        return next((h for h in day.happenings if isinstance(h, MadExecuted)), None)

    def recap_news(self, happening: Any) -> bool:
        from grimoire.core.happenings import Became
        from grimoire.rules.snv.happenings import Gained

        # Every character changed tonight (the Pit-Hag, the Barber, the Snake Charmer, the Fang
        # Gu's jump, the storyteller's) and the Philosopher's choice: who was what, and why.
        return isinstance(happening, (Became, Gained))

    # --- its own events ----------------------------------------------------------------------
    events = EVENTS

    def override(self, g: GameState, event: Event) -> None:
        from grimoire.rules.snv import day
        from grimoire.rules.snv.events import JugglerGuesses, SavantVisit

        if isinstance(event, JugglerGuesses):
            day.juggle(self, g, event.guesses, event.juggler)
        elif isinstance(event, SavantVisit):
            day.savant_visit(self, g, event.seat, (event.first, event.second))
        else:
            raise ValueError(f"{event.kind} is no event of {self.name}")

    def declared(self, g: GameState, declaration: DayDeclaration, value: Any) -> Event:
        from grimoire.rules.snv.events import JugglerGuesses, SavantVisit

        if declaration.character == "juggler":
            return JugglerGuesses(tuple(value), juggler=declaration.seat)
        first, second = value
        return SavantVisit(declaration.seat, bool(first), bool(second))

    def day_ends(self, g: GameState) -> None:
        from grimoire.rules.snv import day

        day.day_ends(g)

    def declarations(self, g: GameState) -> list[DayDeclaration]:
        from grimoire.rules.snv import day

        return day.declarations(g)

    def day_notes(self, g: GameState) -> list[str]:
        from grimoire.rules.snv.lines import day_acts

        # Today's guesses and visits, as the log tells them: what the night's answers will read.
        return [line for day, _seat, line in day_acts(g) if g.today is not None and day == g.today.number]

    def card_sections(self, g: GameState, seat: int) -> list[tuple[str, list[str]]]:
        from grimoire.rules.snv.card import sections
        from grimoire.rules.snv.lines import day_acts

        by_day = [f"Day {day}: {line}" for day, x, line in day_acts(g) if x == seat]
        return sections(g, seat) + ([("By day", by_day)] if by_day else [])

    def info_words(self, g: GameState, record: InfoRecord, script: Script) -> str | None:
        from grimoire.rules.snv.card import info_words

        return info_words(g, record)

    def day_reminders(self, g: GameState) -> list[str]:
        from grimoire.rules.snv import day

        return day.reminders(g)

    def declare(self, g: GameState, seat: int, character: str, target: int | None,
                registers: bool | None) -> None:
        from grimoire.rules.snv import day

        day.declare(self, g, seat, character, target)


PLUGIN = SectsAndVioletsRules()
