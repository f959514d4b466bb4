"""A card to show a player: the whole screen in large letters, nothing else of the grimoire,
so the storyteller can turn the screen to the table.

The words and their layout come from ``grimoire.present.show_cards`` (pure). Escape or Enter goes
back to the grimoire as it was. Each card shown is part of what the player was told: an event
of the log (``card_shown``, with its words), logged as the storyteller leaves it. When this
game lets the night's cards go to a phone (the seat links screen, ``n``), ``f`` sends the card
to one seat's page instead (``card_sent``), and the hint says whether that player opened it and
said they have seen it (grimoire.store.phone_cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from grimoire.game import IllegalAction
from grimoire.present.block_font import Size
from grimoire.present.phone_cards import card_event, state_of, state_words
from grimoire.present.show_cards import (
    ALIGNMENTS,
    INFO_TOKENS,
    TEXT_LIMIT,
    YOU_ARE,
    InfoToken,
    Row,
    ShowCard,
    card_characters,
    card_rows,
    cards_now,
    character_card,
    characters_card,
    seat_words,
    step_cards,
    text_card,
    token_card,
    told_card,
)
from grimoire.present.step_phones import for_whom, phones_words, sent_here
from grimoire.store import phone_cards
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.guard import Guarded, asks
from grimoire.tui.support.view import esc

if TYPE_CHECKING:
    from textual.app import App

    from grimoire.tui.screens.modals import Pick
    from grimoire.tui.session import Session
    from grimoire.tui.support.choice_keys import Item

LOOK_EVERY = 1.0  # seconds between two looks at whether a phone opened the card sent to it
STYLES = {"headline": "b $text-accent", "big": "b $text", "text": "$text"}


def _b(key: str, action: str, desc: str, bid: str, tip: str) -> Binding:
    return Binding(key, action, desc, id=f"show.{bid}", tooltip=tip, show=False)


def row_markup(row: Row) -> str:
    if not row.role:
        return ""
    style = STYLES[row.role]
    if row.role != "text" and row.size is Size.NORMAL:
        style = "b $text-accent" if row.role == "headline" else "b $text"
    return f"[{style}]{esc(row.text)}[/]"


class PlayerCardScreen(Guarded, Screen[None]):
    """One or more cards, shown one at a time over the whole screen."""

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        _b("escape", "close", "Back", "close", "Back to the grimoire, as it was"),
        _b("enter", "close", "Back", "close2", "Back to the grimoire, as it was"),
        _b("right", "turn(1)", "Next card", "next", "The next card of this step"),
        _b("space", "turn(1)", "Next card", "next2", "The next card of this step"),
        _b("left", "turn(-1)", "Previous card", "previous", "The previous card of this step"),
        _b("c", "choose", "Other card", "choose", "Choose another card to show (a list of them)"),
        _b("f", "to_phone", "To a phone", "phone", "Send this card to a seat's phone instead (if this game lets it)"),
    ]
    DEFAULT_CSS = """
    PlayerCardScreen { align: center middle; }
    #show-box { width: 100%; height: 1fr; align: center middle; padding: 0 2; }
    #show-card { width: 100%; height: auto; }
    #show-hint { dock: bottom; height: 1; width: 100%; color: $text-muted; text-align: center; }
    """

    def __init__(self, session: Session, cards: Sequence[ShowCard], path: Path | None = None) -> None:
        """``session``: the grimoire's, read only (the picker lists the cards available now);
        ``path``: the game's file, beside which the cards sent to phones are kept."""
        super().__init__()
        self.session = session
        self.cards = list(cards)
        self.index = 0
        self.path = path
        self.sent: dict[int, list[tuple[str, int]]] = {}  # card index -> (the card's id, the seat) of each sent
        self.logged: set[int] = set()  # the cards (by index) logged as shown on the laptop
        self.seen: dict[str, str] = {}
        self.to_phones = False  # this game lets the night's cards go to a phone (the hint offers f)

    def compose(self) -> ComposeResult:
        with Vertical(id="show-box"):
            yield Static("", id="show-card")
        yield Static("", id="show-hint")

    def on_mount(self) -> None:
        self.app.clear_notifications()  # a notice of the grimoire may tell a secret
        self.to_phones = self.session.game.state.phones.night
        if self.path is not None:
            self.set_interval(LOOK_EVERY, self._look_at_phones)
        self.show_card()

    def _look_at_phones(self) -> None:
        """Whether the phones the cards went to opened them (the server writes it)."""
        if not self.sent or self.path is None:
            return
        seen = phone_cards.read_seen(self.path)
        if seen != self.seen:
            self.seen = seen
            self.show_card()

    def on_resize(self, event: events.Resize) -> None:
        self.show_card()

    @property
    def card(self) -> ShowCard:
        return self.cards[self.index]

    def show_card(self) -> None:
        if not self.cards or not self.is_mounted:
            return
        width, height = self.size.width - 4, self.size.height - 2
        rows = card_rows(self.card, width, height)
        self.query_one("#show-card", Static).update("\n".join(row_markup(r) for r in rows))
        turn = f" · ←→ card {self.index + 1} of {len(self.cards)}" if len(self.cards) > 1 else ""
        self.query_one("#show-hint", Static).update(esc(f"Esc: back{turn} · c: other card{self._phone_hint(turn)}"))

    def _state(self, card_id: str) -> str | None:
        """How far the player got with a card sent: the log's, or the phone's where it said more."""
        card = next((c for c in reversed(self.session.game.state.cards) if c.id == card_id), None)
        return self.seen.get(card_id) if card is None else state_of(card, self.seen)

    def _phone_hint(self, turn: str) -> str:
        """Where the card went and how far each player got, or whose phones f sends it to; on
        a screen too narrow for their names, the phones by their seats' numbers."""
        g = self.session.game.state
        room = self.size.width - len(f"Esc: back{turn} · c: other card")
        sent = self.sent_now()
        if sent:
            states = [self._state(card_id) for card_id, _ in sent]
            if len(sent) == 1:
                return f" · sent to {phones_words(g, [sent[0][1]])}: {state_words(states[0])}"
            said = ", ".join(f"{seat_words(g, seat)} {state_words(state)}" for state, (_, seat) in zip(states, sent))
            full = f" · sent to {phones_words(g, [seat for _, seat in sent])}: {said}"
            if len(full) <= room:
                return full
            counts = {w: sum(1 for s in states if state_words(s) == w) for w in dict.fromkeys(map(state_words, states))}
            return f" · sent to {len(sent)} phones: " + ", ".join(f"{n} {w}" for w, n in counts.items())
        if not self.to_phones:
            return ""
        seats = self.for_whom(self.card)
        if not seats:
            return " · f: to a phone (you choose whose)"
        full = f" · f: to {phones_words(g, seats)}"
        return full if len(full) <= room or len(seats) == 1 else (
            f" · f: to {len(seats)} phones (seats {', '.join(str(s + 1) for s in seats)})")

    def sent_now(self) -> list[tuple[str, int]]:
        """(card id, seat) of each phone the card on screen went to: from here, or a card of the
        step sent by S on the grimoire (nothing goes twice)."""
        sent = self.sent.get(self.index)
        if sent:
            return sent
        game, card = self.session.game, self.card
        if card not in step_cards(game.rules, game.state, game.prompt):
            return []
        blocks = tuple((b.role, b.text) for b in card.blocks)
        return [(c.id, c.seat) for c in sent_here(game) if c.seat is not None and c.what == card.kind
                and c.blocks == blocks]

    def for_whom(self, card: ShowCard) -> tuple[int, ...]:
        """Whose phones ``card`` goes to: a card of the step, everyone it is for (each Minion
        their Minion info); any other, its own player's (none: the storyteller chooses)."""
        game = self.session.game
        if card in step_cards(game.rules, game.state, game.prompt):
            return for_whom(game.state, game.prompt, card)
        return (card.seat,) if card.seat is not None else ()

    def _log_shown(self) -> None:
        """The card on screen, as the storyteller leaves it, is logged as shown on the laptop
        (once; not a card sent to a phone instead, nor in a read-only window)."""
        index = self.index
        if not self.cards or index in self.logged or index in self.sent or self.session.read_only:
            return
        card = self.card
        self.logged.add(index)
        seat = card.seat
        prompt = self.session.game.prompt
        if seat is None and prompt is not None and len(prompt.wake) == 1:
            seat = prompt.wake[0]  # the step's card, shown to the one player it wakes
        try:
            self.session.apply(card_event(card, phone_cards.new_card_id(), seat, phone=False))
        except IllegalAction as exc:
            self.notify(f"The card was not logged: {exc}", severity="error", timeout=8)

    def action_turn(self, step: int) -> None:
        if self.index != max(0, min(len(self.cards) - 1, self.index + step)):
            self._log_shown()
        self.index = max(0, min(len(self.cards) - 1, self.index + step))
        self.show_card()

    @asks
    async def action_choose(self) -> None:
        got = await choose_card(self.app, self.session)
        if got is not None and self.is_open:
            self._log_shown()
            self.cards, self.index = [got], 0
            self.logged = set()
            self.sent = {}  # what was sent is kept by the card's place in the list: a new list, none sent
            self.show_card()

    @asks
    async def action_to_phone(self) -> None:
        """The card to the pages of everyone it is for instead of the laptop (the hint says
        whose); a card for nobody in particular, to the one seat chosen."""
        from grimoire.tui.screens.modals import Pick
        from grimoire.tui.support.view import seat_item

        if not self.cards:
            return
        if self.session.read_only:
            from grimoire.tui.session import read_only_notice

            self.notify(read_only_notice(self.session.read_only), severity="warning", timeout=6)
            return
        if self.path is None or not self.session.game.state.phones.night:
            self.notify("This game keeps the night's cards on the laptop: L, then n, lets them go to a phone.",
                        severity="warning", timeout=6)
            return
        index, card, g = self.index, self.card, self.session.game.state
        if self.sent_now():
            self.notify("Sent already.", severity="warning", timeout=4)
            return
        seats = self.for_whom(card)
        if not seats:
            items = [seat_item(g, s.index) for s in g.seats if not s.left]
            seat = await self.app.push_screen_wait(Pick("To whose phone?", items))
            if seat is None or not self.is_open:
                return
            seats = (seat,)
        sent = self.sent.setdefault(index, [])
        for seat in seats:
            card_id = phone_cards.new_card_id()
            try:
                self.session.apply(card_event(card, card_id, seat, phone=True))
            except IllegalAction as exc:
                self.notify(f"Not sent: {exc}", severity="error", timeout=8)
                break
            sent.append((card_id, seat))
        self.show_card()

    def action_close(self) -> None:
        self._log_shown()
        self.dismiss()


