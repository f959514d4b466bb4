"""The game told in plain words, night by night and day by day, from the folded state.

Used by the app's log panel and by the session-log export; secrets included (it is the
storyteller's record).
"""

from __future__ import annotations

from grimoire.core.model import Aside, DayState, GameState, NightRecord, Transfer, TransferKind
from grimoire.core.script import load_script
from grimoire.rules.deaths import execution_outcome

_TRANSFER_WORDS = {
    TransferKind.INITIAL_GIFT: "{a} (the Phantom) gave the {art} to {b}",
    TransferKind.HOLDER_PASS: "{a} passed the {art} to {b}",
    TransferKind.MEG_PASS: "{a} (Meg) passed it to {b}",
    TransferKind.MIRROR_REDIRECT: "it moved from {a} (Mirror Keeper) to {b}",
    TransferKind.MINION_BOUNCE: "it bounced from {a} to {b}",
    TransferKind.STAGE_DESIGNER_MOVE: "the Stage Designer moved it from {a} to {b}",
    TransferKind.RETURN_AFTER_EXECUTION: "it returned from {a} to {b} after the execution",
    TransferKind.RETURN_DEAD_HOLDER: "it returned from the dead holder {a} to {b}",
    TransferKind.STORYTELLER_MOVE: "the storyteller moved it from {a} to {b}",
}


def artifact_name(g: GameState) -> str:
    if g.artifact.active is None:
        return "artifact"
    return load_script(g.script_id).character(g.artifact.active).name


def transfer_line(g: GameState, t: Transfer) -> str:
    return _TRANSFER_WORDS[t.kind].format(a=seat_name(g, t.frm), b=seat_name(g, t.to), art=artifact_name(g))


def seat_name(g: GameState, seat: int | None) -> str:
    """A player as the log names them: with the number of their seat on the circle, "12 Lou"."""
    return "nobody" if seat is None else f"{seat + 1} {g.seats[seat].name}"


def who(g: GameState, seat: int) -> str:
    s = g.seats[seat]
    script = load_script(g.script_id)
    role = s.character if s.traveller else script.character(s.character).name
    return f"{seat_name(g, seat)} ({role})"


def night_lines(g: GameState, night: NightRecord) -> list[str]:
    lines = []
    claque = g.seat_of("claque")
    if night.number == 1 and "claque" in night.woke and claque is not None and g.claque_direction:
        way = "clockwise" if g.claque_direction == 1 else "anticlockwise"
        first = (claque.index + g.claque_direction) % len(g.seats)
        lines.append(f"The Claque's drunkenness goes {way}: {seat_name(g, first)} is drunk first.")
    moves = [t for t in g.artifact.history if t.night == night.number and t.kind is not TransferKind.STORYTELLER_MOVE]
    if moves:
        path = "; ".join(transfer_line(g, t) for t in moves)
        lines.append(f"The artifact: {path}.")
    for record in night.info:
        if record.character == "phantom" and record.truth is not None:
            lines.append(f"The Phantom was shown {seat_name(g, record.truth)} holding the artifact.")
        elif record.character in ("sorelli", "usher", "persian", "monsieur_reyer", "inspector_mifroid"):
            flag = " (drunk or poisoned: may have been told otherwise)" if record.impaired else ""
            chose = f" chose {', '.join(seat_name(g, a) for a in record.about)} and" if record.about else ""
            truth = record.truth
            if record.character == "inspector_mifroid":
                truth = " or ".join(map(str, truth))
            lines.append(f"{who(g, record.seat)}{chose} learned: {truth}{flag}.")
        elif record.character == "madame_giry" and record.about:
            lines.append(f"{who(g, record.seat)} was shown {', '.join(seat_name(g, a) for a in record.about)}.")
        elif record.character == "mirror_keeper" and record.receipt:
            lines.append(f"{who(g, record.seat)} was told the artifact moved to {seat_name(g, record.truth)}.")
        elif record.character == "chandelier_rigger":
            lines.append(f"{who(g, record.seat)} learned their help worked.")
        elif record.character == "auctioneer":
            passer, first = record.truth
            first_name = load_script(g.script_id).character(first).name if first else "nobody"
            flag = " (drunk)" if record.impaired else ""
            lines.append(f"{who(g, record.seat)} learned: passed by {seat_name(g, passer)}, first holder the {first_name}{flag}.")
    if night.deaths:
        lines.append("Died in the night: " + ", ".join(who(g, d) for d in night.deaths) + ".")
    return lines


