"""The game told in plain words, night by night and day by day, from the folded state.

Used by the app's log panel and by the session-log export; secrets included (it is the
storyteller's record).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Any

from grimoire.core.happenings import Executed, Spared
from grimoire.core.model import DayState, Execution, GameState, NightRecord
from grimoire.present.happening_lines import as_it_was, aside_line, happening_lines, happening_tail
from grimoire.rules.words import execution_outcome, seat_name, who

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

__all__ = ["seat_name", "who", "story", "recent_lines", "night_lines", "day_lines", "execution_lines",
           "said_by_execution"]


def _told(rules: ScriptRules, g: GameState, happenings: list[Any], tail: int | None, told_deaths: Collection[int] = ()) -> list[str]:
    if tail is None:
        return happening_lines(rules, g, happenings, told_deaths)
    return happening_tail(rules, g, happenings, tail, told_deaths)


def night_lines(rules: ScriptRules, g: GameState, night: NightRecord, tail: int | None = None, pending: Any = None) -> list[str]:
    """Everything the rules did that night, in order, each with its reason (``g``: the state at
    the night's end, whose players' characters the lines name as they were then; ``tail``: see
    ``story``; ``pending``: the open step's record, told to nobody yet, left out)."""
    happenings = night.happenings
    if pending is not None:
        happenings = [h for h in happenings if h is not pending]
    return _told(rules, g, happenings, tail)


def day_lines(rules: ScriptRules, g: GameState, day: DayState, tail: int | None = None) -> list[str]:
    """The day as it happened: declarations, notes, nominations and votes, what the rules
    did, the execution and what it set off (``Executed`` marks where it began; ``tail``: see
    ``story``)."""
    # Where the execution's consequences begin: looked for by type at C speed (a generator
    # over a day of 2,000 happenings was half of the log panel's time at every key).
    kinds = list(map(type, day.happenings))
    split = kinds.index(Executed) if Executed in kinds else len(kinds)
    after = day.happenings[split:]
    then = as_it_was(g, after)  # the state the execution found (a Scarlet Woman not the Imp yet)
    lines = _told(rules, then, day.happenings[:split], tail)
    ex = day.execution
    told: set[int] = set()  # deaths the lines here tell already
    if ex is not None:
        lines += execution_lines(rules, then, ex, told)
        after = [h for h in after if not said_by_execution(ex, h)]
    lines += _told(rules, g, after, tail, told)
    if ex is None and day.nominations and _day_over(g, day):
        lines.append("Nobody was executed.")
    return lines


def said_by_execution(ex: Execution | None, h: Any) -> bool:
    """The save that kept the executed player alive (or alive though announced dead), which the
    execution's line tells already ("survived (...)"): not told twice."""
    return (ex is not None and ex.survived_because is not None and isinstance(h, Spared) and h.seat == ex.seat
            and h.why == ex.survived_because and not h.changes)


def execution_lines(rules: ScriptRules, g: GameState, ex: Execution, told: set[int]) -> list[str]:
    """The day's execution in words; the deaths it tells are added to ``told``."""
    lines = []
    if ex.died and ex.survived_because is None:
        lines.append(f"{who(g, ex.seat)} was executed and died.")
        told.add(ex.seat)
    else:
        lines.append(f"{who(g, ex.seat)} was executed and {execution_outcome(rules, ex)}.")
    if ex.substitute is not None:
        lines.append(f"{who(g, ex.substitute)} died instead.")
        told.add(ex.substitute)
    return lines


def _day_over(g: GameState, day: DayState) -> bool:
    return g.night > day.number or g.winner is not None


SETUP_HEADING = "Before the first night"


def story(rules: ScriptRules, g: GameState, pending: Any = None) -> list[tuple[str, list[str]]]:
    """(heading, lines) for every night and day so far, in order; the open step's record
    (``pending``, ``Game.pending``) is not told until the step is confirmed."""
    return list(reversed(list(_story_backwards(rules, g, None, pending))))


def recent_lines(rules: ScriptRules, g: GameState, limit: int = 12, pending: Any = None) -> list[str]:
    """The newest lines of the story, each prefixed with its night or day (``pending``: see
    ``story``). Told from the newest night or day back until ``limit`` lines are told (at a
    step, the night so far and the day before mostly are: the two nights and days before
    them were told too, at every key), each run of happenings from its newest end (at least
    ``limit`` lines of it, or all), so that the last ``limit`` lines are those of the story
    told whole, and an older line may be missing."""
    blocks: list[tuple[str, list[str]]] = []
    told = 0
    for heading, body in _story_backwards(rules, g, limit, pending):
        blocks.append((heading, body))
        told += len(body)
        if told >= limit:
            break
    lines = [f"{heading} — {line}" for heading, body in reversed(blocks) for line in body]
    return lines[-limit:]


def _story_backwards(rules: ScriptRules, g: GameState, tail: int | None, pending: Any) -> Iterator[tuple[str, list[str]]]:
    """The blocks of ``story``, newest first, each told only when it is asked for (``tail``:
    see ``recent_lines``). The storyteller's words at a night or a day are among its
    happenings, where written."""
    if g.winner is not None:
        yield ("Result", [f"{g.winner.value.capitalize()} wins: {g.win_reason}."])
    days = {d.number: d for d in g.days}
    then = g  # the state at the end of the night or day told: its players' characters then
    for night in reversed(g.nights):
        if night.number in days:
            yield (f"Day {night.number}", day_lines(rules, then, days[night.number], tail))
            then = as_it_was(then, days[night.number].happenings)
        yield (f"Night {night.number}", night_lines(rules, then, night, tail, pending))
        then = as_it_was(then, night.happenings)
    setup = [aside_line(g, aside) for aside in g.asides if aside.when == "Setup"]
    setup += happening_lines(rules, g, g.before_first_night)  # the cards dealt or shown before it
    if setup:
        yield (SETUP_HEADING, setup)
