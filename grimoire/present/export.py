"""Session logs: Markdown for the group, JSON with every event (lossless), and one
self-contained HTML page (no network) readable on a phone."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from grimoire.core.freetext import printable, printable_json
from grimoire.core.model import DayState, GameState, Phase
from grimoire.core.official import ATTRIBUTION
from grimoire.core.script import load_script
from grimoire.game import Game
from grimoire.present import dawn_picture as picture
from grimoire.present.dawn_recap import DawnRecap, dawn_recap, recap_data, recap_sections
from grimoire.present.narrate import day_states, story, told_execution
from grimoire.present.reveal import Line, Reveal, game_reveal, headings, impaired_lines, path_lines
from grimoire.present.sheet import jinx_lines
from grimoire.rules import told as told_rules
from grimoire.rules.visitors import traveller_name
from grimoire.rules.words import character_name, given_words
from grimoire.store.saves import game_to_dict

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

SECRET_NOTE = (
    "This is the storyteller's record: it shows every character, alignment and secret. "
    "Share it after the game."
)


def dawn_states(game: Game) -> dict[int, GameState]:
    """The state at each dawn, replayed from the log."""
    replay = Game(game.setup)
    out: dict[int, GameState] = {}
    for event in game.events:
        replay.apply(event)
        g = replay.state
        if g.phase is Phase.DAY and g.day not in out:
            out[g.day] = g.clone()
    return out


def grimoire_rows(rules: ScriptRules, g: GameState) -> list[tuple[str, str, str, str, str]]:
    """(seat, player, character, state, tokens) for each seat."""
    script = load_script(g.script_id)
    rows = []
    for s in g.seats:
        role = picture.role_name(g, s)
        if s.alignment.value != ("evil" if not s.traveller and script.team_of(s.character).is_evil else "good"):
            role += f" ({s.alignment.value})"
        marks = picture.seat_marks(rules, g, s)
        shown = [t.shown for t in g.tokens_on(s.index)] + [f"“{r.text}”" for r in g.reminders_on(s.index)]
        tokens = ", ".join(shown)
        rows.append((str(s.index + 1), s.name, role, "; ".join(marks), tokens))
    return rows


def _setup_lines(game: Game) -> list[str]:
    g = game.state
    script = load_script(g.script_id)
    table, players = game.rules.setup_lines(game.setup, g)
    out = list(table)
    for c in game.setup.unseated:
        out.append(f"In play with no seat: the {script.character(c).name} (a Minion babysits its token).")
    if g.bluffs:
        out.append("Demon bluffs: " + ", ".join(script.character(b).name for b in g.bluffs) + ".")
    out += players
    out += [f"The script's own rule: {rule}" for rule in script.bootlegger]
    at_setup = [s.character for s in game.setup.seats if not s.traveller] + list(game.setup.unseated)
    out += [f"Jinx: {line}" for line in jinx_lines(script, at_setup)]
    changed = game.rules.house_rules_changed(game.setup.script_setup)
    if changed:
        out.append("House rules: " + ", ".join(f"{k} = {v}" for k, v in changed.items()) + ".")
    else:
        out.append("House rules: the defaults.")
    return out


def fabled_line(g: GameState) -> str:
    return "Fabled in play: " + ", ".join(character_name(g, f) for f in g.fabled) + "."


def uses_official(game: Game) -> bool:
    """The script's characters, or a Traveller's or a Fabled's, come from the official data."""
    g = game.state
    own = game.script.by_id
    return game.script.uses_official or any(f not in own for f in g.fabled) or any(
        s.traveller and s.character not in own and traveller_name(s.character) != s.character for s in g.seats)


def note_lines(g: GameState) -> list[str]:
    """The storyteller's notes as they stand now, one line a seat."""
    out = []
    for s in g.seats:
        note = g.note(s.index)
        if note is not None:
            out.append(f"{s.index + 1} {s.name}: {note.text} ({note.when.lower()})")
    return out


