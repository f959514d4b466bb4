"""The seat card: everything about one player, and the storyteller's actions on that seat.

The words come from ``grimoire.present.card`` (pure); every action is one event given to the
grimoire's Session, so it autosaves and undoes like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from grimoire.core import events as ev
from grimoire.core.freetext import NOTE_LIMIT, REMINDER_LIMIT
from grimoire.game import IllegalAction
from grimoire.present.card import SeatCard, seat_card
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.guard import Guarded, asks
from grimoire.tui.session import Session, redo_and_tell, undo_and_tell
from grimoire.tui.support.plain import plain
from grimoire.tui.support.view import esc, marked, token_choices
from grimoire.tui.widgets.keys import KeysFooter

# Acts on the game's rules: not once the game is over (as the table's overrides).
OVERRIDES = {"kill", "token", "untoken"}


def _b(key: str, action: str, desc: str, bid: str, tip: str, show: bool = True) -> Binding:
    return Binding(key, action, desc, id=f"card.{bid}", tooltip=tip, show=show)


def card_markup(card: SeatCard) -> str:
    out = []
    for section in card.sections:
        out.append(f"[b $accent]{esc(section.heading)}[/]")
        out += [f"  {marked(line) if i in section.script_texts else esc(line)}" for i, line in enumerate(section.lines)]
        out.append("")
    return "\n".join(out).rstrip()


class SeatCardScreen(Guarded, ModalScreen[int]):
    """One seat's card over the grimoire; Escape goes back to the table with the seat shown last."""

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        _b("escape", "close", "Close", "close", "Back to the table"),
        _b("k", "kill", "Kill/revive", "kill", "Kill or revive this player"),
        _b("t", "token", "Token", "token", "Place one of the script's reminder tokens on this player"),
        _b("r", "reminder", "Own reminder", "reminder", f"Place a reminder in your own words (at most {REMINDER_LIMIT} characters)"),
        _b("T", "untoken", "Remove", "untoken", "Remove a token or one of your reminders from this player"),
        _b("w", "note", "Note", "note", f"Write this player's note (at most {NOTE_LIMIT} characters; empty clears it)"),
        _b("u", "undo", "Undo", "undo", "Undo the last action"),
        _b("U", "redo", "Redo", "redo", "Redo what was undone"),
        _b("left", "seat(-1)", "Previous seat", "previous", "The card of the previous seat", show=False),
        _b("right", "seat(1)", "Next seat", "next", "The card of the next seat (clockwise)", show=False),
        _b("question_mark", "help", "Keys", "help", "Every key of the card"),
    ]
    DEFAULT_CSS = """
    SeatCardScreen { align: center middle; }
    #card-box {
        width: 100;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    #card-title { text-style: bold; padding-bottom: 1; }
    #card-scroll { height: auto; max-height: 100%; }
    """

    CHANGES_GAME = frozenset(OVERRIDES | {"reminder", "note", "undo", "redo"})  # refused while read-only

    def __init__(self, session: Session, seat: int, path: Path | None = None) -> None:
        """``path``: the game's file, beside which the cards sent to the phones are kept."""
        super().__init__()
        self.session = session
        self.seat = seat
        self.path = path

    @property
    def read_only(self) -> str | None:
        return self.session.read_only

    def compose(self) -> ComposeResult:
        with Vertical(id="card-box"):
            yield Static("", id="card-title")
            with VerticalScroll(id="card-scroll"):
                yield Static("", id="card-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_card()
        self.query_one("#card-scroll").focus()

    @property
    def card(self) -> SeatCard:
        from grimoire.present.joined import read_held, with_phone

        # The phone that joined by the table's code and holds this seat, if one does.
        return with_phone(seat_card(self.session.game, self.seat, self._seen()), read_held(self.session.game, self.path))

    def _seen(self) -> dict[str, str]:
        """What the phones said of their cards, which the grimoire may not have logged yet."""
        if self.path is None:
            return {}
        from grimoire.store import phone_cards

        return phone_cards.read_seen(self.path)

    def show_card(self) -> None:
        card = self.card
        self.query_one("#card-title", Static).update(plain(card.title))
        self.query_one("#card-text", Static).update(card_markup(card))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.session.game
        if action in OVERRIDES:
            return game.state.winner is None or None
        if action == "undo":
            return True if game.events else None
        if action == "redo":
            return True if game.redo_stack else None
        return True

    # --- acting ------------------------------------------------------------------------
    def _apply(self, make: Callable[[], ev.Event]) -> bool:
        """Make the event and apply it: a refusal (the rules, a too long text) is said, not raised."""
        try:
            self.session.apply(make())
        except (IllegalAction, ValueError) as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return False
        self.show_card()
        return True

    def action_kill(self) -> None:
        alive = self.session.game.state.seats[self.seat].alive
        self._apply(lambda: ev.SetAlive(self.seat, not alive))

    @asks
    async def action_token(self) -> None:
        from grimoire.tui.screens.modals import Pick

        g = self.session.game.state
        got = await self.app.push_screen_wait(Pick(f"Which token on {g.name(self.seat)}?", token_choices(self.session.game.rules, g)))
        if got is not None:
            name, owner, side = got
            self._apply(lambda: ev.PlaceToken(name, owner, self.seat, side))

    @asks
    async def action_untoken(self) -> None:
        from grimoire.tui.screens.modals import Pick

        g = self.session.game.state
        items: list[tuple[str, Any]] = [(t.shown, ("token", t.name)) for t in g.tokens_on(self.seat)]
        items += [(f"“{r.text}” (your own)", ("reminder", r.text)) for r in g.reminders_on(self.seat)]
        if not items:
            self.notify(f"{g.name(self.seat)} has no tokens or reminders.", severity="warning")
            return
        got = await self.app.push_screen_wait(Pick(f"Remove which from {g.name(self.seat)}?", items))
        if got is None:
            return
        what, name = got
        if what == "token":
            self._apply(lambda: ev.RemoveToken(name, self.seat))
        else:
            self._apply(lambda: ev.RemoveReminder(self.seat, name))

    @asks
    async def action_reminder(self) -> None:
        from grimoire.tui.screens.modals import AskText

        g = self.session.game.state
        text = await self.app.push_screen_wait(
            AskText(f"Your own reminder on {g.name(self.seat)} (at most {REMINDER_LIMIT} characters)",
                    placeholder="e.g. claims Sorelli", limit=REMINDER_LIMIT)
        )
        if text is not None:
            self._apply(lambda: ev.PlaceReminder(self.seat, text))

    @asks
    async def action_note(self) -> None:
        from grimoire.tui.screens.modals import AskText

        g = self.session.game.state
        old = g.note(self.seat)
        text = await self.app.push_screen_wait(
            AskText(f"Note on {g.name(self.seat)} (at most {NOTE_LIMIT} characters; empty clears it)",
                    value=old.text if old is not None else "", placeholder="what to remember about this player",
                    limit=NOTE_LIMIT)
        )
        if text is None or (old is None and not text.strip()) or (old is not None and text == old.text):
            return  # nothing changed: nothing goes in the log
        self._apply(lambda: ev.WriteNote(self.seat, text))

    def action_undo(self) -> None:
        undo_and_tell(self.session, self.notify)
        self.show_card()

    def action_redo(self) -> None:
        redo_and_tell(self.session, self.notify)
        self.show_card()

    # --- moving and closing -----------------------------------------------------------------
    def action_seat(self, step: int) -> None:
        self.seat = (self.seat + step) % len(self.session.game.state.seats)
        self.show_card()
        self.query_one("#card-scroll", VerticalScroll).scroll_home(animate=False)

    def action_help(self) -> None:
        from grimoire.tui.screens.modals import KeysHelp, binding_rows

        self.app.push_screen(KeysHelp(binding_rows(self)))

    def action_close(self) -> None:
        self.dismiss(self.seat)
