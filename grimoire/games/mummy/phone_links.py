"""Night of the Mummy's links to the players' phones, and what the phones said of their cards.

The game's autosave is the file ``grimoire serve`` follows (the mode points the server at it, as
the grimoire does with the game it opens): each player's private link (``<autosave>.seats.json``)
and which cards their phone opened or read (``<autosave>.seen.json``, written by the server)
sit beside it, as a Blood on the Clocktower game's do. A new deal makes new links.
"""

from __future__ import annotations

from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from grimoire.games import persist
from grimoire.games.mummy import save
from grimoire.games.mummy.commands import ScreenKeys
from grimoire.games.mummy.modals import DIALOG_CSS
from grimoire.games.mummy.phones import Phones
from grimoire.games.mummy.rules import MasqueradeGame
from grimoire.store import open_game, phone_cards, seat_links
from grimoire.store.seat_links import Served
from grimoire.tui.guard import Guarded
from grimoire.tui.support.plain import plain
from grimoire.tui.support.qr_text import qr_lines, qr_matrix
from grimoire.tui.widgets.keys import KeysFooter

START_SERVER = "make serve  (or: grimoire serve --host 0.0.0.0)"


def game_path() -> Path:
    return persist.autosave_path(save.KEY)


def read_seen() -> dict[str, str]:
    return phone_cards.read_seen(game_path())


def new_links(players: int) -> None:
    """A new deal with phones: the last game's links and what its phones said go, each player
    gets a new link, and the server is pointed at this game (OSError if they cannot be kept)."""
    path = game_path()
    seat_links.forget_seat_links(path)
    phone_cards.forget_phones(path)
    seat_links.seat_codes(path, range(players))
    seat_links.table_token(path)
    open_game.record_open(path)


class MummyLinksScreen(Guarded, ModalScreen[None]):
    """Each player's link and its QR code: a phone scans its own off the laptop."""

    DEFAULT_CSS = DIALOG_CSS + """
    #mummy-links { height: auto; max-height: 95%; width: 100%; }
    #mummy-links-list { width: 46; height: auto; max-height: 20; }
    #mummy-links-qr { width: 1fr; height: auto; }
    """
    SCOPED_CSS = False
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("escape", "close", "Back", id="mummy.links.close", tooltip="Back to the table"),
        Binding("L", "close", "Back", id="mummy.links.close2", show=False, tooltip="Back to the table"),
    ]

    def __init__(self, game: MasqueradeGame, phones: Phones | None, read_only: str | None = None) -> None:
        super().__init__()
        self.game, self.phones, self.read_only = game, phones, read_only
        self.codes: dict[int, str] = {}
        self.served: Served | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="mummy-dialog", id="mummy-links"):
            yield Static(id="mummy-links-head")
            with Horizontal():
                yield OptionList(id="mummy-links-list")
                yield Static(id="mummy-links-qr")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._load()
        self.set_interval(1.0, self._look)
        self.query_one(OptionList).focus()

    @work(thread=True, exclusive=True, group="mummy-links")
    def _load(self) -> None:
        path = game_path()
        codes = seat_links.read_seat_codes(path)
        served = seat_links.read_served()
        self.app.call_from_thread(self._loaded, codes, served)

    def _look(self) -> None:
        served = seat_links.read_served()
        if served != self.served:
            self.served = served
            self._fill()

    def _loaded(self, codes: dict[int, str], served: Served | None) -> None:
        self.codes, self.served = codes, served
        if self.is_attached:
            self._fill()

    def _link(self, seat: int) -> str | None:
        code = self.codes.get(seat)
        return None if self.served is None or code is None else self.served.seat_url(code)

    def _fill(self) -> None:
        if self.phones is None:
            head = "This game is played without phones: the laptop goes round. (Choose phones at the deal: f.)"
        elif self.served is None:
            head = f"No server is running. Start one on this laptop (same Wi-Fi as the phones):\n  {START_SERVER}"
        else:
            head = (f"The table's page (everyone, a TV): {self.served.table_url}\n"
                    "Each player opens their own link only: their guest, their whispers and their grid.")
        self.query_one("#mummy-links-head", Static).update(plain(head, lines=True))
        options = self.query_one(OptionList)
        keep = options.highlighted
        rows = []
        for seat, name in enumerate(self.game.setup.players):
            link = self._link(seat)
            second = link.removeprefix("http://") if link else (f"code {self.codes[seat]}" if seat in self.codes else "no link")
            rows.append(Option(plain(f"{seat + 1:>2} {name}\n   {second}", lines=True)))
        options.set_options(rows)
        if rows:
            options.highlighted = min(keep or 0, len(rows) - 1)
        self._show_qr()

    @on(OptionList.OptionHighlighted)
    def _moved(self) -> None:
        self._show_qr()

    def _show_qr(self) -> None:
        qr = self.query_one("#mummy-links-qr", Static)
        at = self.query_one(OptionList).highlighted
        link = None if at is None else self._link(at)
        if at is None or link is None:
            qr.update("")
            return
        matrix = qr_matrix(link)
        # The room beside the list, in the dialog: a code cut or wrapped would not scan.
        room_w = qr.size.width or max(0, self.size.width - 56)
        room_h = max(0, self.size.height - 10)
        for quiet in (2, 1):
            lines = qr_lines(matrix, quiet=quiet, ink_dark=not self.app.current_theme.dark)
            if len(lines[0]) <= room_w and len(lines) + 1 <= room_h:
                qr.update(plain("\n".join([self.game.setup.players[at][: len(lines[0])], *lines]), lines=True))
                return
        qr.update(plain(f"{self.game.setup.players[at]}\n\nThe window is too small for the QR code: "
                        "enlarge it, or type the link.", lines=True))

    def on_resize(self) -> None:
        if self.is_mounted:
            self.call_after_refresh(self._show_qr)  # once laid out at the new size

    def action_close(self) -> None:
        self.dismiss(None)
