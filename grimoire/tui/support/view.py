"""What the grimoire screen shows, worked out from the game (no Textual here).

Everything derived (drunk, poisoned, on the block, the threshold) comes from the rules
modules; this file only words and arranges it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from grimoire.core.freetext import counted, printable
from grimoire.core.markup import Mark as TextMark
from grimoire.core.markup import segments
from grimoire.core.model import GameState, Phase
from grimoire.core.script import MAIN, Team, load_script
from grimoire.core.value import frozen
from grimoire.game import Game
from grimoire.rules import day as day_rules
from grimoire.rules import status
from grimoire.rules.impairing import DRUNK, POISONED
from grimoire.rules.visitors import in_play as in_play_visitors
from grimoire.rules.visitors import traveller_name
from grimoire.rules.words import option_name
from grimoire.tui.support.choice_keys import Item, letter_keys
from night_order import AnswerKind, Prompt

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

# Letters an option of a night step never takes: the walker's own keys (next, undo, quit, and
# p: the step's card for a player, which must stay one key away at every step).
WALKER_KEYS = "nuqp"


@frozen
class SeatView:
    index: int
    name: str
    character: str
    team: Team
    alive: bool
    ghost_vote: bool
    tokens: tuple[str, ...]
    held: str | None  # the short mark of what a player holds, when this seat holds it
    drunk: bool
    poisoned: bool
    why: str
    evil: bool
    traveller: bool
    noted: bool = False  # the storyteller has a note on this seat
    # Alive, but dead as the town sees it (the script's rules say so: ScriptRules.registers_dead).
    seems_dead: bool = False

    @property
    def dead_to_town(self) -> bool:
        """Drawn as dead: dead, or alive and registering as dead."""
        return not self.alive or self.seems_dead

    @property
    def team_class(self) -> str:
        return f"-{self.team.value}"


def character_name(g: GameState, seat: int) -> str:
    s = g.seats[seat]
    if s.traveller:
        return traveller_name(s.character, load_script(g.script_id))
    return load_script(g.script_id).character(s.character).name


def seat_views(rules: ScriptRules, g: GameState, to_a_player: bool = False) -> list[SeatView]:
    """Each seat as the grimoire draws it; ``to_a_player``: as a player may be shown it (the
    Spy), the tokens on it and nothing the rules work out or the storyteller wrote."""
    out = []
    # The seats anybody or anything makes drunk or poisoned, found once: every other seat is
    # sober and healthy without asking (three questions a seat, at every step, otherwise).
    impaired = set() if to_a_player else {seat for seat, _source in rules.impairments(g)}
    held = rules.held(g)
    short = rules.token_marks
    seems_dead = rules.registers_dead(g)
    for s in g.seats:
        holds = held is not None and bool(held.name) and held.holder == s.index
        hurt = s.index in impaired
        drunk = hurt and rules.is_drunk(g, s.index)
        poisoned = hurt and rules.is_poisoned(g, s.index)
        flagged = {word for word, shown in ((DRUNK, drunk), (POISONED, poisoned)) if shown}
        out.append(
            SeatView(  # the words as drawn (an escape for a control character), cut to fit later
                index=s.index,
                name=printable(s.name),
                character=printable(character_name(g, s.index)),
                team=status.team(g, s.index),
                alive=s.alive,
                ghost_vote=s.ghost_vote,
                tokens=tuple(printable(short.get(t.shown, t.shown)) for t in g.tokens_on(s.index)
                             if not says_the_flag(t.shown, flagged))
                + (() if to_a_player else tuple(printable(r.text) for r in g.reminders_on(s.index))),
                held=held.mark if held is not None and holds else None,
                drunk=drunk,
                poisoned=poisoned,
                why=status.impaired_why(rules, g, s.index) if hurt else "",
                evil=s.alignment.value == "evil",
                traveller=s.traveller,
                noted=not to_a_player and g.note(s.index) is not None,
                seems_dead=s.alive and s.index in seems_dead,
            )
        )
    return out


def says_the_flag(words: str, flagged: set[str]) -> bool:
    """A reminder whose words are only a flag the seat shows ("Drunk" under DRUNK: the
    Sweetheart's, the Philosopher's...): said once, as the flag."""
    return " ".join(words.split()).casefold() in flagged


def seat_text(v: SeatView, width: int) -> str:
    """The markup inside one seat box (4 lines)."""
    w = max(4, width)

    def cut(text: str) -> str:
        return _cut(text, w)

    mark = _dead_mark(v)
    # The name gives way before the death mark does: a long name never hides a death.
    head = f"{v.index + 1} "
    tail = f" {mark}" if mark else ""
    line1 = f"[b]{esc(head + _cut(v.name, w - len(head) - len(tail)) + tail)}[/b]"
    line2 = esc(cut(_role(v)))
    flags = " ".join(_flags(v))
    if len(flags) > w:  # a narrow box: DRK and POIS rather than POISON cut off
        flags = " ".join(_flags(v, short=True))
    line3 = "[reverse]" + esc(cut(flags)) + "[/reverse]" if flags else ""
    marks = ("✎ " if v.noted else "") + ", ".join(v.tokens)
    line4 = esc(cut(marks)) if marks else ""
    return "\n".join((line1, line2, line3, line4))


def esc(text: str) -> str:
    """Outside words (a name, a title, a path) inside markup: shown as written, never as a tag
    ("Hal [/]"), a control character as its escape ("\\x1b"), a line break as "\\n" (markup is
    split into lines after it is made)."""
    words = printable(str(text)).replace("[", r"\[")
    # A backslash at the end would escape the tag that follows ("Bob\\" + "[/b]"): an invisible
    # word joiner (no width) keeps them apart.
    return words + "\u2060" if words.endswith("\\") else words


# The built-in script's title as the app has always shown it (its file says it in capitals).
_TITLES = {MAIN: ("Masquerade — The Phantom of the Opera", "Masquerade")}


def script_title(game: Game, short: bool = False) -> str:
    """The title of the game's script for the screen: the script's own name, escaped by the caller."""
    script = game.script
    full, brief = _TITLES.get(script.id, (script.name, script.name))
    return brief if short else full


def marked(text: str, tokens: Sequence[str] = ()) -> str:
    """A script's text (an ability, a reminder) as markup: *TOKEN* bold, :reminder: as a tag
    naming the token from ``tokens`` it places; the words themselves escaped like any outside words."""
    styles = {TextMark.EMPHASIS: "b", TextMark.REMINDER: "i $accent"}
    return "".join(
        f"[{styles[s.mark]}]{esc(s.text)}[/]" if s.mark in styles else esc(s.text) for s in segments(text, tokens)
    )


def step_tokens(game: Game, step: str) -> tuple[str, ...]:
    """The reminder tokens of a night step's character: the script's, or a visitor's."""
    found = game.script.by_id.get(step) or in_play_visitors(game.state).get(step)
    return found.tokens if found is not None else ()


