"""A small picture of the grimoire at dawn: the seats around a circle, as inline SVG for the
HTML session log (no fonts, images or scripts fetched; every name escaped)."""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

from grimoire.core.freetext import printable
from grimoire.core.model import GameState, Seat
from grimoire.core.script import load_script
from grimoire.rules.visitors import traveller_name

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

# The seats sit on an oval taller than wide: names beside the tokens then fit a phone's width.
WIDTH, HEIGHT = 520, 486
CX, CY = WIDTH / 2, HEIGHT / 2
RING_X, RING_Y = 105, 185
TOKEN = 21  # a seat's token
LABEL_CHARS = 11  # longer names are cut in the picture; the text beside it has them whole


def _e(text: str) -> str:
    return html.escape(printable(text))


def _cut(text: str) -> str:
    text = printable(text)
    return text if len(text) <= LABEL_CHARS else text[: LABEL_CHARS - 1] + "…"


def role_name(g: GameState, s: Seat) -> str:
    script = load_script(g.script_id)
    return traveller_name(s.character, script) if s.traveller else script.character(s.character).name


def seat_marks(rules: ScriptRules, g: GameState, s: Seat) -> list[str]:
    """Alive or dead (and the ghost vote), the artifact, drunk, poisoned: as the grimoire shows."""
    if s.left:
        return ["left the game"]
    marks = ["alive" if s.alive else ("dead" + (", ghost vote" if s.ghost_vote else ", vote spent"))]
    held = rules.held(g)
    if held is not None and held.holder == s.index:
        marks.append(f"holds the {held.name or held.noun}")
    if rules.is_drunk(g, s.index):
        marks.append("drunk")
    if rules.is_poisoned(g, s.index):
        marks.append("poisoned")
    return marks


def _label(x: float, y: float, dx: float, dy: float, name: str, role: str) -> str:
    """The name and character beside a token, on the side away from the circle's centre."""
    if dx > 0.35:
        anchor, nx, ny = "start", x + TOKEN + 6, y - 2
    elif dx < -0.35:
        anchor, nx, ny = "end", x - TOKEN - 6, y - 2
    elif dy < 0:
        anchor, nx, ny = "middle", x, y - TOKEN - 19
    else:
        anchor, nx, ny = "middle", x, y + TOKEN + 15
    return (f'<text x="{nx:.1f}" y="{ny:.1f}" text-anchor="{anchor}" class="name">{html.escape(_cut(name))}</text>'
            f'<text x="{nx:.1f}" y="{ny + 13:.1f}" text-anchor="{anchor}" class="role">{html.escape(_cut(role))}</text>')


def _seat(rules: ScriptRules, g: GameState, s: Seat) -> str:
    ring = g.ring  # the seating order: a Traveller who joined sits where the storyteller put them
    angle = -math.pi / 2 + 2 * math.pi * ring.index(s.index) / len(ring)  # the first seat at the top, clockwise
    dx, dy = math.cos(angle), math.sin(angle)
    x, y = CX + RING_X * dx, CY + RING_Y * dy
    role = role_name(g, s)
    marks = seat_marks(rules, g, s)
    side = s.alignment.value
    parts = [f'<g class="seat{"" if s.alive else " dead"}"><title>{s.index + 1} {_e(s.name)}: {_e(role)}, '
             f'{side}; {_e(", ".join(marks))}</title>']
    held = rules.held(g)
    if held is not None and held.holder == s.index:
        parts.append(f'<circle class="holder" cx="{x:.1f}" cy="{y:.1f}" r="{TOKEN + 5}"/>')
    parts.append(f'<circle class="token {side}" cx="{x:.1f}" cy="{y:.1f}" r="{TOKEN}"/>')
    parts.append(f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" class="number">{s.index + 1}</text>')
    badges = [m for m, on in (("D", "drunk" in marks), ("P", "poisoned" in marks)) if on]
    for k, letter in enumerate(badges):
        bx, by = x + TOKEN * 0.85 - k * 20, y - TOKEN * 0.85
        parts.append(f'<circle class="badge {letter}" cx="{bx:.1f}" cy="{by:.1f}" r="10"/>'
                     f'<text x="{bx:.1f}" y="{by + 4.5:.1f}" text-anchor="middle" class="badge-letter">{letter}</text>')
    parts.append(_label(x, y, dx, dy, s.name, role))
    parts.append("</g>")
    return "".join(parts)


def dawn_picture(rules: ScriptRules, g: GameState, day: int) -> str:
    """The table at dawn of ``day`` as an ``<svg>`` element (no namespace needed inside HTML)."""
    alive = sum(s.alive for s in g.seats)
    now = rules.held(g)
    held = "" if now is None or now.holder is None else f"{now.name or now.noun}: {now.holder + 1}"
    label = f"The grimoire at dawn {day}: {alive} of {len(g.ring)} alive" + (f", the {held}" if held else "")
    out = [f'<svg class="dawn" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{_e(label)}">',
           f'<ellipse class="table" cx="{CX}" cy="{CY}" rx="{RING_X}" ry="{RING_Y}"/>',
           f'<text x="{CX}" y="{CY - 6}" text-anchor="middle" class="centre">Dawn {day}</text>',
           f'<text x="{CX}" y="{CY + 14}" text-anchor="middle" class="role">{alive} of {len(g.ring)} alive</text>']
    if held:
        out.append(f'<text x="{CX}" y="{CY + 32}" text-anchor="middle" class="role">★ {_e(held)}</text>')
    out += [_seat(rules, g, g.seats[i]) for i in g.ring]
    out.append("</svg>")
    return "".join(out)


LEGEND = ("Blue: good, red: evil; a grey token is dead. A gold ring (★ in the middle): the artifact's "
          "holder. D: drunk, P: poisoned.")

CSS = """
svg.dawn{width:100%;max-width:32rem;height:auto;display:block;margin:.5rem auto;font-family:inherit}
svg.dawn text{fill:currentColor}svg.dawn .name{font-size:14px;font-weight:600}
svg.dawn .role{font-size:12.5px;opacity:.8}svg.dawn .centre{font-size:18px;font-weight:600}
svg.dawn .table{fill:none;stroke:currentColor;stroke-opacity:.15;stroke-width:2}
svg.dawn .token{stroke:#1d1b26;stroke-width:1.5}svg.dawn .good{fill:#3d6fd6}svg.dawn .evil{fill:#c0392b}
svg.dawn .dead .token{fill:#8d8a95;stroke-dasharray:3 2}svg.dawn .dead text{opacity:.55}
svg.dawn .number{fill:#fff!important;font-size:15px;font-weight:700}
svg.dawn .holder{fill:none;stroke:#d4a017;stroke-width:4}
svg.dawn .badge{stroke:#fff;stroke-width:1}svg.dawn .D{fill:#7b3fa0}svg.dawn .P{fill:#1e8449}
svg.dawn .badge-letter{fill:#fff!important;font-size:13px;font-weight:700}
.legend{font-size:.85rem;opacity:.8;text-align:center;margin-top:0}
"""
