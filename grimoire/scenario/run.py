"""Playing a scenario through the same Game and night walker the app uses, and checking it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from grimoire.core import events as ev
from grimoire.core.model import GameState, Phase
from grimoire.core.value import define
from grimoire.game import ExecutionAnswerNeeded, Game, IllegalAction, SetupError
from grimoire.rules import plugins
from grimoire.rules.contract import NO_SCENARIO_KEYS, ScenarioKeys
from grimoire.scenario import told_keys
from grimoire.scenario.format import (
    DayPlan,
    NightPlan,
    Scenario,
    ScenarioError,
    execution_choices,
    load_scenario,
    own_expect,
)


@define
class Outcome:
    path: str
    title: str
    failures: list[str] = attrs.Factory(list)
    game: Game | None = None

    @property
    def passed(self) -> bool:
        return not self.failures

    def to_json(self) -> dict[str, Any]:
        return {"file": self.path, "title": self.title, "passed": self.passed, "failures": self.failures}


class _Stop(Exception):
    """The scenario cannot go on (a refused answer, a prompt it does not answer)."""


def run_file(path: str | Path) -> Outcome:
    path = str(path)
    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:
        return Outcome(path, Path(path).stem, [f"{exc}"])
    return run_scenario(scenario)


def run_scenario(scenario: Scenario) -> Outcome:
    outcome = Outcome(scenario.path, scenario.title)
    if scenario.strict_setup:
        problems = _setup_problems(scenario)
        if problems:
            outcome.failures.append("setup: " + "; ".join(problems) + " (strict_setup = false allows it)")
            return outcome
    try:
        game = Game(scenario.setup)
    except SetupError as exc:
        outcome.failures.append(f"setup: {exc}")
        return outcome
    outcome.game = game
    runner = _Runner(scenario, game, outcome)
    try:
        runner.play()
    except _Stop:
        pass
    return outcome


def _setup_problems(scenario: Scenario) -> list[str]:
    from grimoire.core.script import load_script
    from grimoire.core.setup import evil_townsfolk, setup_problems

    setup = scenario.setup
    characters = [s.character for s in setup.seats if not s.traveller]
    travellers = sum(1 for s in setup.seats if s.traveller)
    script = load_script(setup.script)
    option_b = any(setup.rules.setup_alignment(setup, i) is not None for i in range(len(setup.seats)))
    problems = setup_problems(script, characters, travellers=travellers, managers_option_b=option_b)
    if problems and not option_b and evil_townsfolk(script, characters, True) == 0:
        # An either/or whose option B marks no player (the Godfather's +1 Outsider): the counts say which.
        other = setup_problems(script, characters, travellers=travellers, managers_option_b=True)
        if not other:
            return other
    return problems


class _Runner:
    def __init__(self, scenario: Scenario, game: Game, outcome: Outcome) -> None:
        self.s = scenario
        self.game = game
        self.out = outcome

    def fail(self, where: str, message: str) -> None:
        self.out.failures.append(f"{where}: {message}")

    def play(self) -> None:
        for i, night in enumerate(self.s.nights):
            self.night(i + 1, night)
            if i < len(self.s.days):
                self.day(i + 1, self.s.days[i])

    # --- nights --------------------------------------------------------------------------
    def night(self, number: int, plan: NightPlan) -> None:
        game = self.game
        where = f"night {number}"
        if game.state.winner is not None:
            self.check(where, plan.expect, game.state, history_from=self.since(), night=None)
            return
        history_from = self.since()
        game.apply(ev.StartNight())
        pending = {k: list(v) for k, v in plan.answers.items()}
        told = {k: list(v) for k, v in plan.told.items()}
        checked = False
        while game.prompt is not None:
            prompt = game.prompt
            if prompt.step == "dawn" and not checked:
                self.check(where, plan.expect, game.state, history_from, night=game)
                checked = True
            if prompt.key is None:
                self.acknowledge(where, prompt, told)
                continue
            queue = pending.get(prompt.key)
            optional = self.game.rules.scenario_keys.OPTIONAL
            if not queue and prompt.key in optional:  # a "might choose" the file leaves out: no choice
                queue = [optional[prompt.key]]
            if not queue:
                self.fail(where, f"step {prompt.step!r} asks for a choice ({prompt.key}) that the night does not answer")
                raise _Stop
            value = queue.pop(0)
            try:
                game.answer(value)
            except IllegalAction as exc:
                self.fail(where, f"{prompt.key}: the answer was refused: {exc}")
                raise _Stop from None
        if not checked:
            self.check(where, plan.expect, game.state, history_from, night=game)
        if game.state.winner is None:
            for key, left in pending.items():
                if left:
                    self.fail(where, f"{key}: given but never asked")
            for key, left in told.items():
                if left:
                    self.fail(where, f"told.{key}: given but never asked (nothing was told to {key} "
                                     f"{'again ' if len(left) < len(plan.told[key]) else ''}tonight)")

    def acknowledge(self, where: str, prompt: Any, told: dict[str, list[Any]]) -> None:
        """Carry out a step; where it tells a player something, with the told answer if given."""
        record = prompt.informs
        queue = told.get(self.game.rules.scenario_keys.told_key(record)) if record is not None else None
        value = queue.pop(0) if queue else None
        try:
            self.game.answer(None, told=value)
        except IllegalAction as exc:
            self.fail(where, f"told.{record.character if record else prompt.step}: the answer was refused: {exc}")
            raise _Stop from None

    # --- days ----------------------------------------------------------------------------
    def day(self, number: int, plan: DayPlan) -> None:
        game = self.game
        g = game.state
        where = f"day {number}"
        history_from = self.since()
        answer = list(plan.execution_answer)
        if g.winner is None:
            if g.phase is not Phase.DAY:
                self.fail(where, "the day cannot start: the night did not reach dawn")
                raise _Stop
            actions: list[ev.Event] = []
            for character in plan.declares:  # the Phantom's: Christine's unmasking, Ubaldo's performance
                actions.append(ev.Declare(self._holder_of(character, where), character))
            late = self.game.rules.scenario_keys.AFTER_NOMINATIONS
            for key, a, b in plan.actions:  # Trouble Brewing's: the Slayer's shot, a nomination
                if key not in late:
                    actions.append(ev.Nominate(a, b) if key == "nominate" else ev.Declare(a, key, target=b))
            actions += plan.events
            for nominator, nominee, voters in plan.nominations:
                actions.append(ev.Nominate(nominator, nominee))
                if voters is not None:
                    actions.append(ev.Vote(nominee, voters))
            for key, a, b in sorted((act for act in plan.actions if act[0] in late), key=lambda act: late.index(act[0])):
                actions.append(ev.Declare(a, key, target=b))
            if plan.exile is not None:
                actions.append(ev.Exile(plan.exile))
            if plan.execute is not None:
                default = self.game.rules.scenario_keys.EXECUTION_DEFAULT
                actions.append(ev.Execute(plan.execute, answer=answer[0] if answer else default))
            registers = {c: list(v) for c, v in plan.registers.items()}
            actions = self._in_order(actions)
            for action in actions:
                if game.state.winner is not None:
                    break
                if isinstance(action, (ev.Declare, ev.Nominate)):
                    action = self._registered(action, registers, where)
                try:
                    game.apply(action)
                except ExecutionAnswerNeeded as needed:
                    self.fail(where, f"execute: {needed.prompt.title} asks, and the day does not answer "
                                     f"{' or '.join(sorted(execution_choices()))}")
                    raise _Stop from None
                except IllegalAction as exc:
                    self.fail(where, f"{action.kind}: refused: {exc}")
                    raise _Stop from None
            for character, left in registers.items():
                if left and game.state.winner is None:
                    self.fail(where, f"{character}: given but never asked")
            asked = plan.execute is not None and game.execution_asked
            if answer and not asked and (plan.execute is None or game.state.winner is None):
                self.fail(where, f"{' or '.join(sorted(execution_choices()))}: given but never asked")
        self.check(where, plan.expect, game.state, history_from, night=None, day=True)

    def _in_order(self, actions: list[ev.Event]) -> list[ev.Event]:
        """The day's acts that wait for the execution (the rules' scenario keys say which: a
        Moonchild choosing once executed) moved after it."""
        waits = self.game.rules.scenario_keys.after_execution
        if not any(isinstance(a, ev.Execute) for a in actions):
            return actions
        later = [a for a in actions if not isinstance(a, ev.Execute) and waits(self.game.state, a)]
        return [a for a in actions if a not in later] + later

    def _registered(self, action: ev.Declare | ev.Nominate, registers: dict[str, list[bool]],
                    where: str) -> ev.Declare | ev.Nominate:
        """The action with the storyteller's registration choice, where the rules ask one."""
        ask = self.game.rules.registration(self.game.state, action)
        if ask is None:
            return action
        character = self.game.state.seats[ask.seat].character
        queue = registers.get(character)
        if not queue:
            self.fail(where, f"{action.kind}: {ask.question} The day does not answer {character}")
            raise _Stop
        return attrs.evolve(action, registers=queue.pop(0))

    def since(self) -> int:
        """Where the expectations of the game's plug-in count from now (the moves of what a player holds, so far)."""
        return self.game.rules.scenario_keys.since(self.game.state)

    def _holder_of(self, character: str, where: str) -> int:
        seat = self.game.state.seat_of(character)
        if seat is None:
            self.fail(where, f"{character}: not in play")
            raise _Stop
        return seat.index

    # --- expectations --------------------------------------------------------------------
    def check(
        self,
        where: str,
        expect: dict[str, Any],
        g: GameState,
        history_from: int,
        night: Game | None,
        day: bool = False,
    ) -> None:
        name = g.name

        def names(seats: Any) -> str:
            return "[" + ", ".join(sorted(name(s) for s in seats)) + "]"

        keys = self.game.rules.scenario_keys
        for key, want in expect.items():
            if key in keys.EXPECT:
                failed = keys.check_expect(g, key, want, history_from)
                if failed:
                    self.fail(where, failed)
            elif key in own_expect():
                self.fail(where, f"{key}: {self.game.script.name} has none")
            elif key == "dead":
                got_set = {s.index for s in g.seats if not s.alive}
                if got_set != want:
                    self.fail(where, f"dead: expected {names(want)}, got {names(got_set)}")
            elif key == "registers_dead":
                got_set = set(self.game.rules.registers_dead(g))
                if got_set != want:
                    self.fail(where, f"registers_dead: expected {names(want)}, got {names(got_set)}")
            elif key == "alignment":
                for seat, alignment in want.items():
                    if g.seats[seat].alignment is not alignment:
                        self.fail(where, f"alignment: {name(seat)}: expected {alignment.value}, "
                                         f"got {g.seats[seat].alignment.value}")
            elif key in ("drunk", "poisoned"):
                test = self.game.rules.is_drunk if key == "drunk" else self.game.rules.is_poisoned
                got_set = {s.index for s in g.seats if test(g, s.index)}
                if got_set != want:
                    self.fail(where, f"{key}: expected {names(want)}, got {names(got_set)}")
            elif key == "tokens":
                for seat, toks in want.items():
                    got_toks = sorted(t.shown for t in g.tokens_on(seat))
                    if got_toks != toks:
                        self.fail(where, f"tokens: {name(seat)}: expected {toks}, got {got_toks}")
            elif key == "answers":
                self.check_answers(where, want, g, night)
            elif key == "told":
                self.check_told(where, want, g, night)
            elif key == "impaired":
                got_impaired = {i.character for i in g.nights[-1].info if i.impaired} if night and g.nights else set()
                if got_impaired != want:
                    self.fail(where, f"impaired: expected {sorted(want)}, got {sorted(got_impaired)}")
            elif key == "woke":
                got_list = night.woke_in_order() if night else []
                if got_list != want:
                    self.fail(where, f"woke: expected {want}, got {got_list}")
            elif key == "winner":
                got_w = g.winner.value if g.winner else "none"
                if got_w != want:
                    self.fail(where, f"winner: expected {want}, got {got_w}")
            elif key in ("executed", "survived"):
                ex = g.today.execution if g.today is not None and day else None
                if ex is None:
                    self.fail(where, f"{key}: expected {name(want) if key == 'executed' else want}, got no execution")
                elif key == "executed" and ex.seat != want:
                    self.fail(where, f"executed: expected {name(want)}, got {name(ex.seat)}")
                elif key == "survived" and (not ex.died) != want:
                    self.fail(where, f"survived: expected {str(want).lower()}, got {str(not ex.died).lower()}")

    def check_answers(self, where: str, want: dict[str, Any], g: GameState, night: Game | None) -> None:
        record = g.nights[-1] if (night and g.nights) else None
        for character, expected in want.items():
            # The answering plug-in's keys say what the night learned (for some, not one record).
            keys = next((k for k in plugins.scenario_keys() if character in k.ANSWERS), NO_SCENARIO_KEYS)
            mine = keys.learned(g, character, record)
            if not mine:
                self.fail(where, f"answers.{character}: expected {_show(g, keys, character, expected)}, got no information tonight")
                continue
            got = mine[-1]
            if got != expected:
                self.fail(where, f"answers.{character}: expected {_show(g, keys, character, expected)}, "
                                 f"got {_show(g, keys, character, got)}")

    def check_told(self, where: str, want: dict[str, Any], g: GameState, night: Game | None) -> None:
        records = g.nights[-1].info if (night and g.nights) else []
        for character, expected in want.items():
            mine = [r for r in records if self.game.rules.scenario_keys.told_key(r) == character]
            got = mine[-1].told if mine else None
            if got != expected:
                self.fail(where, f"told.{character}: expected {told_keys.shown(g, character, expected)}, "
                                 f"got {told_keys.shown(g, character, got)}")


def _show(g: GameState, keys: ScenarioKeys, character: str, value: Any) -> str:
    return keys.shown_answer(g, character, value)