def day_lines(g: GameState, day: DayState) -> list[str]:
    lines = []
    for character in day.declarations:
        seat = g.seat_of(character)
        if seat is None:
            continue
        if character == "christine_daae":
            lines.append(f"{seat_name(g, seat.index)} declared “I unmask the Phantom”.")
        else:
            lines.append(f"{seat_name(g, seat.index)} declared they will perform tonight.")
    for n in day.nominations:
        votes = "" if n.votes is None else f": {len(n.votes)} vote(s)" + (f" ({', '.join(seat_name(g, v) for v in n.votes)})" if n.votes else "")
        lines.append(f"{seat_name(g, n.nominator)} nominated {seat_name(g, n.nominee)}{votes}.")
    for seat in day.exiles:
        lines.append(f"{seat_name(g, seat)} was exiled.")
    ex = day.execution
    if ex is not None:
        if ex.died:
            lines.append(f"{who(g, ex.seat)} was executed and died.")
        else:
            lines.append(f"{who(g, ex.seat)} was executed and {execution_outcome(ex)}.")
        if ex.substitute is not None:
            lines.append(f"{who(g, ex.substitute)} died instead.")
    elif day.nominations and _day_over(g, day):
        lines.append("Nobody was executed.")
    others = [d for d in day.deaths if ex is None or d != ex.seat]
    if others and (ex is None or ex.substitute is None):
        lines.append("Died today: " + ", ".join(who(g, d) for d in others) + ".")
    return lines


def _day_over(g: GameState, day: DayState) -> bool:
    return g.night > day.number or g.winner is not None


def aside_line(g: GameState, aside: Aside) -> str:
    """A storyteller's note or reminder as a line of the log (their words in quotes)."""
    name = g.name(aside.seat)
    if aside.kind == "note":
        return f"Note on {name}: “{aside.text}”." if aside.text else f"The note on {name} was cleared."
    if aside.kind == "reminder":
        return f"Reminder “{aside.text}” placed on {name}."
    return f"Reminder “{aside.text}” removed from {name}."


SETUP_HEADING = "Before the first night"


def story(g: GameState, last_nights: int | None = None) -> list[tuple[str, list[str]]]:
    """(heading, lines) for every night and day so far (or the last few), in order."""
    out: list[tuple[str, list[str]]] = []
    asides: dict[str, list[str]] = {}
    for aside in g.asides:
        asides.setdefault(SETUP_HEADING if aside.when == "Setup" else aside.when, []).append(aside_line(g, aside))
    days = {d.number: d for d in g.days[-(last_nights or len(g.days) or 1):]}
    nights = g.nights if last_nights is None else g.nights[-last_nights:]
    if SETUP_HEADING in asides and len(nights) == len(g.nights):
        out.append((SETUP_HEADING, asides[SETUP_HEADING]))
    for night in nights:
        out.append((f"Night {night.number}", night_lines(g, night) + asides.get(f"Night {night.number}", [])))
        if night.number in days:
            out.append((f"Day {night.number}", day_lines(g, days[night.number]) + asides.get(f"Day {night.number}", [])))
    if g.winner is not None:
        out.append(("Result", [f"{g.winner.value.capitalize()} wins: {g.win_reason}."]))
    return out


def recent_lines(g: GameState, limit: int = 12) -> list[str]:
    """The newest lines of the story, each prefixed with its night or day."""
    lines: list[str] = []
    span = 2
    while len(lines) < limit and span <= 2 * max(len(g.nights), 1):
        lines = [f"{heading} — {line}" for heading, body in story(g, last_nights=span) for line in body]
        span *= 2  # the newest nights are enough unless they were quiet
    return lines[-limit:]
