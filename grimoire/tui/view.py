"""What the grimoire screen shows, worked out from the game (no Textual here).

Everything derived (drunk, poisoned, on the block, the threshold) comes from the rules
modules; this file only words and arranges it.
"""

from __future__ import annotations

import functools
import math

import attrs

from grimoire.core.model import GameState, Phase
from grimoire.core.script import Team, load_script
from grimoire.game import Game
from grimoire.rules import day as day_rules
from grimoire.rules import status
from grimoire.rules import tokens as tk
from night_order import AnswerKind, Prompt

# Short names for tokens in a narrow seat box.
TOKEN_SHORT = {
    "Claque Seat (is drunk)": "Claque",
    "Received tonight": "Received",
    "Drunk tonight": "Drunk tn",
    "First holder": "1st holder",
    "Mirror target": "Mirror",
    "Ability lost": "Abil. lost",
    "No wake tonight": "No wake",
    "Protected": "Protected",
    "Drunk until dusk": "Drunk→dusk",
    "Cloak sacrifice": "Cloak",
    "Performance pending": "Perform",
    "Rigger help": "Rigger",
}
ARTIFACT_SHORT = {"monkey_music_box": "MMB", "punjab_lasso": "LASSO"}
CHOICE_KEYS = tuple("1234567890")


@attrs.frozen
class SeatView:
    index: int
    name: str
    character: str
    team: Team
    alive: bool
    ghost_vote: bool
    tokens: tuple[str, ...]
    artifact: str | None  # short name when this seat holds it
    drunk: bool
    poisoned: bool
    why: str
    evil: bool
    traveller: bool
    noted: bool = False  # the storyteller has a note on this seat

    @property
    def team_class(self) -> str:
        return f"-{self.team.value}"


def character_name(g: GameState, seat: int) -> str:
    s = g.seats[seat]
    if s.traveller:
        return s.character
    return load_script(g.script_id).character(s.character).name


def seat_views(g: GameState) -> list[SeatView]:
    out = []
    for s in g.seats:
        holds = g.artifact.active is not None and g.artifact.holder == s.index
        out.append(
            SeatView(
                index=s.index,
                name=s.name,
                character=character_name(g, s.index),
                team=status.team(g, s.index),
                alive=s.alive,
                ghost_vote=s.ghost_vote,
                tokens=tuple(TOKEN_SHORT.get(t.shown, t.shown) for t in g.tokens_on(s.index))
                + tuple(r.text for r in g.reminders_on(s.index)),
                artifact=ARTIFACT_SHORT.get(g.artifact.active or "", None) if holds else None,
                drunk=status.is_drunk(g, s.index),
                poisoned=status.is_poisoned(g, s.index),
                why=status.impaired_why(g, s.index),
                evil=s.alignment.value == "evil",
                traveller=s.traveller,
                noted=g.note(s.index) is not None,
            )
        )
    return out


def seat_text(v: SeatView, width: int) -> str:
    """The markup inside one seat box (4 lines)."""
    w = max(4, width)

    def cut(text: str) -> str:
        return text if len(text) <= w else text[: w - 1] + "…"

    mark = "" if v.alive else (" ☠●" if v.ghost_vote else " ☠")
    line1 = f"[b]{esc(cut(f'{v.index + 1} {v.name}{mark}'))}[/b]"
    role = v.character + (" (evil)" if v.evil and v.team in (Team.TOWNSFOLK, Team.OUTSIDER, Team.TRAVELLER) else "")
    line2 = esc(cut(role))
    flags = []
    if v.artifact:
        flags.append(f"◆{v.artifact}")
    if v.drunk:
        flags.append("DRUNK")
    if v.poisoned:
        flags.append("POISON")
    line3 = "[reverse]" + esc(cut(" ".join(flags))) + "[/reverse]" if flags else ""
    marks = ("✎ " if v.noted else "") + ", ".join(v.tokens)
    line4 = esc(cut(marks)) if marks else ""
    return "\n".join((line1, line2, line3, line4))


def esc(text: str) -> str:
    """``text`` shown as it is inside markup (a name with a '[' is not a tag)."""
    return str(text).replace("[", r"\[")


