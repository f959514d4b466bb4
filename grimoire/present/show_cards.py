"""The cards the storyteller turns to a player: what the night's reminders say to show, in words.

Which card a night step offers is decided here (``step_cards``), from the walker's prompt and
the game: the reminders that say to show or point to something (Minion Info, Demon Info), the
script's rules' own steps (``ScriptRules.step_cards``), and what an information character is
told (``ToldShapes.card``: the truth, or the answer the storyteller chooses). The words
are plain (no markup); ``card_rows`` lays a card out for a screen of a given size.
A card never changes the game: it only reads it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from grimoire.core.freetext import clean, printable
from grimoire.core.model import GameState
from grimoire.core.script import Character, Team, load_script
from grimoire.core.value import frozen
from grimoire.present.block_font import Size, cells, render, wrap
from grimoire.rules import status
from grimoire.rules import told as told_rules
from grimoire.rules.cards import YOU_ARE, Block, ShowCard, seat_words, you_are
from grimoire.rules.visitors import in_play
from night_order import Prompt

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

# Kinds of card every game has (also the words the tests check); a script's rules have their own.
DEMON = "demon"
MINIONS = "minions"
BLUFFS = "bluffs"
CHARACTER = "character"  # any one character: its name, team and ability
CHARACTERS = "characters"  # several characters at once (bluffs chosen by hand)
TEXT = "text"  # the storyteller's own words
TEXT_LIMIT = 200  # a free-text card's words, at most (it is read from across a table)


@frozen
class InfoToken:
    """One of the official info tokens, as a card: its words, and what the storyteller points
    to with it ("" nothing, "character", "characters", "players"; "you_are": a character, or
    good or evil)."""

    kind: str
    words: str
    takes: str


INFO_TOKENS = (
    InfoToken("selected", "This character selected you", "character"),
    InfoToken("player_is", "This player is", "character"),
    InfoToken("voted", "Did you vote today?", ""),
    InfoToken("use_ability", "Use your ability?", ""),
    InfoToken("nominated", "Did you nominate today?", ""),
    InfoToken(YOU_ARE, "You are", "you_are"),
    InfoToken(DEMON, "This is the Demon", "players"),
    InfoToken(MINIONS, "These are your Minions", "players"),
    InfoToken(BLUFFS, "These characters are not in play", "characters"),
)
TOKEN_WORDS = {t.kind: t.words for t in INFO_TOKENS}
ALIGNMENTS = ("Good", "Evil")  # what "You are" may show besides a character


def _seat_words(g: GameState, seat: int | None) -> str:
    return seat_words(g, seat)


def _character_name(g: GameState, character: str | None) -> str:
    if character is None:
        return "nobody"
    script = load_script(g.script_id)
    return script.character(character).name if character in script.by_id else character


def _minions(g: GameState) -> list[int]:
    return [s.index for s in g.seats if not s.traveller and status.team(g, s.index) is Team.MINION]


# --- the cards ----------------------------------------------------------------------------------
def _demons(g: GameState) -> list[int]:
    return [s.index for s in g.seats if not s.traveller and status.team(g, s.index) is Team.DEMON]


def this_is_the_demon(g: GameState) -> ShowCard | None:
    demons = _demons(g)  # by the script's teams (on the Phantom's, the Phantom)
    if not demons:
        return None
    return ShowCard(DEMON, TOKEN_WORDS[DEMON],
                    (Block("headline", TOKEN_WORDS[DEMON]), *(Block("big", _seat_words(g, d)) for d in demons)))


def your_minions(g: GameState) -> ShowCard | None:
    minions = _minions(g)
    if not minions:
        return None
    return ShowCard(MINIONS, TOKEN_WORDS[MINIONS],
                    (Block("headline", TOKEN_WORDS[MINIONS]), *(Block("big", _seat_words(g, m)) for m in minions)))


def not_in_play(g: GameState) -> ShowCard | None:
    if not g.bluffs:
        return None
    return ShowCard(BLUFFS, TOKEN_WORDS[BLUFFS],
                    (Block("headline", TOKEN_WORDS[BLUFFS]),
                     *(Block("big", _character_name(g, b)) for b in g.bluffs)))


# --- cards the storyteller makes up: any character, several, words, an info token -----------
def card_characters(g: GameState) -> list[Character]:
    """The characters a card may show: the script's, in its order, then the Travellers at the
    table and the Fabled in play that are not on it."""
    script = load_script(g.script_id)
    out = list(script.characters)
    out += [c for i, c in in_play(g).items() if i not in script.by_id]
    return out


def _character(g: GameState, character: str) -> Character | None:
    return next((c for c in card_characters(g) if c.id == character), None)


def _name(g: GameState, character: str) -> str:
    found = _character(g, character)
    return found.name if found is not None else character


def character_card(g: GameState, character: str) -> ShowCard:
    """One character: its name in large letters, its team and its ability."""
    found = _character(g, character)
    if found is None:
        return ShowCard(CHARACTER, character, (Block("big", character),))
    blocks = [Block("big", found.name), Block("text", found.team.label)]
    if found.ability:
        blocks.append(Block("text", found.ability))
    return ShowCard(CHARACTER, found.name, blocks)


def characters_card(g: GameState, characters: Sequence[str]) -> ShowCard:
    """Several characters on one card, each name in large letters, in the order chosen."""
    names = [_name(g, c) for c in characters]
    return ShowCard(CHARACTERS, ", ".join(names), tuple(Block("big", n) for n in names))


def text_card(words: str) -> ShowCard | None:
    """The storyteller's own words, in large letters: on one line, without any control
    character, at most ``TEXT_LIMIT`` characters (None: nothing left to show)."""
    text = clean(words)[:TEXT_LIMIT].strip()
    if not text:
        return None
    return ShowCard(TEXT, f"“{text}”", (Block("big", text),))


def token_card(g: GameState, token: InfoToken, seats: Sequence[int] = (), characters: Sequence[str] = (),
               alignment: str | None = None) -> ShowCard:
    """An official info token as a card: its words, then the players, characters or alignment
    the storyteller points to with it."""
    blocks = [Block("headline", token.words)]
    blocks += [Block("big", seat_words(g, s)) for s in seats]
    blocks += [Block("big", _name(g, c)) for c in characters]
    if alignment is not None:
        blocks.append(Block("big", alignment))
    return ShowCard(token.kind, token.words, blocks)


# --- which cards, when --------------------------------------------------------------------------
def step_cards(rules: ScriptRules, g: GameState, prompt: Prompt | None) -> tuple[ShowCard, ...]:
    """The cards the night step shows, in the order its reminder shows them (none: nothing to
    show at this step)."""
    if prompt is None:
        return ()
    step = prompt.step
    cards: list[ShowCard | None] = []
    if step == "minioninfo":
        # "point to the other Minions": a lone Minion has none to be shown
        cards = [this_is_the_demon(g), your_minions(g) if len(_minions(g)) > 1 else None]
    elif step == "demoninfo":
        cards = [your_minions(g), not_in_play(g)]
    else:
        cards = list(rules.step_cards(g, prompt))
    record = prompt.informs
    if told_rules.tells(record, rules) and not answer_asked(rules, g, prompt):
        # What the player is told, where the truth is the answer: the same card the phone is sent.
        told = told_card(rules, g, prompt, told_rules.true_answer(rules, record, g))
        if told is not None and not any(c is not None and c.kind == told.kind for c in cards):
            cards.append(told)
    return tuple(c for c in cards if c is not None)


def answer_asked(rules: ScriptRules, g: GameState, prompt: Prompt | None) -> bool:
    """The step tells a player something and asks which answer was given (they are drunk or
    poisoned, several answers are true, or the rules refuse the truth): its card waits for it."""
    record = prompt.informs if prompt is not None else None
    # As the walker asks it (grimoire.tui.support.told_items.asks_told): the same three reasons.
    return told_rules.tells(record, rules) and (bool(record.impaired) or told_rules.open_answer(rules, record)
                                                or told_rules.must_lie(rules, g, record))


def told_card(rules: ScriptRules, g: GameState, prompt: Prompt | None, value: object) -> ShowCard | None:
    """The card of ``value`` told to the step's player (the rules' told answers make it;
    None: the step tells nobody anything)."""
    record = prompt.informs if prompt is not None else None
    if not told_rules.tells(record, rules):
        return None
    own = told_rules.told_for(rules, record.character)
    return None if own is None else own.card(g, record, value)


def cards_now(rules: ScriptRules, g: GameState, prompt: Prompt | None) -> list[ShowCard]:
    """Every card the storyteller may show now: the step's first, then the team's and the
    bluffs, then "You are…" for each seat."""
    out = list(step_cards(rules, g, prompt))
    kinds = {c.kind for c in out}
    for extra in (this_is_the_demon(g), your_minions(g), not_in_play(g), *rules.table_cards(g)):
        if extra is not None and extra.kind not in kinds:
            out.append(extra)
    out += [you_are(g, s.index) for s in g.seats]
    return out


# --- laying a card out -------------------------------------------------------------------------
@frozen
class Row:
    text: str  # already centred in the width; outside words made printable
    role: str  # the block's role ("headline", "big", "text"), or "" for a blank row
    size: Size = Size.NORMAL


TEXT_WIDTH = 72  # an ability's lines at most this long

# Sizes to try, largest first: (headlines, who or what). The names matter most, so they keep
# their size longest.
_TRIES = (
    (Size.LARGE, Size.LARGE),
    (Size.MEDIUM, Size.LARGE),
    (Size.MEDIUM, Size.MEDIUM),
    (Size.NORMAL, Size.MEDIUM),
    (Size.NORMAL, Size.NORMAL),
)


def _centre(text: str, room: int) -> str:
    return " " * max(0, (room - cells(text)) // 2) + text


def _block_rows(block: Block, size: Size, room: int) -> list[Row]:
    if block.role == "text" or size is Size.NORMAL:
        text = printable(block.text)
        measure = TEXT_WIDTH if block.role == "text" else room  # a long line is hard to read
        lines = textwrap.wrap(text, max(8, min(room, measure))) or [""]
        return [Row(_centre(line, room), block.role) for line in lines]
    wrapped = wrap(block.text, size, room)
    if wrapped is None:  # a word too wide at this size: the next size down, for this block only
        smaller = Size.MEDIUM if size is Size.LARGE else Size.NORMAL
        return _block_rows(block, smaller, room)
    rows: list[Row] = []
    for i, line in enumerate(wrapped):
        if i:
            rows.append(Row("", ""))
        drawn = render(line, size)
        pad = " " * max(0, (room - cells(drawn[0])) // 2)
        rows += [Row(pad + r, block.role, size) for r in drawn]
    return rows


def _layout(blocks: Sequence[Block], head: Size, big: Size, room: int) -> list[Row]:
    rows: list[Row] = []
    previous = ""
    for block in blocks:
        size = head if block.role == "headline" else big
        if rows and not (block.role == "text" and previous == "text"):
            rows.append(Row("", ""))
        rows += _block_rows(block, size, room)
        previous = block.role
    return rows


def card_rows(card: ShowCard, width: int, height: int) -> list[Row]:
    """The card on at most ``height`` rows of ``width`` cells: as large as fits."""
    width, height = max(1, width), max(1, height)
    rows: list[Row] = []
    for head, big in _TRIES:
        rows = _layout(card.blocks, head, big, width)
        if len(rows) <= height:
            return rows
    return rows[:height]
