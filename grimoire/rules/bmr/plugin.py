"""Bad Moon Rising's rules as a plug-in (``grimoire.rules.contract.ScriptRules``). Its parts load
when first asked: a game of another script loads none of them."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING, Any

from grimoire.core.model import GameState
from grimoire.core.script import Script
from grimoire.rules.bmr import BAG_KINDS, GRANDCHILD, TELLS, is_bad_moon_rising
from grimoire.rules.contract import (
    DayDeclaration,
    ExecutionQuestion,
    LogWords,
    ScenarioKeys,
    ScriptRules,
    SetupAsk,
    ToldShapes,
    Tonight,
)
from night_order import Prompt

if TYPE_CHECKING:
    from grimoire.rules.bmr.state import BmrState
    from grimoire.rules.cards import ShowCard
    from grimoire.rules.table import Problem, TableSetup


class BadMoonRisingRules(ScriptRules):
    """Bad Moon Rising, automated (docs/rules/bad-moon-rising.md)."""

    name = "Bad Moon Rising's rules"
    automated = True
    tells = TELLS
    declarers = ("tinker", "moonchild", "gossip")
    bag_kinds = BAG_KINDS
    setup_keys = frozenset(("lunatic",))
    setup_asks = (SetupAsk(GRANDCHILD, "grandmother", "grandchild", good=True, others=True),)

    def plays(self, script: Script) -> bool:
        return is_bad_moon_rising(script)

    # --- the parts loaded when asked ---------------------------------------------------------
    @property
    def told(self) -> ToldShapes:
        from grimoire.rules.bmr.told import TOLD

        return TOLD

    def step_cards(self, g: GameState, prompt: Prompt) -> list[ShowCard | None]:
        from grimoire.rules.bmr.cards import step_cards

        return step_cards(g, prompt)

    @property
    def scenario_keys(self) -> ScenarioKeys:
        from grimoire.rules.bmr.scenario_keys import KEYS

        return KEYS

    @property
    def log_words(self) -> LogWords:
        from grimoire.rules.bmr.lines import WORDS

        return WORDS

    # --- setup ---------------------------------------------------------------------------
    def read_setup(self, setup: Mapping[str, Any], house_rules: Mapping[str, Any], seat: Callable[[Any, str], int],
                   where: str, where_rules: str) -> Any:
        from grimoire.rules.bmr import setup as bmr_setup

        return bmr_setup.read(setup, house_rules, seat, where, where_rules)

    def write_setup(self, script_setup: Any, seat: Callable[[int], Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        from grimoire.rules.bmr import setup as bmr_setup

        return bmr_setup.write(script_setup, seat)

    def house_rules_changed(self, script_setup: Any) -> dict[str, Any]:
        from grimoire.rules.bmr import setup as bmr_setup

        return dict(bmr_setup.setup_of(script_setup).house.changed())

    def setup_problems(self, setup: TableSetup, script: Script) -> list[Problem]:
        from grimoire.rules.bmr import setup as bmr_setup

        return bmr_setup.problems(setup, script)

    def setup_pitfalls(self, setup: TableSetup, script: Script) -> list[str]:
        from grimoire.rules.bmr.pitfalls import setup_pitfalls

        return setup_pitfalls(setup, script)

    def random_setup(self, script: Script, characters: list[str], option_b: int, rng: random.Random) -> Any:
        from grimoire.rules.bmr import setup as bmr_setup

        return bmr_setup.random_setup(script, characters, rng)

    def new_state(self, setup: TableSetup, g: GameState) -> BmrState:
        from grimoire.rules.bmr import setup as bmr_setup
        from grimoire.rules.bmr.state import BmrState

        chosen = bmr_setup.setup_of(setup.script_setup)
        grandchild = bmr_setup.grandchild(setup) if g.seat_of("grandmother") is not None else None
        seat = g.seat_of("lunatic")  # the Demon they think they are: the setup's, or the seat's own
        lunatic = (chosen.lunatic or seat.thinks) if seat is not None else None
        return BmrState(grandchild=grandchild, lunatic=lunatic, house=chosen.house)

    # --- the night -----------------------------------------------------------------------
    def night(self, g: GameState, script: Script) -> Tonight:
        from grimoire.rules.bmr.night import BadMoonRisingNight

        return BadMoonRisingNight(self, g, script)

    # --- drunk, poisoned and abilities --------------------------------------------------------
    def impairment_sources(self, g: GameState, i: int) -> tuple[str, ...]:
        from grimoire.rules.bmr import impair

        return impair.sources(g, i)

    def impairment_reason(self, g: GameState, source: str) -> tuple[str, str]:
        from grimoire.rules import impairing

        return impairing.reason(g, source)

    def impairments(self, g: GameState) -> tuple[tuple[int, str], ...]:
        from grimoire.rules.bmr import impair

        return tuple((s.index, found) for s in g.seats for found in impair.sources(g, s.index))

    def ability_works(self, g: GameState, i: int) -> bool:
        from grimoire.rules.bmr import impair

        return impair.works(g, i)

    def registers_dead(self, g: GameState) -> frozenset[int]:
        from grimoire.rules.bmr.impair import state

        return frozenset(state(g).registers_dead)

    # --- deaths and the end ----------------------------------------------------------------
    def after_death(self, g: GameState, seat: int) -> None:
        from grimoire.rules.bmr.deaths import after_death

        after_death(self, g, seat)

    def execute(self, g: GameState, seat: int) -> Generator[Prompt, Any, None]:
        from grimoire.rules.bmr import day

        yield from day.execute(self, g, seat)

    def execution_question(self, g: GameState, seat: int) -> ExecutionQuestion | None:
        from grimoire.rules.bmr import day

        if not day.pacifist_asks(g, seat):
            return None
        return ExecutionQuestion(
            title=f"{g.name(seat)} is good and the Pacifist lives: do they live or die?", short="The Pacifist's save",
            options=(("They live (the Pacifist's save)", day.LIVES), ("They die", day.DIES)), seats=())

    undecided_executions = frozenset(("mastermind_day",))

    def day_ends(self, g: GameState) -> None:
        from grimoire.rules.bmr import day

        day.day_ends(g)

    def recap_news(self, happening: Any) -> bool:
        from grimoire.core.happenings import NoEffect

        return isinstance(happening, NoEffect) and happening.why in ("goon_good", "goon_evil")  # the Goon turned

    def foreseen(self, happening: Any) -> bool:
        from grimoire.rules.bmr.happenings import PlaysOn

        return isinstance(happening, PlaysOn)  # the Mastermind keeps the game going

    def survived_words(self, because: str) -> str:
        from grimoire.rules.bmr.lines import SURVIVED

        return SURVIVED.get(because, "")

    def check_end(self, g: GameState) -> None:
        from grimoire.rules.bmr.end import check_end

        check_end(g)

    def end_pointers(self, g: GameState, script: Script) -> list[str]:
        return []  # the rules decide the end

    # --- the day ----------------------------------------------------------------------------
    def declarations(self, g: GameState) -> list[DayDeclaration]:
        from grimoire.rules.bmr import day

        return day.declarations(g)

    def declare(self, g: GameState, seat: int, character: str, target: int | None,
                registers: bool | None) -> None:
        from grimoire.rules.bmr import day

        day.declare(self, g, seat, character, target)

    def day_notes(self, g: GameState) -> list[str]:
        from grimoire.rules.bmr.impair import state

        return [f"{g.name(x)} registers as dead (the Zombuul's first death): treat them as dead; they may not "
                "nominate." for x in sorted(state(g).registers_dead)]

    def card_sections(self, g: GameState, seat: int) -> list[tuple[str, list[str]]]:
        from grimoire.rules.bmr.impair import state

        if seat in state(g).registers_dead:
            return [("Registers as dead", ["The Zombuul's first death: announced dead, no shroud; it still wakes "
                                           "and kills, and its next death is real."])]
        return []

    def day_reminders(self, g: GameState) -> list[str]:
        from grimoire.rules.bmr import day

        return day.reminders(g)


PLUGIN = BadMoonRisingRules()
