"""Tonight's sheet: every entry of the script's night order with what happens to it."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence

import attrs


class Mark(enum.Enum):
    DONE = "done"
    NEXT = "next"  # the step the walker is on
    WILL_WAKE = "will wake"
    ON_RECEIPT = "on receipt"  # woken only if something reaches them (e.g. an artifact)
    SKIPPED = "skipped"


@attrs.frozen
class StepStatus:
    """What a step will do if the walker reaches it now."""

    runs: bool
    why: str = ""  # for a step that does not run: not in play, dead, used, ...
    on_receipt: bool = False

    @classmethod
    def wake(cls) -> StepStatus:
        return cls(True)

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
) -> tuple[SheetEntry, ...]:
    """Mark each step: done, next, will wake, on receipt, or skipped with the reason.

    ``passed(step)`` gives the reason a step already behind the walker was skipped (or None
    when the walker has not reached it yet); steps ahead are judged by ``status`` as things
    stand now.
    """
    entries = []
    for step in order:
        if step == current:
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
                    mark, why = Mark.WILL_WAKE, ""
                elif st.on_receipt:
                    mark, why = Mark.ON_RECEIPT, st.why
                else:
                    mark, why = Mark.SKIPPED, st.why
        entries.append(SheetEntry(step, title(step), reminder(step), mark, why))
    return tuple(entries)