# The picker's rows that ask on (what the card shows), after the cards ready now; at a step
# that tells a player something, also the answer they are told (TOLD_ROW).
TOLD_ROW = "told"
MADE = (
    ("A character of the script…", "character"),
    ("Several characters on one card…", "characters"),
    ("Free text (type the words)…", "text"),
    ("An info token…", "token"),
)


def card_picker(session: Session) -> Pick:
    """A picker of the cards available now: the step's first, then the team's and the bluffs
    (by letter), the cards made up on the spot (a character, several, free text, an info
    token: by letter, each asking on), then "You are…" for each seat (by its number)."""
    from grimoire.tui.screens.modals import Pick
    from grimoire.tui.support.choice_keys import Item
    from grimoire.tui.support.told_items import informs
    from grimoire.tui.support.view import character_name, option_items, seat_label

    game = session.game
    g = game.state
    cards = cards_now(game.rules, g, game.prompt)
    made: list[tuple[str, object]] = list(MADE)
    if informs(game.prompt, game.rules) and not session.read_only:  # the answer they are told, as a card
        who = ", ".join(g.name(s) for s in game.prompt.wake) or "the player"
        made.append((f"What {who} is told (choose the answer: recorded as given)…", TOLD_ROW))
    items: list[Item] = option_items([*((c.label, c) for c in cards if c.kind != YOU_ARE), *made])
    for c in cards:
        if c.kind == YOU_ARE and c.seat is not None:
            name, character = g.seats[c.seat].name, character_name(g, c.seat)
            items.append(Item(seat_label(c.seat, name, character) + " — You are…", c, seat=c.seat,
                              names=(name, character)))
    return Pick("Which card to show?", items)


