"""The night walker: a cursor over tonight's steps that yields one prompt at a time.

The script's behaviour plugs in through ``NightRules``: the walker only knows the order of
steps, asks the rules whether each one runs, and relays prompts and answers.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any, Protocol

from night_order.prompt import Prompt
from night_order.sheet import StepStatus

StepRun = Generator[Prompt, Any, None]


class NightRules(Protocol):
    def order(self) -> Sequence[str]: ...

    def status(self, step: str) -> StepStatus: ...

    def run(self, step: str) -> StepRun: ...

    def skipped(self, step: str, why: str) -> None: ...

    def finished(self) -> bool: ...


def walk(rules: NightRules) -> StepRun:
    """Every step of tonight in order; each runs only if the rules say so when it comes up."""
    for step in rules.order():
        if rules.finished():
            return
        status = rules.status(step)
        if status.runs:
            yield from rules.run(step)
        else:
            rules.skipped(step, status.why)


class Walker:
    """Drives a step generator: ``prompt`` is what the storyteller sees, ``answer`` moves on."""

    def __init__(self, steps: StepRun) -> None:
        self._steps = steps
        self.prompt: Prompt | None = None
        self._advance(None, first=True)

    @property
    def done(self) -> bool:
        return self.prompt is None

    def answer(self, value: Any = None) -> Any:
        """Validate and apply an answer; returns its canonical form. Raises IllegalAnswer."""
        if self.prompt is None:
            raise RuntimeError("the night is over: nothing to answer")
        canonical = self.prompt.validate(value)
        self._advance(canonical)
        return canonical

    def _advance(self, value: Any, first: bool = False) -> None:
        try:
            self.prompt = next(self._steps) if first else self._steps.send(value)
        except StopIteration:
            self.prompt = None
