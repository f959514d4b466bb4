"""The new-game modal: pick the explorers' colours in turn order (the high roll first)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from grimoire.games.voice.pickers import VoiceModal
from grimoire.games.voice.rules import COLOURS, RuleError, new_tomb


class SetupModal(VoiceModal[tuple[str, ...] | None]):
    """Returns the colours in turn order, or None when cancelled."""

    BINDINGS = [
        Binding("r", "toggle('red')", "Red", id="voice.setup.red", tooltip="Add or remove Red"),
        Binding("y", "toggle('yellow')", "Yellow", id="voice.setup.yellow", tooltip="Add or remove Yellow"),
        Binding("g", "toggle('green')", "Green", id="voice.setup.green", tooltip="Add or remove Green"),
        Binding("b", "toggle('blue')", "Blue", id="voice.setup.blue", tooltip="Add or remove Blue"),
        Binding("backspace", "drop_last", "Remove last", id="voice.setup.back", tooltip="Take the last explorer off"),
        Binding("enter", "start", "Start", id="voice.setup.start", tooltip="Begin Part I"),
        Binding("escape", "cancel", "Cancel", id="voice.setup.cancel", tooltip="Keep the current game"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.order: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="voice-setup", classes="voice-modal"):
            yield Static("[b]New game: who explores the tomb?[/b]")
            yield Static(
                "Roll the die; the high roll goes first and play continues clockwise. Press each "
                "explorer's key in that order: [b]r[/b] red, [b]y[/b] yellow, [b]g[/b] green, "
                "[b]b[/b] blue (again to remove). [b]backspace[/b] removes the last, "
                "[b]enter[/b] starts, [b]escape[/b] cancels.",
                classes="voice-help",
            )
            yield Static(id="setup-order")
            yield Static(id="setup-error", classes="voice-error")

    def on_mount(self) -> None:
        self._show()

    def _show(self, error: str = "") -> None:
        if self.order:
            text = "   ".join(f"{n}. {c.capitalize()}" for n, c in enumerate(self.order, 1))
        else:
            text = "(no explorer yet)"
        self.query_one("#setup-order", Static).update(f"Turn order:  [b]{text}[/b]")
        self.query_one("#setup-error", Static).update(error)

    def action_toggle(self, colour: str) -> None:
        if colour not in COLOURS:
            return
        if colour in self.order:
            self.order.remove(colour)
        else:
            self.order.append(colour)
        self._show()

    def action_drop_last(self) -> None:
        if self.order:
            self.order.pop()
        self._show()

    def action_start(self) -> None:
        try:
            new_tomb(self.order)
        except RuleError as err:
            self._show(str(err))
            return
        self.dismiss(tuple(self.order))

    def action_cancel(self) -> None:
        self.dismiss(None)