async def choose_card(app: App[object], session: Session) -> ShowCard | None:
    """The card the storyteller picks from the list (``card_picker``), asking on for the
    character, characters, words or info token of a card made up on the spot (None: escaped)."""
    got = await app.push_screen_wait(card_picker(session))
    if got is None or isinstance(got, ShowCard):
        return got
    return await _made_card(app, session, str(got))


def _character_items(session: Session) -> list[Item]:
    from grimoire.tui.support.choice_keys import Item

    return [Item(f"{c.name} ({c.team.label})", c.id, names=(c.name,)) for c in card_characters(session.game.state)]


async def _characters(app: App[object], session: Session, title: str) -> list[str] | None:
    from grimoire.tui.screens.modals import Pick

    got = await app.push_screen_wait(Pick(f"{title} (Enter ticks each, then Done)", _character_items(session),
                                          multi=True, count=None))
    return list(got) if got else None


async def _made_card(app: App[object], session: Session, what: str) -> ShowCard | None:
    from grimoire.tui.screens.modals import AskText, Pick

    g = session.game.state
    if what == TOLD_ROW:
        return await _told_card(app, session)
    if what == "character":
        character = await app.push_screen_wait(Pick("Which character?", _character_items(session)))
        return None if character is None else character_card(g, character)
    if what == "characters":
        chosen = await _characters(app, session, "Which characters, in the order to show them?")
        return None if chosen is None else characters_card(g, chosen)
    if what == "text":
        words = await app.push_screen_wait(
            AskText("The card's words", placeholder=f"one line, at most {TEXT_LIMIT} characters"))
        return None if words is None else text_card(words)
    from grimoire.tui.support.view import option_items

    token = await app.push_screen_wait(Pick("Which info token?", option_items([(t.words, t) for t in INFO_TOKENS])))
    return None if token is None else await _token_card(app, session, token)


