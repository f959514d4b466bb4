"""The pass-and-play secret deal: one gate and one card per seat, hidden before the next name."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import var
from textual.screen import ModalScreen
from textual.widgets import Static

from grimoire.games.mummy.commands import ScreenKeys
from grimoire.games.mummy.modals import DIALOG_CSS, HandedOver, gate_text
from grimoire.games.mummy.reference import guest_card
from grimoire.games.mummy.rules import MasqueradeGame
from grimoire.tui.guard import Guarded
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter


class DealScreen(HandedOver, Guarded, ModalScreen[bool]):
    """Returns True once every seat has seen (and hidden) their card; False if abandoned."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("enter", "proceed", "Show / hide / next", id="mummy.deal.proceed", tooltip="Show this player's card, hide it, pass on"),
        Binding("escape", "abandon", "Abandon deal", id="mummy.deal.abandon", tooltip="Back to setup; the deal is discarded"),
    ]

    seat: var[int] = var(0)
    showing: var[bool] = var(False)

    def __init__(self, game: MasqueradeGame) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="mummy-dialog mummy-secret"):
            yield Static(id="deal-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._render_step()

    def _render_step(self) -> None:
        text = self.query_one("#deal-text", Static)
        names = self.game.setup.players
        if self.seat >= len(names):
            text.update("[b]Everyone has their guest.[/b]\n\nPut the laptop in the middle of the "
                        "table and press Enter to start the night.")
            return
        name = names[self.seat]
        title = f"Dealing {self.seat + 1} of {len(names)}"
        if not self.showing:
            self.app.clear_notifications()
            text.update(gate_text(name, title))
            return
        guest = self.game.guest(self.seat)
        text.update(
            f"[b]{esc(name)}, you are:[/b]\n\n{guest_card(guest)}\n\n"
            "Remember it, then press Enter to hide it before you pass the laptop on."
        )

    def action_proceed(self) -> None:
        if self.seat >= self.game.seats:
            self.dismiss(True)
            return
        if self.showing:
            self.showing = False
            self.seat += 1
        else:
            self.showing = True
        self._render_step()

    def action_abandon(self) -> None:
        self.dismiss(False)