def _unit_superellipse(samples: int = 720) -> tuple[tuple[float, float], ...]:
    out = []
    for k in range(samples):
        t = 2 * math.pi * k / samples - math.pi / 2
        c, s = math.cos(t), math.sin(t)
        out.append((math.copysign(abs(c) ** 0.5, c), math.copysign(abs(s) ** 0.5, s)))
    return tuple(out)


_UNIT_SUPERELLIPSE = _unit_superellipse()  # the same for every table size: computed once


@functools.lru_cache(maxsize=64)
def circle_positions(
    n: int, width: int, height: int, box_w: int, box_h: int
) -> tuple[tuple[int, int], ...]:
    """Top-left corners of ``n`` boxes around the table, seat 1 at the top, clockwise.

    The table is a superellipse (|x|^4 + |y|^4 = 1, a rounded square) filling width x height,
    and the seats are spaced evenly along it measured in box widths and heights, so that
    crowded tables use the corners too.
    """
    cx, cy = (width - box_w) / 2, (height - box_h) / 2
    samples = len(_UNIT_SUPERELLIPSE)
    pts = [(cx + cx * u, cy + cy * v) for u, v in _UNIT_SUPERELLIPSE]
    lengths = [0.0]
    for k in range(1, samples + 1):
        (x0, y0), (x1, y1) = pts[k - 1], pts[k % samples]
        lengths.append(lengths[-1] + math.hypot((x1 - x0) / box_w, (y1 - y0) / box_h))
    out, j = [], 0
    for i in range(n):
        target = lengths[-1] * i / max(1, n)
        while lengths[j + 1] < target:
            j += 1
        out.append((round(pts[j][0]), round(pts[j][1])))
    return tuple(out)


@functools.lru_cache(maxsize=64)
def box_width(n: int, width: int, height: int, box_h: int = 6) -> int:
    """The widest box (22 down to 10 columns) with which no two seats overlap."""
    for w in range(22, 9, -1):
        pos = circle_positions(n, width, height, w, box_h)
        if all(
            abs(pos[i][0] - pos[j][0]) >= w or abs(pos[i][1] - pos[j][1]) >= box_h
            for i in range(n)
            for j in range(i + 1, n)
        ):
            return w
    return 10


def title_line(game: Game) -> str:
    g = game.state
    players = [s for s in g.seats]
    alive = sum(1 for s in players if s.alive)
    phase = {
        Phase.SETUP: "Setup",
        Phase.NIGHT: f"Night {g.night}",
        Phase.DAY: f"Day {g.day}",
        Phase.OVER: "Game over",
    }[g.phase]
    parts = [phase, f"{alive} of {len(players)} alive"]
    if g.phase is Phase.DAY:
        parts.append(f"{day_rules.threshold(g)} votes execute")
    if g.artifact.active:
        parts.append(f"{load_script(g.script_id).character(g.artifact.active).name} active")
    return " · ".join(parts)


def choice_items(game: Game, prompt: Prompt) -> list[tuple[str, object]]:
    """(label, value) for each answer the prompt offers, in the order keys are given."""
    g = game.state
    items: list[tuple[str, object]] = []
    if prompt.kind is AnswerKind.CHOICE:
        items += [(o, o) for o in prompt.options]
    if prompt.kind in (AnswerKind.PLAYER, AnswerKind.PLAYERS, AnswerKind.CHOICE, AnswerKind.ARTIFACT):
        for seat in prompt.choices:
            items.append((f"{g.name(seat)} ({character_name(g, seat)})", seat))
    return items


def token_choices(g: GameState) -> list[tuple[str, tuple[str, str, str | None]]]:
    """Every reminder token of the script, each side of a two-sided one: (label, (name, owner, side))."""
    items = []
    for c in load_script(g.script_id).characters:
        for name in c.reminders:
            for side in tk.SIDES.get(name, (None,)):
                items.append((f"{side or name} ({c.name})", (name, c.id, side)))
    return items


def artifact_label(g: GameState, artifact: str) -> str:
    return load_script(g.script_id).character(artifact).name
