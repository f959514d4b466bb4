"""A seat's card: everything the grimoire knows about one player, in words, from the game.

Plain text (no markup): the app escapes and styles it. The reminder tokens' origins come from
replaying the log, so the card can say which step placed each token, and when.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from grimoire.core import events as ev
from grimoire.core.markup import plain
from grimoire.core.model import GameState, InfoRecord, Phase, Token
from grimoire.core.official import SHORT_ATTRIBUTION
from grimoire.core.script import Script, Team, load_script
from grimoire.core.thinks import thinks_of
from grimoire.core.value import as_tuple, frozen
from grimoire.game import Game
from grimoire.present.phone_cards import told_lines
from grimoire.rules import status, visitors
from grimoire.rules.words import given_words

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

LEARNED_CAVEAT = (
    "Where the storyteller recorded what the player was told, it is shown with the truth beside "
    "it; otherwise the true answer the rules worked out (a drunk or poisoned player may have been told otherwise)."
)

@frozen
class CardSection:
    heading: str
    lines: tuple[str, ...] = attrs.field(converter=as_tuple)
    # Lines that are the script's own texts, with their markup (*TOKEN*, :reminder:) kept for
    # the screen to style; everything else is plain words.
    script_texts: frozenset[int] = frozenset()


@frozen
class SeatCard:
    seat: int
    title: str  # "Seat 3 · Ann"
    sections: tuple[CardSection, ...] = attrs.field(converter=as_tuple)

    def section(self, heading: str) -> CardSection:
        return next(s for s in self.sections if s.heading == heading)

    def text(self) -> str:
        """The whole card as plain text (tests, and anyone who wants it in a file)."""
        out = [self.title]
        for s in self.sections:
            lines = (plain(line) if i in s.script_texts else line for i, line in enumerate(s.lines))
            out += ["", s.heading, *(f"  {line}" for line in lines)]
        return "\n".join(out)


def seat_card(game: Game, seat: int, seen: Mapping[str, str] | None = None) -> SeatCard:
    """``seen``: what the phones said of their cards, not logged yet (grimoire.store.phone_cards)."""
    g = game.state
    cards = told_lines(g, seat, seen)
    s = g.seats[seat]
    script = load_script(g.script_id)
    return SeatCard(
        seat=seat,
        title=f"Seat {seat + 1} · {s.name}",
        sections=(
            CardSection("Character", _character(g, seat, script),
                        script_texts=frozenset() if s.traveller else frozenset({1})),
            CardSection("State", _state(game.rules, g, seat)),
            CardSection("Reminders", _reminders(game, seat, script)),
            *(CardSection(heading, lines) for heading, lines in game.rules.card_sections(g, seat)),
            CardSection("What they learned", _learned(game.rules, g, seat, script)),
            *([CardSection("Cards they were shown", cards)] if cards else []),
            CardSection("Note", _note(g, seat)),
        ),
    )


# --- the parts ------------------------------------------------------------------------------
def _character(g: GameState, seat: int, script: Script) -> list[str]:
    s = g.seats[seat]
    if s.traveller:
        left = ["Left the game."] if s.left else []
        known = visitors.role(s.character, Team.TRAVELLER, script)
        if known is not None:
            return [f"{known.name} (Traveller)", known.ability, f"Alignment: {s.alignment.value}", *left,
                    *[SHORT_ATTRIBUTION] * known.official]
        return [f"{s.character} (Traveller)", "A Traveller: not on this script, the storyteller knows their ability.",
                f"Alignment: {s.alignment.value}", *left]
    c = script.character(s.character)
    team = status.team(g, seat)
    usual = "evil" if team.is_evil else "good"
    lines = [f"{c.name} ({team.label})", c.ability or "(the script gives no ability text)"]
    turned = "" if s.alignment.value == usual else f" (a {team.label} is usually {usual})"
    lines.append(f"Alignment: {s.alignment.value}{turned}")
    thinks = thinks_of(s)
    if thinks is not None and thinks in script.by_id:
        lines.append(f"Thinks they are the {script.character(thinks).name} (woken at its steps, shown it as theirs)")
    if c.official:
        lines.append(SHORT_ATTRIBUTION)
    return lines


def _state(rules: ScriptRules, g: GameState, seat: int) -> list[str]:
    s = g.seats[seat]
    if s.alive:
        lines = ["Alive"]
    else:
        vote = "ghost vote unused" if s.ghost_vote else "ghost vote spent"
        died = _death(g, seat)
        lines = [f"Dead{f' ({died})' if died else ''}, {vote}"]
    why = status.impaired_why(rules, g, seat)
    lines.append(f"Drunk or poisoned: {why}" if why else "Neither drunk nor poisoned")
    if s.ability_lost:
        lines.append("Their ability is lost")
    return lines


def _death(g: GameState, seat: int) -> str:
    """When the player last died, from the nights' and days' records."""
    found = ""
    for night in g.nights:
        if seat in night.deaths:
            found = f"died in night {night.number}"
        day = next((d for d in g.days if d.number == night.number), None)
        if day is None:
            continue
        if day.execution is not None and day.execution.seat == seat and day.execution.died:
            found = f"executed on day {day.number}"
        elif day.execution is not None and day.execution.substitute == seat:
            found = f"died on day {day.number} instead of the Managers"
        elif seat in day.deaths:
            found = f"died on day {day.number}"
    return found


def _reminders(game: Game, seat: int, script: Script) -> list[str]:
    g = game.state
    lines = []
    for token, origin in token_origins(game, seat):
        owner = script.by_id.get(token.owner) or visitors.in_play(g).get(token.owner)
        whose = f"{owner.name}'s token" if owner is not None else f"{token.owner}'s token"
        lines.append(f"{token.shown}: {whose}; {origin}; {token.expiry.words}")
    for r in g.reminders_on(seat):
        lines.append(f"“{r.text}”: the storyteller's own; placed {when_words(r.when)}; stays until removed")
    return lines or ["None"]


def token_origins(game: Game, seat: int) -> list[tuple[Token, str]]:
    """Each reminder token on ``seat`` now, with which step or action put it there, and when.

    The log is replayed from the setup; a token is followed by identity from the moment it
    appears on the seat (placed, moved here from another seat, or turned to its other side).
    """
    script = game.script
    replay = Game(game.setup)
    known: dict[int, tuple[Token, str]] = {id(t): (t, "placed at the setup") for t in replay.state.tokens_on(seat)}
    for event in game.events:
        before = replay.state
        was_here = {(t.name, t.owner): t for t in before.tokens_on(seat)}
        was_elsewhere = {(t.name, t.owner) for t in before.tokens if t.seat != seat}
        replay.apply(event)
        g = replay.state
        for t in g.tokens_on(seat):
            if id(t) in known and known[id(t)][0] is t:
                continue
            kind = (t.name, t.owner)
            if kind in was_here:
                verb = "turned over" if was_here[kind].side != t.side else "renewed"
            elif kind in was_elsewhere:
                verb = "moved here"
            else:
                verb = "placed"
            known[id(t)] = (t, f"{verb} {_when(before, g)}, {_by(event, script, g)}")
    return [(t, known.get(id(t), (t, "from an unknown step"))[1]) for t in replay.state.tokens_on(seat)]


def _when(before: GameState, after: GameState) -> str:
    return when_words((before if after.phase is Phase.OVER else after).moment)


def when_words(moment: str) -> str:
    """A moment of the game inside a sentence: "night 2", "day 1", "before the first night"."""
    return "before the first night" if moment == "Setup" else moment.lower()


def _by(event: ev.Event, script: Script, g: GameState) -> str:
    if isinstance(event, ev.Answer):
        return f"at the {step_title(event.step, script)} step"
    if isinstance(event, ev.StartNight):
        return "at dusk"
    if isinstance(event, ev.PlaceToken):
        return "by the storyteller"
    if isinstance(event, ev.Execute):
        return f"at the execution of {g.name(event.seat)}"
    return f"after: {event.kind.replace('_', ' ')}"


def step_title(step: str, script: Script) -> str:
    if step in ("dusk", "dawn"):
        return step.capitalize()
    if step in ("minioninfo", "demoninfo"):
        return {"minioninfo": "Minion Info", "demoninfo": "Demon Info"}[step]
    c = script.by_id.get(step)
    return c.name if c is not None else step


def _learned(rules: ScriptRules, g: GameState, seat: int, script: Script) -> list[str]:
    lines = []
    for night in g.nights:
        for step in ("minioninfo", "demoninfo", *rules.shows_at):
            if step in night.woke:
                line = _woken_for(rules, g, seat, step, script)
                if line:
                    lines.append(f"Night {night.number}: {line}")
        for record in night.info:
            if record.seat == seat and record.told is not None:  # what was given, and the truth
                chose = f"chose {', '.join(g.name(a) for a in record.about)}; " if record.about else ""
                lines.append(f"Night {night.number}: {chose}{given_words(rules, g, record, 'told ', 'told ')}")
            elif record.seat == seat:
                line = _info_words(rules, g, record, script)
                if line:
                    flag = " (drunk or poisoned then: may have been told otherwise)" if record.impaired else ""
                    lines.append(f"Night {night.number}: {line}{flag}")
    if not lines:
        return ["Nothing recorded yet."]
    return [LEARNED_CAVEAT, *lines]


def _woken_for(rules: ScriptRules, g: GameState, seat: int, step: str, script: Script) -> str:
    s = g.seats[seat]
    if s.traveller:
        return ""
    # By the script's teams (on the Phantom's, the Phantom is the Demon).
    minions = [x.index for x in g.seats if not x.traveller and status.team(g, x.index) is Team.MINION]
    demons = [x.index for x in g.seats if not x.traveller and status.team(g, x.index) is Team.DEMON]
    names = ", ".join(g.name(m) for m in minions) or "nobody"
    if step == "minioninfo" and seat in minions:
        return f"Minion info: the Demon is {', '.join(g.name(d) for d in demons) or 'nobody'}; the Minions are {names}"
    if step == "demoninfo" and seat in demons:
        bluffs = ", ".join(script.character(b).name for b in g.bluffs) or "none chosen in the setup"
        return f"Demon info: the Minions are {names}; not in play: {bluffs}"
    if step not in ("minioninfo", "demoninfo"):
        return rules.woken_words(g, seat, step)
    return ""


def _info_words(rules: ScriptRules, g: GameState, r: InfoRecord, script: Script) -> str:
    own = rules.info_words(g, r, script)
    return own if own is not None else f"true answer: {r.truth}"


def _note(g: GameState, seat: int) -> list[str]:
    note = g.note(seat)
    if note is None:
        return ["None"]
    return [note.text, f"(written {when_words(note.when)})"]