# Backslashes before Markdown's own punctuation; entities for what HTML reads (a backslash does
# not stop every renderer from taking "<script>" as a tag).
_MD_SPECIAL = str.maketrans({**{c: "\\" + c for c in "\\`*_[]#|~"}, "&": "&amp;", "<": "&lt;", ">": "&gt;"})
_MD_LEADING = re.compile(r"^(\s*)(?:([-+=])|(\d+)([.)]))")  # would start a list, or underline a heading


def _md(text: str) -> str:
    """Anyone's words in Markdown, shown as written: no HTML, link, emphasis, code, table cell
    or list of their own; a line break or a control character as an escape (``\\n``, ``\\x1b``)."""
    words = printable(text).translate(_MD_SPECIAL)
    return _MD_LEADING.sub(lambda m: m.group(1) + ("\\" + m.group(2) if m.group(2) else f"{m.group(3)}\\{m.group(4)}"),
                           words, count=1)


def _html(text: str) -> str:
    """Anyone's words in the HTML page: escaped, control characters as visible escapes."""
    return html.escape(printable(text))


def _title(game: Game) -> str:
    script = load_script(game.setup.script)
    return game.setup.title or script.name


def to_markdown(game: Game) -> str:
    g = game.state
    dawns = dawn_states(game)
    lines = [f"# {_md(_title(game))}", "", f"*{SECRET_NOTE}*", "", "## The table", ""]
    lines += _md_table(grimoire_rows(game.rules, Game(game.setup).state))
    lines += [""] + [f"- {_md(line)}" for line in _setup_lines(game)] + [""]
    for heading, body in story(game.rules, g, pending=game.pending):
        lines += [f"## {heading}", ""]
        lines += [f"- {_md(line)}" for line in body] or ["- Nothing happened."]
        lines.append("")
        if heading.startswith("Night ") and int(heading.split()[1]) in dawns:
            lines += [f"**The grimoire at dawn {heading.split()[1]}**", ""]
            lines += _md_table(grimoire_rows(game.rules, dawns[int(heading.split()[1])])) + [""]
            lines += _md_recap(dawn_recap(game.rules, dawns[int(heading.split()[1])], int(heading.split()[1])))
    if g.fabled:
        lines += [f"- {_md(fabled_line(g))}", ""]
    if g.winner is None:
        lines += ["## Where it stands", "", f"The game is not over ({g.phase.value}, night {g.night}).", ""]
    else:
        lines += _md_reveal(game_reveal(game))
    notes = note_lines(g)
    if notes:
        lines += ["## The storyteller's notes", ""] + [f"- {_md(line)}" for line in notes] + [""]
    if uses_official(game):
        lines += ["---", "", _md(ATTRIBUTION), ""]
    return "\n".join(lines)


GRIMOIRE_COLUMNS = ("#", "Player", "Character", "State", "Tokens")


def _md_table(rows: Sequence[tuple[str, ...]], columns: tuple[str, ...] = GRIMOIRE_COLUMNS) -> list[str]:
    out = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        out.append("| " + " | ".join(_md(cell) or "—" for cell in row) + " |")
    return out


# --- the reveal (a finished game only) --------------------------------------------------------
REVEAL_COLUMNS = ("#", "Player", "Character", "Alignment", "At the start", "During the game")


def reveal_rows(r: Reveal) -> list[tuple[str, ...]]:
    """The players' table of the reveal: each seat as it ended, as it began if that differs."""
    return [
        (str(s.seat + 1), s.name, f"{s.ended.name} ({s.ended.team.capitalize()})", s.ended.alignment,
         s.started.words() if s.changed else "the same",
         ", ".join(f"{c.what} ({c.when.lower()})" for c in s.changes))
        for s in r.seats
    ]


def _reveal_lists(r: Reveal) -> list[tuple[str, list[Line]]]:
    held = [(headings(r)[1], path_lines(r))] if r.has_held else []
    return [*held, ("Drunk and poisoned", impaired_lines(r))]


def _md_reveal(r: Reveal) -> list[str]:
    lines = ["## The reveal", "", f"**{_md(r.result)}**", "", "### The players", ""]
    lines += _md_table(reveal_rows(r), REVEAL_COLUMNS) + [""]
    for heading, body in _reveal_lists(r):
        lines += [f"### {heading}", ""]
        lines += [f"- {_md(line.text)}" for line in body]
        lines.append("")
    return lines


