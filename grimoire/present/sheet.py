"""Printable night sheets: a night's order for the characters in play, with reminder texts;
for a saved game, any night as it stood at that night's dusk (refolded from the log)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from grimoire.core import events as ev
from grimoire.core.freetext import printable
from grimoire.core.markup import plain
from grimoire.core.model import Phase
from grimoire.core.official import ATTRIBUTION
from grimoire.core.script import SPECIAL_STEPS, Script, load_script
from grimoire.game import Game
from grimoire.present.past_night import PastNight
from grimoire.rules.plugins import rules_for
from grimoire.rules.visitors import traveller_name

_SPECIAL_TITLES = {"dusk": "Dusk", "minioninfo": "Minion Info", "demoninfo": "Demon Info", "dawn": "Dawn"}


class SheetError(ValueError):
    """A night the saved game cannot describe; the message says which and why."""


def sheet_steps(
    script: Script,
    characters: Iterable[str],
    first: bool,
    players: int | None = None,
    runs: Iterable[str] | None = None,
) -> list[str]:
    """The steps of the night for these characters (specials kept; Minion and Demon Info only
    at 7 or more players when the count is known). ``runs``: the steps of the script's rules'
    own pieces tonight (the Phantom's artifacts); None: whatever they would run for these
    characters before the game has begun."""
    in_play = set(characters)
    rules = rules_for(script)
    running = set(rules.sheet_runs(in_play) if runs is None else runs)
    steps = []
    for step in script.night_order(first):
        if step in SPECIAL_STEPS:
            if step in ("minioninfo", "demoninfo") and players is not None and players < 7:
                continue
            steps.append(step)
        elif step in rules.runs:
            if step in running:
                steps.append(step)
        elif step in in_play:
            steps.append(step)
    return steps


def render_sheet(
    script: Script,
    characters: Iterable[str],
    first: bool,
    who: dict[str, str] | None = None,
    players: int | None = None,
    heading: str = "",
    width: int = 96,
    runs: Iterable[str] | None = None,
    preface: Iterable[str] = (),
    past: PastNight | None = None,
) -> str:
    """``who`` names the player of a step ("5 Ann"); ``preface`` lines come before the steps;
    ``past``: the night is over, and each step says what happened at it (no checklist)."""
    who = who or {}
    characters = list(characters)
    title = heading or f"{script.name} — {'first night' if first else 'other nights'}"
    lines = [title, "=" * min(len(title), width), ""]
    preface = list(preface)
    if preface:
        lines += [*preface, ""]
    if script.bootlegger:
        lines.append("The script's own rules:")
        for rule in script.bootlegger:
            lines += textwrap.wrap(plain(rule), width=width, initial_indent="  - ", subsequent_indent="    ")
        lines.append("")
    jinxes = jinx_lines(script, characters)
    if jinxes:
        lines.append("Jinxes:")
        for jinx in jinxes:
            lines += textwrap.wrap(jinx, width=width, initial_indent="  - ", subsequent_indent="    ")
        lines.append("")
    for n, step in enumerate(sheet_steps(script, characters, first, players, runs), 1):
        name = _SPECIAL_TITLES.get(step) or script.character(step).name
        if step in who:
            name += f" — {who[step]}"
        box = "[ ]" if past is None else "[x]" if step in past.woke else "[-]"
        lines.append(f"{n:2}. {box} {name}")
        for said in past.steps.get(step, []) if past is not None else []:
            lines += textwrap.wrap(said, width=width - 8, initial_indent="      → ", subsequent_indent="        ")
        text = plain(script.reminder(step, first), script.tokens_of(step)) or "(no reminder)"
        lines += textwrap.wrap(text, width=width - 8, initial_indent="        ", subsequent_indent="        ")
        lines.append("")
    if past is not None:
        lines += _past_lines(past, width)
    if script.uses_official:
        lines += textwrap.wrap(ATTRIBUTION, width=width) + [""]
    # Whatever a file brought in (names, the script's texts) is printed harmlessly.
    return "\n".join(printable(line) for line in lines).rstrip() + "\n"


def _past_lines(past: PastNight, width: int) -> list[str]:
    """After the order: the night's whole record, and who died by dawn."""
    lines = ["What happened that night, in order:"]
    for said in past.story or ["Nothing the log tells."]:
        lines += textwrap.wrap(said, width=width, initial_indent="  - ", subsequent_indent="    ")
    lines += ["", "At dawn: " + (" ".join(past.dawn) if past.dawn else "nobody died."), ""]
    return lines


def jinx_lines(script: Script, characters: Iterable[str]) -> list[str]:
    """The jinxes between these characters, plainly: "Forger & Lantern Keeper: ..."."""
    return [f"{script.character(j.first).name} & {script.character(j.second).name}: {plain(j.reason)}"
            for j in script.jinxes_among(characters)]


def where_it_stands(game: Game) -> str:
    g = game.state
    if g.winner is not None:
        return f"the game is over ({g.winner.value} won)"
    if g.phase is Phase.NIGHT:
        return f"the game is at night {g.night}"
    if g.phase is Phase.DAY:
        return f"the game is at day {g.day}"
    return "the game has not begun its first night"


def coming_night(game: Game) -> int:
    """The night a sheet is for by default: tonight, or the next one by day or at setup."""
    g = game.state
    return g.night if g.phase is Phase.NIGHT else g.night + 1


def at_dusk(game: Game, night: int) -> Game:
    """The game as it stood at night ``night``'s dusk: the log refolded up to that night's
    start. Raises SheetError for a night that has not happened."""
    starts = [i for i, event in enumerate(game.events) if isinstance(event, ev.StartNight)]
    if night < 1:
        raise SheetError(f"there is no night {night}: nights are numbered from 1")
    if night > len(starts):
        happened = f"nights 1 to {len(starts)} have" if len(starts) > 1 else (
            "only night 1 has" if starts else "no night has")
        raise SheetError(f"night {night} has not happened yet: {where_it_stands(game)} ({happened})")
    return Game(game.setup, game.events[: starts[night - 1] + 1])


def game_sheet(game: Game, night: int, heading: str, width: int = 96, when: str = "At dusk",
               past: PastNight | None = None) -> str:
    """The sheet of night ``night`` for a game standing at that night's dusk (or before it,
    for the coming night): its characters, the living and the dead, tokens and the artifact;
    ``past``: what happened at each step, once the night is over."""
    g = game.state
    script = load_script(game.setup.script)
    in_play = [s.character for s in g.seats if not s.traveller] + list(g.unseated)
    who = {s.character: f"{s.index + 1} {printable(s.name)}" + ("" if s.alive else ", dead")
           for s in g.seats if not s.traveller}
    who |= {c: "held by no seat: a Minion babysits it" for c in g.unseated}
    first = night == 1
    rules = game.rules
    runs = rules.running_tonight(g, game.setup, first)
    held = rules.held(g)
    players = sum(1 for s in g.seats if not s.traveller)
    preface = [f"{when}:"]
    for s in g.seats:
        role = printable(traveller_name(s.character, script)) if s.traveller else script.character(s.character).name
        marks = [] if s.alive else ["dead" + ("" if s.ghost_vote else ", ghost vote spent")]
        if s.left:
            marks = ["left the game"]
        if held is not None and held.name and held.holder == s.index:
            marks.append(f"holds the {held.name}")
        marks += [printable(t.shown) for t in g.tokens_on(s.index)]
        line = f"  {s.index + 1:2} {printable(s.name)} ({role})" + (f": {'; '.join(marks)}" if marks else "")
        preface += textwrap.wrap(line, width=width, subsequent_indent="       ")
    return render_sheet(script, in_play, first, who, players, heading, width, runs, preface, past)