def _role(v: SeatView) -> str:
    """The character, with the alignment where it is not the character's own: an evil Townsfolk,
    a good Minion or Demon (a player the rules changed, keeping their alignment)."""
    if v.evil and v.team in (Team.TOWNSFOLK, Team.OUTSIDER, Team.TRAVELLER):
        return f"{v.character} (evil)"
    if not v.evil and v.team in (Team.MINION, Team.DEMON):
        return f"{v.character} (good)"
    return v.character


def _flags(v: SeatView, short: bool = False) -> list[str]:
    flags = []
    if v.seems_dead:  # the storyteller's reminder that the seat the town thinks dead still lives
        flags.append("LIVES" if short else "ALIVE: SEEMS DEAD")
    if v.held:
        flags.append(f"◆{v.held}")
    if v.drunk and not says_the_flag(v.character, {DRUNK}):  # the Drunk of any script: their name says it
        flags.append("DRK" if short else "DRUNK")
    if v.poisoned:
        flags.append("POIS" if short else "POISON")
    return flags


def _cut(text: str, width: int) -> str:
    if width <= 0:
        return ""
    return text if len(text) <= width else text[: width - 1] + "…"


def _dead_mark(v: SeatView) -> str:
    """☠ dead (● with a ghost vote); ☠♥ dead to the town, and alive."""
    if v.seems_dead:
        return "☠♥"
    return "" if v.alive else ("☠●" if v.ghost_vote else "☠")