def _html_reveal(r: Reveal) -> list[str]:
    e = _html
    parts = ["<h2>The reveal</h2>", f"<p><b>{e(r.result)}</b></p>", "<h3>The players</h3>",
             _html_table(reveal_rows(r), REVEAL_COLUMNS)]
    for heading, body in _reveal_lists(r):
        parts.append(f"<h3>{e(heading)}</h3><ul>" + "".join(f"<li>{e(line.text)}</li>" for line in body) + "</ul>")
    return parts


def information(rules: ScriptRules, g: GameState, pending: Any = None) -> list[dict[str, Any]]:
    """Each thing a player was told at night: the truth, and the answer given where recorded
    (not the open step's, ``pending``: nobody is told it yet)."""
    out = []
    for night in g.nights:
        for r in night.info:
            if told_rules.tells(r, rules) and r is not pending:
                truth = told_rules.exported_truth(rules, r)
                out.append({
                    "night": night.number, "seat": r.seat, "character": r.character, "about": list(r.about),
                    "truth": list(truth) if isinstance(truth, tuple) else truth,
                    "told": r.told, "impaired": r.impaired,
                    "words": given_words(rules, g, r),
                })
    return out


def nights(game: Game) -> list[dict[str, Any]]:
    """Each night so far; one that reached its dawn with its recap, as the Markdown's and the
    HTML's, made from the state at that dawn."""
    dawns = dawn_states(game)
    return [{"night": n.number} | ({"recap": recap_data(game.rules, dawns[n.number], n.number)} if n.number in dawns else {})
            for n in game.state.nights]


def cards(g: GameState) -> list[dict[str, Any]]:
    """Every card a player was told, in order, with its words as shown: on the laptop, or on
    a seat's phone (dealt: its "You are" card), and how far the player got with it there."""
    return [{"card": c.id, "when": c.when, "seat": c.seat, "kind": c.what, "label": c.label,
             "blocks": [{"role": role, "text": text} for role, text in c.blocks],
             "on": "phone" if c.phone else "laptop", "dealt": c.dealt, "state": c.state or None}
            for c in g.cards]


def days(rules: ScriptRules, g: GameState) -> list[dict[str, Any]]:
    """Each day so far with its nominations (the hands raised and the votes as the rules
    counted them: a weighted hand counts as its weight; whether the vote was secret) and its
    execution, told as the Markdown and HTML logs tell it."""
    states = day_states(g)
    return [{"day": d.number, "nominations": [
        {"nominator": n.nominator, "nominee": n.nominee,
         "voters": None if n.votes is None else list(n.votes), "votes": n.count, "hidden": n.hidden}
        for n in d.nominations]} | _execution(rules, states.get(d.number, g), d) for d in g.days]


def _execution(rules: ScriptRules, g: GameState, day: DayState) -> dict[str, Any]:
    """The day's execution, where it had one: who, whether they died (and why not), who died
    instead, the storyteller's judgement that brought it (an execution for madness), in words."""
    ex = day.execution
    if ex is None:
        return {}
    judged, words = told_execution(rules, g, day)
    return {"execution": {"seat": ex.seat, "died": ex.died, "survived_because": ex.survived_because,
                          "substitute": ex.substitute} | ({"judged": judged} if judged else {}) | {"words": words}}


def to_json(game: Game) -> str:
    data = game_to_dict(game)
    data["information"] = information(game.rules, game.state, game.pending)
    data["cards"] = cards(game.state)
    data["nights"] = nights(game)
    data["days"] = days(game.rules, game.state)
    if game.state.winner is not None:
        data["reveal"] = game_reveal(game).to_dict()
    # JSON escapes C0 controls itself; printable_json does DEL, C1, bidi controls, surrogates.
    return printable_json(json.dumps(data, ensure_ascii=False, indent=2)) + "\n"


