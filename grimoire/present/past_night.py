"""A past night step by step, for its sheet: who woke, what they chose, the true answer and
what they were told, replayed from the log (the sheet's order beside what happened)."""

from __future__ import annotations

from typing import Any

from grimoire.core import events as ev
from grimoire.core.model import GameState, InfoRecord, NightRecord, Phase
from grimoire.core.value import frozen
from grimoire.game import Game
from grimoire.present.happening_lines import as_it_was, info_line
from grimoire.present.narrate import night_lines
from grimoire.rules.shown import RecordPrompt, shown_words
from grimoire.rules.words import pair_words, seat_name
from night_order import AnswerKind, Prompt


@frozen
class PastNight:
    """What happened at each step of the night (by the sheet's step), and the whole record."""

    steps: dict[str, list[str]]  # every step woken or skipped, with what happened at it
    woke: tuple[str, ...]
    story: list[str]  # the night's record, as the log tells it
    dawn: list[str]  # who died that night, as dawn found them


def is_past(game: Game, night: int) -> bool:
    """Night ``night`` has reached its dawn (or the game ended during it)."""
    g = game.state
    return g.night > night or (g.night == night and g.phase is not Phase.NIGHT)


def past_night(game: Game, night: int) -> PastNight:
    """Replay night ``night`` (which ``is_past``) answer by answer, noting at each step what
    was chosen, and the true and told answers as they stood once the night was over."""
    starts = [i for i, event in enumerate(game.events) if isinstance(event, ev.StartNight)]
    start = starts[night - 1]
    replay = Game(game.setup, game.events[: start + 1])
    asked: list[tuple[str, Prompt, Any, int | None]] = []  # step, prompt, answer, info record's place
    for event in game.events[start + 1:]:
        if replay.state.phase is not Phase.NIGHT:
            break
        prompt = replay.prompt
        if isinstance(event, ev.Answer) and prompt is not None:
            info = replay.state.nights[-1].info
            at = next((i for i, r in enumerate(info) if r is prompt.informs), None)
            asked.append((prompt.step, prompt, event.value, at))
        replay.apply(event)
    g = replay.state
    record = g.nights[night - 1]
    steps: dict[str, list[str]] = {}
    for step, prompt, value, at in asked:
        lines = steps.setdefault(step, [])
        woke = ", ".join(seat_name(g, s) for s in prompt.wake)
        if woke and f"Woke {woke}." not in lines:
            lines.append(f"Woke {woke}.")
        chose = answer_words(game, prompt, value)
        if chose:
            lines.append(f"Chose: {chose}.")
        said = info_line(game.rules, _then(g, record, record.info[at]), record.info[at]) if at is not None else None
        if said:
            lines.append(said)
    for step in record.woke:
        steps.setdefault(step, [])
    for step, why in record.skipped.items():
        steps.setdefault(step, []).append(f"Not woken: {why}.")
    dawn = [f"{seat_name(g, s)} died." for s in record.deaths]
    return PastNight(steps, tuple(record.woke), night_lines(game.rules, g, record), dawn)


def _then(g: GameState, record: NightRecord, info: InfoRecord) -> GameState:
    """The state naming the players' characters as they were when ``info`` was given (a
    star-pass later that night made a Minion the Imp)."""
    at = next((i for i, h in enumerate(record.happenings) if h is info), len(record.happenings))
    return as_it_was(g, record.happenings[at + 1:])


def answer_words(game: Game, prompt: Prompt, value: Any) -> str:
    """A step's answer in words: the players chosen, the option, or an option and a player."""
    g = game.state
    if value is None:
        return ""
    if isinstance(prompt, RecordPrompt):
        return shown_words(g, game.script, value)
    if prompt.kind is AnswerKind.OPTION_AND_PLAYER:
        return pair_words(g, prompt, value)
    seats = value if isinstance(value, list) else [value]
    return ", ".join(seat_name(g, v) if isinstance(v, int) else str(v) for v in seats)
