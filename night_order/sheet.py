"""Tonight's sheet: every entry of the script's night order with what happens to it."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence

import attrs


class Mark(enum.Enum):
    DONE = "done"
    NEXT = "next"  # the step the walker is on
    WILL_WAKE = "will wake"
    TO_DO = "to do"  # runs, but wakes nobody: the storyteller's own step (Dusk, Dawn, ...)
    ON_RECEIPT = "on receipt"  # woken only if something reaches them (e.g. an artifact)
    SKIPPED = "skipped"


@attrs.frozen
class StepStatus:
    """What a step will do if the walker reaches it now."""

    runs: bool
    why: str = ""  # for a step that does not run: not in play, dead, used, ...
    on_receipt: bool = False
    wakes: bool = True  # a step that runs may still wake nobody

    @classmethod
    def wake(cls) -> StepStatus:
        return cls(True)

    @classmethod
    def storyteller(cls) -> StepStatus:
        """Runs, but wakes nobody: the storyteller alone acts (Dusk, Dawn, moving a token)."""
        return cls(True, wakes=False)

    @classmethod
    def skip(cls, why: str) -> StepStatus:
        return cls(False, why)

    @classmethod
    def receipt(cls, why: str = "only if receiving") -> StepStatus:
        return cls(False, why, on_receipt=True)


@attrs.frozen
class SheetEntry:
    step: str
    title: str
    reminder: str
    mark: Mark
    why: str = ""


def build_sheet(
    order: Sequence[str],
    title: Callable[[str], str],
    reminder: Callable[[str], str],
    status: Callable[[str], StepStatus],
    done: Sequence[str],
    current: str | None,
    passed: Callable[[str], str | None],
    receiving: str | None = None,
) -> tuple[SheetEntry, ...]:
    """Mark each step: done, next, will wake, to do, on receipt, or skipped with the reason.

    ``current`` is the entry the walker is on; ``receiving`` is a later entry woken now, in
    the middle of ``current``, because something reached its player (it is marked next too).
    ``passed(step)`` gives the reason a step already behind the walker was skipped (or None
    when the walker has not reached it yet); steps ahead are judged by ``status`` as things
    stand now.
    """
    entries = []
    for step in order:
        if step == current or step == receiving:
            mark, why = Mark.NEXT, ""
        elif step in done:
            mark, why = Mark.DONE, ""
        else:
            reason = passed(step)
            if reason is not None:
                mark, why = Mark.SKIPPED, reason
            else:
                st = status(step)
                if st.runs:
                    mark, why = (Mark.WILL_WAKE if st.wakes else Mark.TO_DO), ""
                elif st.on_receipt:
                    mark, why = Mark.ON_RECEIPT, st.why
                else:
                    mark, why = Mark.SKIPPED, st.why
        entries.append(SheetEntry(step, title(step), reminder(step), mark, why))
    return tuple(entries)


def position(order: Sequence[str], current: str) -> tuple[int, int]:
    """``current``'s place in the whole night's order, counting every entry (skipped ones too):
    (k, n) for "step k of n", which never jumps when steps are skipped."""
    return order.index(current) + 1, len(order)
