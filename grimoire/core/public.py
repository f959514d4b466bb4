"""What the players may see: the town square's view of a game, and its text layout.

Built only from public facts (names, seats, alive or dead as announced, ghost votes, the
phase, today's nominations and votes). Characters, alignments, tokens and the artifact's
holder never enter it, until a team has won and the storyteller shows the reveal: then, and
only then, the reveal's words do.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Any

from grimoire.core.freetext import counted, printable
from grimoire.core.model import GameState, Phase
from grimoire.core.script import load_script
from grimoire.core.value import frozen


@frozen
class PublicSeat:
    name: str
    alive: bool
    ghost_vote: bool
    traveller: bool
    number: int = 0  # as drawn on the grimoire's circle (a Traveller who joined takes the next)
    character: str = ""  # a Traveller's character, which is public; nobody else's ever is


@frozen
class PublicNomination:
    nominator: str
    nominee: str
    votes: int | None  # None while the vote is under way
    voters: tuple[str, ...] = ()  # the hands raised, as the storyteller counted them
    # The same seats by number (a page links them to the circle; names may be alike).
    nominator_number: int = 0
    nominee_number: int = 0
    voter_numbers: tuple[int, ...] = ()
    # A secret vote (a character's ``hidden`` vote special): counted, its hands and tally never
    # shown (``votes`` None, no voters). A weighted count is never shown either: ``votes`` is the
    # hands raised, as the town saw them.
    hidden: bool = False

    @property
    def waiting(self) -> bool:
        """The vote is still to be counted."""
        return self.votes is None and not self.hidden


@frozen
class PublicDay:
    """One day as the town saw it: its nominations and votes, and who was executed."""

    number: int
    nominations: tuple[PublicNomination, ...] = ()
    executed: str = ""
    executed_number: int = 0
    executed_died: bool = True  # False: executed, and still alive (the town saw them live)


@frozen
class PublicReveal:
    """The reveal in words, as the players see it once the storyteller shows it (in the summary:
    the circle keeps to names, whose labels would not fit beside a character's)."""

    result: str  # "Good wins: the Phantom (Dan) is dead": the reason may name anyone now
    sections: tuple[tuple[str, tuple[str, ...]], ...]  # (heading, lines)


@frozen
class PublicView:
    title: str
    phase: str  # "setup", "night", "day" or "over"
    number: int
    seats: tuple[PublicSeat, ...]
    nominations: tuple[PublicNomination, ...] = ()
    votes_needed: int = 0
    alive: int = 0
    announced: str = ""  # the line of what the rules let the players know is in play (never its holder)
    died_last_night: tuple[str, ...] = ()
    on_the_block: str = ""  # today's leading nominee, with enough votes and no tie
    executed: str = ""
    result: str = ""
    fabled: tuple[str, ...] = ()  # the Fabled in play: public, the players know them
    reveal: PublicReveal | None = None
    # The seats named above, by number: who died last night, on the block, executed (0: nobody).
    died_numbers: tuple[int, ...] = ()
    on_the_block_number: int = 0
    executed_number: int = 0
    # The script's jinxes (first, second, how), once the Djinn is in play: its ability makes
    # them public.
    jinxes: tuple[tuple[str, str, str], ...] = ()
    days: tuple[PublicDay, ...] = ()  # every day so far, the first first (today's too, as it goes)


def public_view(g: GameState, reveal: PublicReveal | None = None, announced: str = "",
                registers_dead: Collection[int] = ()) -> PublicView:
    """The players' view of ``g``. ``reveal`` (grimoire.present.reveal.public_reveal) is shown
    only if a team has won and the storyteller has chosen to show it; never otherwise.
    ``announced``: the line of what the script's rules let the players know is in play
    (``grimoire.rules.words.announced_line``), never who holds it. ``registers_dead``:
    the living players the rules have register as dead (the Zombuul), shown dead as the town was
    told (``ScriptRules.registers_dead``)."""
    script = load_script(g.script_id)
    if g.winner is None or not g.reveal_shown:
        reveal = None
    # Deaths tonight are announced at dawn: until then the square shows them alive.
    hidden = set(g.nights[-1].deaths) if g.phase is Phase.NIGHT and g.nights else set()
    seats = tuple(
        PublicSeat(s.name, (s.alive and s.index not in registers_dead) or s.index in hidden,
                   s.ghost_vote or s.index in hidden, s.traveller,
                   s.index + 1, _character_name(script, s.character) if s.traveller else "")
        for s in (g.seats[i] for i in g.ring)  # clockwise, as they sit; one who left is gone
    )
    alive = sum(1 for s in seats if s.alive)
    nominations: tuple[PublicNomination, ...] = ()
    died: tuple[str, ...] = ()
    died_seats: tuple[int, ...] = ()
    executed = ""
    executed_seat: int | None = None
    if g.phase in (Phase.DAY, Phase.OVER) and g.today is not None and g.today.number == g.day:
        nominations = tuple(_nomination(g, n) for n in g.today.nominations)
        night = next((n for n in g.nights if n.number == g.day), None)
        died_seats = tuple(night.deaths) if night else ()
        died = tuple(g.name(d) for d in died_seats)
        if g.today.execution is not None:
            executed_seat = g.today.execution.seat
            executed = g.name(executed_seat)
    result = ""
    if g.winner is not None:
        result = reveal.result if reveal is not None else f"{g.winner.value.capitalize()} wins"
    number = g.night if g.phase is Phase.NIGHT else g.day
    needed = (alive + 1) // 2
    block_seat = None
    if not executed and g.today is not None and nominations and not any(n.hidden for n in g.today.nominations):
        block_seat = _block_seat(g.today.nominations, needed)  # weighed as counted, never a count shown
    block = "" if block_seat is None else g.name(block_seat)
    block_number = 0 if block_seat is None else block_seat + 1
    return PublicView(
        title=script.name,
        phase=g.phase.value,
        number=number,
        seats=seats,
        nominations=nominations,
        votes_needed=needed,
        alive=alive,
        announced=announced,
        died_last_night=died,
        on_the_block=block,
        executed=executed,
        result=result,
        reveal=reveal,
        fabled=tuple(_character_name(script, f) for f in g.fabled),
        died_numbers=tuple(d + 1 for d in died_seats),
        on_the_block_number=block_number,
        executed_number=0 if executed_seat is None else executed_seat + 1,
        jinxes=_public_jinxes(script) if "djinn" in g.fabled else (),
        days=_days(g),
    )


def _nomination(g: GameState, n: Any) -> PublicNomination:
    if n.hidden:
        return PublicNomination(g.name(n.nominator), g.name(n.nominee), None, (), n.nominator + 1, n.nominee + 1,
                                hidden=True)
    return PublicNomination(
        g.name(n.nominator), g.name(n.nominee), None if n.votes is None else len(n.votes),
        tuple(g.name(v) for v in n.votes or ()),
        n.nominator + 1, n.nominee + 1, tuple(v + 1 for v in n.votes or ()),
    )


def _days(g: GameState) -> tuple[PublicDay, ...]:
    """The days so far as the town saw them (a night's deaths are not a day's)."""
    out = []
    for day in g.days:
        execution = day.execution
        out.append(PublicDay(
            day.number, tuple(_nomination(g, n) for n in day.nominations),
            executed="" if execution is None else g.name(execution.seat),
            executed_number=0 if execution is None else execution.seat + 1,
            executed_died=execution is None or execution.died,
        ))
    return tuple(out)


def _block_seat(nominations: Any, needed: int) -> int | None:
    """As grimoire.rules.day.on_the_block: the most votes as counted, enough and no tie."""
    counted = [(n.count, n.nominee) for n in nominations if n.count is not None]
    if not counted:
        return None
    best = max(v for v, _ in counted)
    leaders = [seat for v, seat in counted if v == best]
    return leaders[0] if best >= needed and len(leaders) == 1 else None


def _character_name(script: Any, char_id: str) -> str:
    found = script.by_id.get(char_id)
    return found.name if found is not None else _fabled_name(char_id)


def _public_jinxes(script: Any) -> tuple[tuple[str, str, str], ...]:
    """Every jinx of the script (the Djinn's ability: all players know them)."""
    def name(char_id: str) -> str:
        return _character_name(script, char_id)

    return tuple((name(j.first), name(j.second), j.reason) for j in script.jinxes)


def _fabled_name(char_id: str) -> str:
    from grimoire.core.official import in_play  # the data file is read once, as scripts read it

    data = in_play()
    found = data.role(char_id) if data is not None else None
    return found.name if found is not None else char_id


def seat_label(seat: PublicSeat) -> str:
    """A seat's words on the square (a control character in a name as its escape: "\\x1b")."""
    name = printable(seat.name)
    if seat.alive:
        return name
    return f"{name} † {'(vote)' if seat.ghost_vote else '(no vote)'}"


def circle_lines(view: PublicView, width: int, height: int) -> list[str]:
    """The seats around an ellipse in a width x height character grid (seat 0 at the top)."""
    grid = [[" "] * width for _ in range(height)]
    n = len(view.seats)
    cx, cy = width / 2, height / 2
    rx, ry = max(1.0, width / 2 - 12), max(1.0, height / 2 - 1)
    for i, seat in enumerate(view.seats):
        angle = -math.pi / 2 + 2 * math.pi * i / max(n, 1)
        label = seat_label(seat)
        x = int(round(cx + rx * math.cos(angle) - len(label) / 2))
        y = int(round(cy + ry * math.sin(angle)))
        x = max(0, min(width - len(label), x))
        y = max(0, min(height - 1, y))
        for j, ch in enumerate(label[: width - x]):
            grid[y][x + j] = ch
    return ["".join(row).rstrip() for row in grid]


def summary_lines(view: PublicView) -> list[str]:
    phase = {"setup": "Before the first night", "night": f"Night {view.number}", "day": f"Day {view.number}",
             "over": "The game is over"}[view.phase]
    lines = [f"{view.title} — {phase}"]
    # The town's count and the votes an execution needs: no vote is left once the game is over.
    lines.append(f"{view.alive} alive" if view.phase == "over"
                 else f"{view.alive} alive · {counted(view.votes_needed, 'vote')} to execute")
    if view.announced:
        lines.append(view.announced)
    if view.fabled:
        lines.append("Fabled in play: " + ", ".join(view.fabled))
    if view.died_last_night:
        lines.append("Died last night: " + ", ".join(view.died_last_night))
    elif view.phase == "day":
        lines.append("Nobody died last night")
    ghosts = [s.name for s in view.seats if not s.alive and s.ghost_vote]
    if ghosts and view.phase != "over":
        lines.append("Ghost votes left: " + ", ".join(ghosts))
    if view.nominations:
        lines.append("Nominations today:")
        for n in view.nominations:
            if n.hidden:
                lines.append(f"  {n.nominator} → {n.nominee}: a secret vote")
                continue
            if n.votes is None:
                lines.append(f"  {n.nominator} → {n.nominee}: voting now")
                continue
            # The hands raised, never a count: a weighted vote's count is the grimoire's alone.
            lines.append(f"  {n.nominator} → {n.nominee}: {n.votes} hand{'s' if n.votes != 1 else ''}")
            if n.voters:
                lines.append("    " + ", ".join(n.voters))
    if view.on_the_block:
        lines.append(f"On the block: {view.on_the_block}")
    if view.executed:
        lines.append(f"Executed today: {view.executed}")
    if view.result:
        lines.append(view.result)
    if view.reveal is not None:
        for heading, body in view.reveal.sections:
            lines += ["", heading.upper(), *body]
    return [printable(line) for line in lines]
