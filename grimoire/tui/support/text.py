"""The side panel's words: the night walker's step and sheet, the day, the end (markup)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grimoire.core import events as ev
from grimoire.core.freetext import counted
from grimoire.core.model import GameState, Phase
from grimoire.game import Game
from grimoire.present.narrate import recent_lines, seat_name
from grimoire.rules import day as day_rules
from grimoire.rules.shown import RecordPrompt, shown_words
from grimoire.rules.words import character_name as declared_name
from grimoire.rules.words import execution_outcome
from grimoire.tui.support.choice_keys import Item
from grimoire.tui.support.fit import fitted
from grimoire.tui.support.told_items import TOLD_KEY, asked_why, asks_told, informs, told_items
from grimoire.tui.support.view import (
    character_name,
    choice_items,
    esc,
    marked,
    pair_option_items,
    script_title,
    step_tokens,
)
from night_order import AnswerKind, Mark, Prompt

MARKS = {
    Mark.DONE: ("✔", "done"),
    Mark.NEXT: ("▶", "next"),
    Mark.WILL_WAKE: ("·", "will wake"),
    Mark.TO_DO: ("○", "to do"),
    Mark.ON_RECEIPT: ("◇", "on receipt"),
    Mark.SKIPPED: ("✗", "skipped"),
}


def who(g: GameState, seat: int) -> str:
    """A player to wake (markup): their name as typed, whole, and their character."""
    return esc(f"{g.seats[seat].name} ({character_name(g, seat)})")


def item_line(item: Item, width: int = 2, ticked: bool = False, room: int = 0) -> str:
    """One row of a list of choices (markup): a seat by its number, an option by its letter.
    ``room``: the panel's width, which a seat's row is kept to by shortening its player's name
    (grimoire.tui.support.fit); 0: as long as it is."""
    tick = "✔" if ticked else " "
    if item.seat is not None:
        number, _, rest = item.label.partition(" ")
        head = f"{tick}{number:>{width}} "
        name = item.names[0] if item.names and rest.startswith(item.names[0]) else ""
        if room and name:
            tail = rest[len(name):]
            [name] = fitted([name], lambda names: head + names[0] + tail, room)
            rest = name + tail
        return f"{tick}[b]{number:>{width}}[/b] {esc(rest)}"
    key = f"[b]\\[{item.key}][/b]" if item.key else "   "
    return f"{tick}{key} {esc(item.label)}"


def wake_line(g: GameState, wake: Sequence[int]) -> str:
    """Whom to wake (markup): each name whole, as typed; a line too long for the panel wraps
    (a name cut to fit is one the storyteller cannot read out)."""
    if not wake:
        return "Wake: nobody"
    return "Wake: " + ", ".join(who(g, s) for s in wake)


def prompt_text(
    game: Game, prompt: Prompt, picked: Sequence[int], option: str | None, typed: str = "", room: int = 0,
    recorded: Sequence[Any] = (),
) -> str:
    """The step (markup). ``room``: the panel's width; the wake line and the choices are then
    kept to a row each, names shortened where they must be, so that the choices stay in sight
    on a small terminal (0: every line as long as it is). ``recorded``: what ``i`` has noted at
    this step so far (recorded when the step ends)."""
    g = game.state
    place = game.step_position()
    step_of = f" · step {place[0]} of {place[1]}" if place is not None else ""
    lines = [f"[b]NIGHT {g.night}{step_of}[/b]", f"[b $accent]▶ {esc(prompt.title)}[/]"]
    wake = wake_line(g, prompt.wake)
    if prompt.wake_if and prompt.wake:  # a step that wakes anyone only on its reminder's condition
        wake = f"Wake only if {esc(prompt.wake_if)}:" + wake.removeprefix("Wake:")
    lines.append(wake)
    if prompt.question:
        lines.append(f"[b]{esc(prompt.question)}[/b]")
    items = choice_items(game, prompt)
    if prompt.kind is AnswerKind.OPTION_AND_PLAYER and prompt.player_first:
        # Two steps, in order: the player, then the option from a list; the line says which is asked.
        noun = esc(prompt.option_noun)
        if picked:
            who = esc(seat_name(g, picked[0]))
            lines.append(f"[b $warning]Now their {noun}:[/] {who} as…? [dim](Enter: the list, type to filter)[/dim]")
        else:
            lines.append(f"[b $warning]First the player:[/] [dim]a seat number or Enter; their {noun} is asked next[/dim]")
    elif prompt.kind is AnswerKind.OPTION_AND_PLAYER:  # the option chosen so far, then the player
        # None chosen of several: none is shown as taken (a seat typed first asks it).
        chosen = option or (prompt.options[0] if len(prompt.options) == 1 else None)
        # An option past the last letter has no key: shown by its name alone, never as "[]".
        offered = []
        for o in pair_option_items(game, prompt):
            words = (f"\\[{o.key}] " if o.key else "") + esc(o.label)
            offered.append(f"[b]{words}[/b]" if o.value == chosen else f"[dim]{words}[/dim]")
        switch = "  (a: switch)" if len(prompt.options) > 1 else ""
        lines.append(f"{esc(prompt.option_noun.capitalize())}: " + " · ".join(offered) + switch)
        if picked and chosen is None:
            who = esc(seat_name(g, picked[0]))
            lines.append(f"[b $warning]Now the {esc(prompt.option_noun)}[/] for {who}: "
                         "[dim]its letter, or Enter: the list[/dim]")
    if prompt.kind is AnswerKind.PLAYERS:
        head = f"Chosen ({len(picked)} of {prompt.count}): "
        picked_names = [g.name(s) for s in picked]
        if room:
            picked_names = fitted(picked_names, lambda ns: head + ", ".join(f"{s + 1} {n}" for s, n in zip(picked, ns)),
                                  room)
        names = ", ".join(f"{s + 1} {n}" for s, n in zip(picked, picked_names)) or "nobody yet"
        lines.append(f"{head}{esc(names)}")
    if prompt.kind is not AnswerKind.ACK:
        # Above the choices, so that it stays in sight: the keys, or the seat number being typed.
        if typed:
            lines.append(f"[b $warning]Seat {typed}…[/] [dim](Enter or a pause ends it)[/dim]")
        else:
            keys = ["digits: seat"] if any(i.seat is not None for i in items) else []
            if any(i.key for i in items):
                keys.append("\\[x]: option")
            lines.append("[dim]" + " · ".join(keys + ["Enter: picker"]) + "[/dim]")
    width = max((len(str(i.number)) for i in items if i.number is not None), default=1)
    for item in items:
        ticked = prompt.kind in (AnswerKind.PLAYERS, AnswerKind.OPTION_AND_PLAYER) and item.value in picked
        lines.append(item_line(item, width, ticked, room))
    if prompt.truth_text:
        lines.append(f"[b $success]True answer:[/] {esc(prompt.truth_text)}")
    if asks_told(prompt, game.rules, game.state):
        unsaid = asked_why(prompt, game.rules, game.state)
        unsaid = "the truth is not assumed" if unsaid == "drunk or poisoned" else unsaid
        lines.append(f"[b $warning]Which answer was given?[/] [dim]({unsaid})[/dim]")
        lines += [item_line(item) for item in told_items(game, prompt, truth_first=True, every=False)]
        lines.append(f"[dim]\\[x]: the answer given · Enter or {TOLD_KEY}: picker (any answer)[/dim]")
    for note in prompt.notes:
        lines.append(f"[i]• {esc(note)}[/i]")
    lines.append(f"[dim]Reminder (script text):[/dim] {marked(prompt.reminder, step_tokens(game, prompt.step))}")
    if isinstance(prompt, RecordPrompt) and recorded:
        said = shown_words(g, game.script, list(recorded))
        lines.append(f"[b $success]To record:[/] {esc(said)}")
        lines.append("[dim]n or Enter: record it, next step · i: add what else they chose or were shown[/dim]")
    elif isinstance(prompt, RecordPrompt):
        lines.append("[dim]i: note what they chose or were shown (again for more) · n or Enter: done, next step[/dim]")
    elif informs(prompt, game.rules) and not asks_told(prompt, game.rules, game.state):
        lines.append(f"[dim]n or Enter: done, the true answer was given · {TOLD_KEY}: another answer was given[/dim]")
    elif prompt.kind is AnswerKind.ACK and not asks_told(prompt, game.rules, game.state):
        lines.append("[dim]n or Enter: done, next step[/dim]")
    return "\n".join(lines)


def sheet_text(game: Game) -> str:
    lines = ["[b]Tonight[/b]"]
    for entry in game.sheet():
        sym, word = MARKS[entry.mark]
        why = f" [dim]— {esc(entry.why)}[/dim]" if entry.why else ""
        style = "b" if entry.mark is Mark.NEXT else ("dim" if entry.mark is Mark.SKIPPED else "")
        title = esc(entry.title)
        title = f"[{style}]{title}[/{style}]" if style else title
        lines.append(f" {sym} {title} [dim]{word}[/dim]{why}")
    return "\n".join(lines)


def day_text(game: Game) -> str:
    g = game.state
    today = g.today
    seems_dead = game.rules.registers_dead(g)  # alive, but dead as the town counts
    lines = [f"[b]DAY {g.day}[/b] · {sum(s.alive and s.index not in seems_dead for s in g.seats)} alive · "
             f"[b]{counted(day_rules.threshold(game.rules, g), 'vote')}[/b] to execute"]
    block = day_rules.on_the_block(game.rules, g)
    lines.append("")
    lines.append("[b]Nominations[/b]")
    if today is None or not today.nominations:
        lines.append(" none yet  (m: nominate)")
    else:
        for n in today.nominations:
            if n.votes is None and today.execution is not None:
                votes = "[i]no vote: today's execution has happened[/i]"  # the Virgin's nominator, say
            elif n.votes is None:
                votes = "[i]vote not counted (v)[/i]"
            else:
                # The count the rules recorded (a weighted hand counts as its weight), as the log says it.
                voters = ", ".join(seat_name(g, v) for v in n.votes)
                weighed = f" from {len(n.votes)} hand(s)" if n.tally is not None else ""
                votes = (f"[b]{n.count}[/b] vote(s){weighed}{' (a secret vote)' if n.hidden else ''}"
                         + (f": {esc(voters)}" if voters else ""))
            flag = "  [b $warning]◀ on the block[/]" if block == n.nominee else ""
            lines.append(f" {esc(seat_name(g, n.nominator))} → {esc(seat_name(g, n.nominee))}: {votes}{flag}")
    lines.append("")
    ex = today.execution if today else None
    if ex is None:
        lines.append("[b]Execution[/b]: none yet" + (f" — e executes {esc(seat_name(g, block))}" if block is not None else ""))
        question = game.rules.execution_question(g, block) if block is not None else None
        if question is not None:
            seats = ", ".join(seat_name(g, s) for s in question.seats)  # a substitute, or the answers alone
            answers = f"{seats} or decline" if seats else " or ".join(label for label, _a in question.options)
            lines.append(f" [b $warning]{esc(question.short)}[/] will be asked: {esc(answers)}")
    else:
        lines.append(f"[b]Execution[/b]: {esc(seat_name(g, ex.seat))} — {esc(execution_outcome(game.rules, ex))}")
        if ex.substitute is not None:
            lines.append(f" {esc(seat_name(g, ex.substitute))} {esc(game.rules.substitute_words)}")
    if today is not None and today.declarations:
        # The characters declared, whoever declared them (a player may speak as a character
        # that no one in play holds).
        lines.append("Declarations: " + ", ".join(esc(declared_name(g, c)) for c in today.declarations))
    lines += [f"[b $warning]{esc(note)}[/]" for note in game.rules.day_notes(g)]
    if today is not None and today.exiles:
        lines.append("Exiled: " + ", ".join(esc(seat_name(g, s)) for s in today.exiles))
    lines += [f"[b $warning]Remember[/]: {esc(r)}" for r in game.rules.day_reminders(g)]
    lines.append("")
    lines += end_lines(game)
    lines.append("[dim]m nominate · v vote · e execute · c declare · x exile · h timer · d start the night"
                 + ("" if game.rules.automated else " · w declare the winner") + "[/dim]")
    return "\n".join(lines)


def end_lines(game: Game) -> list[str]:
    """The standard end conditions met now, for the storyteller to judge (never decided here)."""
    return [f"[b $warning]⚑ {esc(p)}[/] (w)" for p in game.end_pointers()] + [""] * bool(game.end_pointers())


def setup_text(game: Game) -> str:
    """A game saved before its first night: what the storyteller can do from here."""
    g = game.state
    lines = [f"[b]SETUP[/b] · {len(g.seats)} seats · the first night has not begun", ""]
    if game.events:
        lines.append(f"{len(game.events)} change(s) made before the first night (u: undo the last)")
        lines.append("")
    lines.append("[b]d[/b] start the first night")
    lines.append("[dim]! overrides (a token, a swap, a death) · arrows, then Enter: a seat's card[/dim]")
    return "\n".join(lines)


def over_text(game: Game) -> str:
    g = game.state
    winner = g.winner.value.upper() if g.winner else "?"
    square = "shown on the town square" if g.reveal_shown else "not shown to the players yet"
    return (f"[b]GAME OVER[/b]\n\n[b $warning]{winner} WINS[/]\n{esc(g.win_reason)}\n\n"
            f"[b]r[/b]: the reveal for the players ({square})\n[dim]u: undo the last action[/dim]")


def centre_text(game: Game) -> str:
    g = game.state
    parts = [f"[b]{esc(script_title(game, short=True))}[/b]"]
    phase = {Phase.SETUP: "Setup", Phase.NIGHT: f"Night {g.night}", Phase.DAY: f"Day {g.day}", Phase.OVER: "Game over"}[g.phase]
    parts.append(phase)
    held = game.rules.held(g)
    if held is not None and held.name:
        parts.append(f"{esc(held.name)}: {esc(g.name(held.holder))}")
    if g.bluffs:
        from grimoire.core.script import load_script

        sc = load_script(g.script_id)
        parts.append("Bluffs: " + ", ".join(esc(sc.character(b).name) for b in g.bluffs if b in sc.by_id))
    if g.fabled:
        from grimoire.rules.words import character_name

        parts.append("Fabled: " + ", ".join(esc(character_name(g, f)) for f in g.fabled))
    if g.winner:
        parts.append(f"[b]{g.winner.value.capitalize()} wins[/b]")
    return "\n".join(parts)


LOG_LINES = 12
RECAP_KEY = "R"  # the grimoire screen's key for the dawn recap (screens/recap.py)
GRIMOIRE_KEY = "G"  # the key that shows a player the grimoire (screens/show_grimoire.py)


def with_recap_pointer(g: GameState, lines: list[str]) -> list[str]:
    """The log's lines with, under the newest night that reached its dawn, the key that shows
    its recap (where that night's lines are still in view; one line more: the panel shows the
    newest lines, so none of the story is pushed out)."""
    night = g.night if g.phase is not Phase.NIGHT else g.night - 1
    own = [i for i, line in enumerate(lines) if line.startswith(f"Night {night} — ")]
    if night < 1 or not own:
        return lines
    return [*lines[: own[-1] + 1], f"Dawn {night} — {RECAP_KEY}: the recap of the night", *lines[own[-1] + 1:]]


def log_text(game: Game) -> str:
    """The log panel: the newest lines of the story, or why there are none yet."""
    lines = recent_lines(game.rules, game.state, limit=LOG_LINES, pending=game.pending)
    if lines:
        return "\n".join(esc(line) for line in with_recap_pointer(game.state, lines))
    if any(not isinstance(event, ev.StartNight) for event in game.events):
        # Steps were carried out, but none of them is a thing the log tells (yet).
        return f"The log: night {game.state.night} is under way; nothing to record yet."
    return "The log: nothing has happened yet."
