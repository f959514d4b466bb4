"""A game open in another window: the question (read-only, or back), and the refusals after.

A window writes a game only while it holds the game's lock (``grimoire.store.lock``). A second
window is asked here whether to open the game read-only, and, once the window that held it
has closed, whether to open it for writing. A read-only screen says why in its
``read_only`` (None while it may write) and names in ``CHANGES_GAME`` the actions that would
change the game; the app refuses those with a short notice before they start
(``GrimoireApp.run_action``, ``grimoire.tui.session.refusal``), so no picker opens for nothing.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from grimoire.store.lock import GameInUse, Holder
from grimoire.tui.guard import Guarded
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter


def in_use_reason(exc: GameInUse | OSError, what: str = "this game") -> str:
    """Why a window may not write a game: "this game is open in another window (pid …)"."""
    if isinstance(exc, GameInUse):
        return f"{what} is open in another window ({exc.holder.describe()})"
    return f"{what} cannot be saved from this window ({exc.strerror or exc})"


class OpenReadOnly(ModalScreen[bool]):
    """Asks what to do with a game another window holds: True opens (or watches) it
    read-only, False goes back."""

    BINDINGS = [
        Binding("r", "answer(True)", "Read-only", id="inuse.read_only",
                tooltip="Open it read-only: see it, change nothing, save nothing"),
        Binding("escape", "answer(False)", "Back", id="inuse.back", tooltip="Go back; the game stays as it is"),
        Binding("b", "answer(False)", "Back", id="inuse.back2", tooltip="Go back", show=False),
    ]

    def __init__(self, path: Path, exc: GameInUse | OSError, what: str = "This game", watch: bool = False) -> None:
        """``what``: "This game", "Voice of the Mummy"…; ``watch``: the game goes on elsewhere."""
        super().__init__()
        self.path = path
        self.reason = in_use_reason(exc, what)
        self.heading = "Open in another window" if isinstance(exc, GameInUse) else "Cannot be saved here"
        self.verb = "watch it" if watch else "open it"

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Static(self.heading, id="pick-title", markup=False)
            yield Static(
                f"{esc(self.reason)}.\n[dim]{esc(str(self.path))}[/]\n\n"
                "One window at a time saves a game, so that neither loses the other's work.\n\n"
                f"[b]r[/b] {self.verb} read-only: nothing is changed or saved here\n[b]Esc[/b] go back",
                id="inuse-text")
        yield KeysFooter()

    def action_answer(self, read_only: bool) -> None:
        self.dismiss(read_only)


class WriterGone(Guarded, ModalScreen[bool]):
    """The window that held a game open here read-only has closed (or let go of it): True
    opens it for writing here, False stays read-only."""

    BINDINGS = [
        Binding("w", "answer(True)", "Open for writing", id="gone.write",
                tooltip="Open the game for writing in this window, as it was last saved"),
        Binding("escape", "answer(False)", "Stay read-only", id="gone.stay", tooltip="Keep it read-only"),
    ]

    def __init__(self, path: Path, writer: Holder) -> None:
        super().__init__()
        self.path = path
        self.writer = writer

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Static("The other window has closed", id="pick-title", markup=False)
            yield Static(
                f"The window that had this game open ({esc(self.writer.describe())}) has closed: "
                f"no window is writing it now.\n[dim]{esc(str(self.path))}[/]\n\n"
                "[b]w[/b] open it for writing here, as it was last saved\n[b]Esc[/b] stay read-only",
                id="gone-text")
        yield KeysFooter()

    def action_answer(self, write: bool) -> None:
        self.dismiss(write)