async def _told_card(app: App[object], session: Session) -> ShowCard | None:
    """The answer the step's player is told, chosen in the list the step's f offers (a number
    by its digit), as the card the phone would be sent; recorded as the answer given."""
    from grimoire.tui.screens.modals import Pick
    from grimoire.tui.support.told_items import asks_told, informs, told_items

    game = session.game
    prompt = game.prompt
    if not informs(prompt, game.rules):
        return None
    step = prompt.step
    who = ", ".join(game.state.name(s) for s in prompt.wake) or "the player"
    asking = asks_told(prompt, game.rules, game.state)
    got = await app.push_screen_wait(Pick(f"What is {who} told? (shown on the laptop, and recorded as given)",
                                          told_items(game, prompt, truth_first=asking)))
    if got is None or game.prompt is None or game.prompt.step != step:
        return None
    card = told_card(game.rules, game.state, prompt, got)
    try:
        session.answer(None, got)
    except IllegalAction as exc:
        app.notify(f"Not recorded: {exc}", severity="error", timeout=8)
        return None
    return card


async def _token_card(app: App[object], session: Session, token: InfoToken) -> ShowCard | None:
    from grimoire.tui.screens.modals import Pick
    from grimoire.tui.support.choice_keys import Item
    from grimoire.tui.support.view import seat_item

    g = session.game.state
    if not token.takes:
        return token_card(g, token)
    if token.takes == "players":
        items = [seat_item(g, s.index) for s in g.seats if not s.left]
        seats = await app.push_screen_wait(
            Pick(f"{token.words}: which players? (Enter ticks each, then Done)", items, multi=True, count=None))
        return token_card(g, token, seats=seats) if seats else None
    if token.takes == "characters":
        chosen = await _characters(app, session, f"{token.words}: which characters?")
        return None if chosen is None else token_card(g, token, characters=chosen)
    items = _character_items(session)
    if token.takes == "you_are":  # a character, or good or evil: found by name as the characters
        items = [*(Item(a, a) for a in ALIGNMENTS), *items]  # are (no key of theirs would filter)
    got = await app.push_screen_wait(Pick(f"{token.words}: which character?", items))
    if got is None:
        return None
    if got in ALIGNMENTS:
        return token_card(g, token, alignment=got)
    return token_card(g, token, characters=[got])