_CSS = """
body{font-family:system-ui,-apple-system,sans-serif;margin:0 auto;max-width:46rem;padding:1rem;
line-height:1.45;color:#1d1b26;background:#faf8f3}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{margin-top:1.8rem;border-bottom:1px solid #ccc}
.secret{background:#fdecea;border-left:4px solid #b3261e;padding:.5rem .8rem}
table{border-collapse:collapse;width:100%;font-size:.9rem;display:block;overflow-x:auto}
th,td{border:1px solid #ddd;padding:.3rem .45rem;text-align:left;vertical-align:top}
th{background:#eee}.dead{color:#888}
@media (max-width:30rem){body{padding:.75rem}table{font-size:.8rem}th,td{padding:.25rem .3rem}}
@media (prefers-color-scheme:dark){body{background:#16141c;color:#e8e6ef}th{background:#2a2733}
th,td{border-color:#3a3744}.secret{background:#3b1f1f}}
"""


def to_html(game: Game) -> str:
    g = game.state
    dawns = dawn_states(game)
    e = _html
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(_title(game))}</title><style>{_CSS}{picture.CSS}</style></head><body>",
        f"<h1>{e(_title(game))}</h1>",
        f'<p class="secret">{e(SECRET_NOTE)}</p>',
        "<h2>The table</h2>",
        _html_table(grimoire_rows(game.rules, Game(game.setup).state)),
        "<ul>" + "".join(f"<li>{e(line)}</li>" for line in _setup_lines(game)) + "</ul>",
    ]
    for heading, body in story(game.rules, g, pending=game.pending):
        parts.append(f"<h2>{e(heading)}</h2><ul>")
        parts += [f"<li>{e(line)}</li>" for line in body] or ["<li>Nothing happened.</li>"]
        parts.append("</ul>")
        if heading.startswith("Night ") and int(heading.split()[1]) in dawns:
            day = int(heading.split()[1])
            parts.append(f'<h3 id="dawn-{day}">The grimoire at dawn {day}</h3>')
            parts.append(picture.dawn_picture(game.rules, dawns[day], day))
            if day == min(dawns):
                parts.append(f'<p class="legend">{e(picture.LEGEND)}</p>')
            parts.append(_html_table(grimoire_rows(game.rules, dawns[day])))
            parts += _html_recap(dawn_recap(game.rules, dawns[day], day))
    if g.fabled:
        parts.append(f"<p>{e(fabled_line(g))}</p>")
    if g.winner is not None:
        parts += _html_reveal(game_reveal(game))
    notes = note_lines(g)
    if notes:
        parts.append("<h2>The storyteller's notes</h2><ul>" + "".join(f"<li>{e(n)}</li>" for n in notes) + "</ul>")
    if uses_official(game):
        parts.append(f'<p class="legend">{e(ATTRIBUTION)}</p>')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _md_recap(r: DawnRecap) -> list[str]:
    """The night's dawn recap, under its grimoire: each section a line of its own."""
    lines = [f"**The recap at dawn {r.night}**", ""]
    for heading, body in recap_sections(r):
        lines += [f"- {heading}:"] + [f"  - {_md(line)}" for line in body]
    return lines + [""]


def _html_recap(r: DawnRecap) -> list[str]:
    e = _html
    parts = [f'<h3 id="recap-{r.night}">The recap at dawn {r.night}</h3><dl class="recap">']
    for heading, body in recap_sections(r):
        parts.append(f"<dt>{e(heading)}</dt>" + "".join(f"<dd>{e(line)}</dd>" for line in body))
    parts.append("</dl>")
    return parts


def _html_table(rows: Sequence[tuple[str, ...]], columns: tuple[str, ...] = GRIMOIRE_COLUMNS) -> str:
    e = _html
    head = "<tr>" + "".join(f"<th>{e(c)}</th>" for c in columns) + "</tr>"
    body = "".join(
        f'<tr class="{"dead" if "dead" in row[3] else ""}">' + "".join(f"<td>{e(c) or '—'}</td>" for c in row) + "</tr>"
        for row in rows
    )
    return f"<table>{head}{body}</table>"


FORMATS = {"md": to_markdown, "json": to_json, "html": to_html}
