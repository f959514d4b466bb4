"""The day's timer (discussion, nominations): started, paused, resumed, as the storyteller keys
it. Pure (no Textual). A ``DayTimer`` says what was left at a moment; the time left now is
worked out from it (the players' pages count down the same way), so nothing is written while
it runs. In the game's record only its start, as the day's timer (grimoire.rules.day)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grimoire.store.live_table import DayTimer

DISCUSSION, NOMINATIONS = "Discussion", "Nominations"
CHOICES = ((DISCUSSION, (2, 3, 5, 8)), (NOMINATIONS, (1, 2, 3)))  # minutes on offer


def parse_length(text: str) -> int:
    """A length the storyteller typed, in seconds: minutes ("4", "2.5"), minutes and seconds
    ("4:30") or seconds ("90s"). ValueError says what is wrong."""
    from grimoire.rules.day import MAX_TIMER

    typed = text.strip().lower()
    try:
        if typed.endswith("s"):
            seconds = float(typed[:-1])
        elif ":" in typed:
            minutes, _, secs = typed.partition(":")
            if not secs.isdigit() or int(secs) >= 60:
                raise ValueError
            seconds = int(minutes or "0") * 60 + int(secs)
        else:
            seconds = float(typed) * 60
    except ValueError:
        raise ValueError(f"{text.strip()!r} is no length: type minutes (4, 2.5), 4:30 or 90s") from None
    if not math.isfinite(seconds) or not 1 <= round(seconds) <= MAX_TIMER:
        raise ValueError(f"the day's timer runs from 1 second to {MAX_TIMER // 3600} hours")
    return round(seconds)


def start(label: str, minutes: float, now: float) -> DayTimer:
    from grimoire.store.live_table import DayTimer  # the players' pages' data: once a timer runs

    return DayTimer(label, True, minutes * 60.0, now)


def pause(timer: DayTimer, now: float) -> DayTimer:
    from grimoire.store.live_table import DayTimer  # the players' pages' data: once a timer runs

    return DayTimer(timer.label, False, timer.left_now(now), now)


def resume(timer: DayTimer, now: float) -> DayTimer:
    from grimoire.store.live_table import DayTimer  # the players' pages' data: once a timer runs

    return DayTimer(timer.label, True, timer.left, now)


def is_up(timer: DayTimer, now: float) -> bool:
    return timer.left_now(now) <= 0


def clock(timer: DayTimer, now: float) -> str:
    """mm:ss left, rounded up: 0:00 only once it is over."""
    left = math.ceil(timer.left_now(now) - 1e-9)
    return f"{left // 60:02d}:{left % 60:02d}"


def timer_line(timer: DayTimer, now: float) -> str:
    """The day panel's line (markup)."""
    if is_up(timer, now):
        return f"[b $warning]⏱ {timer.label}: 00:00 — time is up[/] [dim](h: timer)[/dim]"
    if not timer.running:
        return f"[b]⏸ {timer.label}: {clock(timer, now)}[/b] paused [dim](h: resume)[/dim]"
    return f"[b]⏱ {timer.label}: {clock(timer, now)}[/b] [dim](h: timer)[/dim]"
