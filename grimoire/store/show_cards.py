"""The cards the storyteller turns to a player: what the night's reminders say to show, in words.

Which card a night step offers is decided here (``step_cards``), from the walker's prompt and
the game: the seed's reminders that say to show or point to something (Minion Info, Demon Info,
the evil Townsfolk, the Auctioneer, the Mirror Keeper, the Phantom's information). The words
are plain (no markup); ``card_rows`` lays a card out for a screen of a given size.
A card never changes the game: it only reads it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

import attrs

from grimoire.core.freetext import printable
from grimoire.core.model import GameState
from grimoire.core.script import Team, load_script
from grimoire.core.thinks import thinks_of
from grimoire.rules.visitors import traveller_name
from grimoire.rules import status
from grimoire.store.block_font import Size, cells, render, wrap
from night_order import AnswerKind, Prompt
from grimoire.core.value import as_tuple, frozen

# Kinds of card (also the words the tests check).
YOU_ARE = "you_are"
DEMON = "demon"
MINIONS = "minions"
BLUFFS = "bluffs"
EVIL = "evil"
AUCTIONEER = "auctioneer"
MIRROR_TARGET = "mirror_target"
MIRROR_MOVED = "mirror_moved"
HOLDER = "holder"


@frozen
class Block:
    role: str  # "headline" (the token's words), "big" (who or what), "text" (normal size)
    text: str


@frozen
class ShowCard:
    kind: str
    label: str  # as a picker lists it: "This is the Demon"
    blocks: tuple[Block, ...] = attrs.field(converter=as_tuple)
    seat: int | None = None  # the player it is for, when one ("You are…")

    def text(self) -> str:
        """The card's words, one block a line (tests, and a reader of the code)."""
        return "\n".join(b.text for b in self.blocks)


def _seat_words(g: GameState, seat: int | None) -> str:
    return "nobody" if seat is None else f"{seat + 1} {g.seats[seat].name}"


def _character_name(g: GameState, character: str | None) -> str:
    if character is None:
        return "nobody"
    script = load_script(g.script_id)
    return script.character(character).name if character in script.by_id else character


def _minions(g: GameState) -> list[int]:
    return [s.index for s in g.seats if not s.traveller and status.team(g, s.index) is Team.MINION]


# --- the cards ----------------------------------------------------------------------------------
def you_are(g: GameState, seat: int) -> ShowCard:
    s = g.seats[seat]
    label = f"You are… ({_seat_words(g, seat)})"
    if s.traveller:
        return ShowCard(YOU_ARE, label, (Block("headline", "You are"), Block("big", traveller_name(s.character, load_script(g.script_id))),
                                         Block("text", f"A Traveller. You are {s.alignment.value}.")), seat)
    script = load_script(g.script_id)
    thinks = thinks_of(s)  # the Drunk is shown the Townsfolk they think they are
    c = script.character(thinks if thinks is not None and thinks in script.by_id else s.character)
    blocks = [Block("headline", "You are"), Block("big", c.name), Block("text", c.team.label)]
    if c.ability:
        blocks.append(Block("text", c.ability))
    return ShowCard(YOU_ARE, label, blocks, seat)


def _demons(g: GameState) -> list[int]:
    return [s.index for s in g.seats if not s.traveller and status.team(g, s.index) is Team.DEMON]


def this_is_the_demon(g: GameState) -> ShowCard | None:
    demons = _demons(g)  # by the script's teams (on the Phantom's, the Phantom)
    if not demons:
        return None
    return ShowCard(DEMON, "This is the Demon",
                    (Block("headline", "This is the Demon"), *(Block("big", _seat_words(g, d)) for d in demons)))


def your_minions(g: GameState) -> ShowCard | None:
    minions = _minions(g)
    if not minions:
        return None
    return ShowCard(MINIONS, "These are your Minions",
                    (Block("headline", "These are your Minions"), *(Block("big", _seat_words(g, m)) for m in minions)))


def not_in_play(g: GameState) -> ShowCard | None:
    if not g.bluffs:
        return None
    return ShowCard(BLUFFS, "These characters are not in play",
                    (Block("headline", "These characters are not in play"),
                     *(Block("big", _character_name(g, b)) for b in g.bluffs)))


def you_are_evil(g: GameState) -> ShowCard | None:
    if g.evil_townsfolk is None:
        return None
    return ShowCard(EVIL, "You are evil (the evil Townsfolk)",
                    (Block("headline", "You are"), Block("big", "Evil"), Block("text", "Thumbs down")),
                    g.evil_townsfolk)


def auctioneer_card(g: GameState, prompt: Prompt) -> ShowCard | None:
    truth = prompt.truth
    if not (isinstance(truth, tuple) and len(truth) == 2):
        return None
    passer, first = truth
    return ShowCard(AUCTIONEER, "The Auctioneer's information",
                    (Block("headline", "Passed to you by"), Block("big", _seat_words(g, passer)),
                     Block("headline", "Its 1st holder tonight"), Block("big", _character_name(g, first))),
                    prompt.wake[0] if prompt.wake else None)


def mirror_card(g: GameState, prompt: Prompt) -> ShowCard | None:
    target = prompt.truth
    if not isinstance(target, int):
        return None
    mk = prompt.wake[0] if prompt.wake else None
    # On a receipt the walker asks while the Mirror Keeper holds the artifact (it moves after):
    # they learn where it went. Their own first-night step shows them their good player.
    if mk is not None and g.artifact.holder == mk:
        return ShowCard(MIRROR_MOVED, "The Mirror Keeper: the artifact moved to",
                        (Block("headline", "The artifact moved to"), Block("big", _seat_words(g, target))), mk)
    return ShowCard(MIRROR_TARGET, "The Mirror Keeper's good player",
                    (Block("headline", "This player is good"), Block("big", _seat_words(g, target))), mk)


def holder_card(g: GameState, prompt: Prompt) -> ShowCard | None:
    holder = prompt.truth
    if not isinstance(holder, int):
        return None
    return ShowCard(HOLDER, "The Phantom: the artifact holder",
                    (Block("headline", "The artifact is with"), Block("big", _seat_words(g, holder))),
                    prompt.wake[0] if prompt.wake else None)


# --- which cards, when --------------------------------------------------------------------------
def step_cards(g: GameState, prompt: Prompt | None) -> tuple[ShowCard, ...]:
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
    elif step == "managers":
        cards = [you_are_evil(g)]
    elif step == "auctioneer":
        cards = [auctioneer_card(g, prompt)]
    elif step == "mirror_keeper":
        cards = [mirror_card(g, prompt)]
    elif prompt.title == "PHANTOM INFORMATION" or (
        step == "phantom" and g.night == 1 and prompt.title == "Phantom" and prompt.kind is AnswerKind.ACK
    ):
        cards = [holder_card(g, prompt)]
    return tuple(c for c in cards if c is not None)


def cards_now(g: GameState, prompt: Prompt | None) -> list[ShowCard]:
    """Every card the storyteller may show now: the step's first, then the team's and the
    bluffs, then "You are…" for each seat."""
    out = list(step_cards(g, prompt))
    kinds = {c.kind for c in out}
    for extra in (this_is_the_demon(g), your_minions(g), not_in_play(g), you_are_evil(g)):
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