def seat_row_text(v: SeatView, width: int, lines: int) -> str:
    """The markup of one seat drawn as a row (``lines`` of 1 or 2, ``width`` cells, no border).

    Seat number, name and whether dead first, in columns that line up from row to row; then
    the character; then the marks (drunk, poisoned, what a player holds) and the tokens as room allows.
    With one line the marks keep to the right-hand end, shortened before the character is.
    """
    w = max(8, width)
    name_w = max(4, min(10, (w - 5) // 5))
    head = f"{v.index + 1:>2} {_cut(v.name, name_w):<{name_w}} {_dead_mark(v):<2} "
    rest = w - len(head)
    role = _role(v)
    tokens = ("✎ " if v.noted else "") + ", ".join(v.tokens)
    if lines >= 2:
        flags = " ".join(_flags(v))
        second_w = w - 3
        shown = _cut(flags, second_w)
        after = _cut(tokens, second_w - len(shown) - (1 if shown else 0)) if tokens else ""
        line2 = "   " + (f"[reverse]{esc(shown)}[/reverse]" if shown else "") + (" " if shown and after else "") + esc(after)
        return f"[b]{esc(head)}[/b]{esc(_cut(role, rest))}\n{line2}"
    flags = " ".join(_flags(v))
    if flags and len(flags) + 1 + min(len(role), 10) > rest:
        flags = " ".join(_flags(v, short=True))
    flags = _cut(flags, rest)
    room = rest - (len(flags) + 1 if flags else 0)
    role = _cut(role, room)
    room -= len(role)
    after = _cut(tokens, room - 2) if tokens and room >= 6 else ""
    gap = rest - len(role) - len(flags) - (len(after) + 2 if after else 0)
    body = esc(role) + (f"  {esc(after)}" if after else "") + " " * max(0, gap)
    return f"[b]{esc(head)}[/b]{body}" + (f"[reverse]{esc(flags)}[/reverse]" if flags else "")


def title_line(game: Game) -> str:
    g = game.state
    players = [g.seats[i] for i in g.ring]  # a Traveller who left is no longer at the table
    seems_dead = game.rules.registers_dead(g)  # counted as the town counts them: dead
    alive = sum(1 for s in players if s.alive and s.index not in seems_dead)
    phase = {
        Phase.SETUP: "Setup",
        Phase.NIGHT: f"Night {g.night}",
        Phase.DAY: f"Day {g.day}",
        Phase.OVER: "Game over",
    }[g.phase]
    parts = [phase, f"{alive} of {len(players)} alive"]
    if g.phase is Phase.DAY:
        parts.append(f"{counted(day_rules.threshold(game.rules, g), 'vote')} to execute")
    held = game.rules.held(g)
    if held is not None and held.name:
        parts.append(f"{held.name} active")
    return " · ".join(parts)


def seat_label(index: int, name: str, character: str) -> str:
    """A seat as every list shows it: "12 Lou (Usher)" (the number drawn on the circle)."""
    return f"{index + 1} {name} ({character})"


def seat_item(g: GameState, seat: int, extra: str = "", value: object = None) -> Item:
    """A list row for one seat of the game; its number picks it."""
    name, character = g.seats[seat].name, character_name(g, seat)
    return Item(seat_label(seat, name, character) + extra, seat if value is None else value,
                seat=seat, names=(name, character))


def option_items(labels: Sequence[tuple[str, object]], reserved: str = "") -> list[Item]:
    """Rows that are not seats, each with its letter."""
    keys = letter_keys([label for label, _ in labels], reserved)
    return [Item(label, value, key=key) for (label, value), key in zip(labels, keys)]


def choice_items(game: Game, prompt: Prompt) -> list[Item]:
    """The answers the prompt offers: its options (letters), then its seats (numbers)."""
    g = game.state
    items: list[Item] = []
    if prompt.kind in (AnswerKind.CHOICE, AnswerKind.PLAYERS):
        # An option that is a character of the script (the Courtier's choice) by its name; a
        # choice of several players may offer a word instead ("none": they might not choose).
        known = load_script(g.script_id).by_id
        items += option_items([(known[o].name if o in known else o, o) for o in prompt.options], WALKER_KEYS)
    if prompt.kind in (AnswerKind.PLAYER, AnswerKind.PLAYERS, AnswerKind.CHOICE, AnswerKind.OPTION_AND_PLAYER):
        # A dead player may be a night's choice (a thing passed, the Demon's kill): said.
        items += [seat_item(g, seat, "" if g.seats[seat].alive else " — dead") for seat in prompt.choices]
    return items


def pair_option_items(game: Game, prompt: Prompt) -> list[Item]:
    """The options of an answer of an option and a player, each with its letter ("a" still
    cycles them)."""
    g = game.state
    return option_items([(option_name(g, o), o) for o in prompt.options], WALKER_KEYS + "a")


def pair_option_rows(game: Game, prompt: Prompt) -> list[Item]:
    """The options of a player-first answer, asked after its player: no letters (a long list's
    letters say nothing), found by typing their names."""
    g = game.state
    return [Item(option_name(g, o), o, names=(option_name(g, o),)) for o in prompt.options]


def token_choices(rules: ScriptRules, g: GameState) -> list[tuple[str, tuple[str, str, str | None]]]:
    """The reminder tokens on offer, each side of a two-sided one: (label, (name, owner, side)).
    The Phantom's rules may need any of its script's; another script offers the tokens of the
    characters in play and every global one (a character's token used whoever is in play)."""
    script = load_script(g.script_id)
    every = rules.automated
    in_play = {s.character for s in g.seats}
    items = []
    for c in script.characters:
        names = (c.reminders if every or c.id in in_play else ()) + c.reminders_global
        for name in dict.fromkeys(names):
            for side in rules.token_sides.get(name, (None,)):
                items.append((f"{side or name} ({c.name})", (name, c.id, side)))
    for c in in_play_visitors(g).values():  # the Travellers' and the Fabled's, from the official data
        if c.id not in script.by_id:
            items += [(f"{name} ({c.name})", (name, c.id, None)) for name in dict.fromkeys(c.reminders + c.reminders_global)]
    return items
