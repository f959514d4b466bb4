"""The new-game modals: the explorers' colours clockwise and who starts (the high roll), then
their names."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from grimoire.games.voice.pickers import VoiceModal
from grimoire.games.voice.rules import COLOURS, HighRoll, RuleError, describe_high_roll, new_tomb
from grimoire.tui.guard import choice
from grimoire.tui.support.plain import plain
from grimoire.tui.widgets.text_input import TextInput


@attrs.frozen
class Seating:
    colours: tuple[str, ...]  # clockwise
    first: int = 0  # who starts: the high roll
    roll: HighRoll | None = None  # None when the die was thrown at the table


class SetupModal(VoiceModal[Seating | None]):
    """Returns the colours clockwise and who starts, or None when cancelled."""

    BINDINGS = [
        Binding("r", "toggle('red')", "Red", id="voice.setup.red", tooltip="Add or remove Red"),
        Binding("y", "toggle('yellow')", "Yellow", id="voice.setup.yellow", tooltip="Add or remove Yellow"),
        Binding("g", "toggle('green')", "Green", id="voice.setup.green", tooltip="Add or remove Green"),
        Binding("b", "toggle('blue')", "Blue", id="voice.setup.blue", tooltip="Add or remove Blue"),
        Binding("backspace", "drop_last", "Remove last", id="voice.setup.back", tooltip="Take the last explorer off"),
        Binding("d", "high_roll", "High roll", id="voice.setup.die", tooltip="Throw the die for every explorer: the high roll starts"),
        Binding("enter", "start", "Next", id="voice.setup.start", tooltip="On to the explorers' names"),
        Binding("escape", "cancel", "Cancel", id="voice.setup.cancel", tooltip="Keep the current game"),
    ]

    def __init__(self, high_roll: Callable[[int], HighRoll]) -> None:
        super().__init__()
        self.order: list[str] = []
        self._high_roll = high_roll  # throws the die (the screen's, so tests can load it)
        self.roll: HighRoll | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="voice-setup", classes="voice-modal"):
            yield Static("[b]New game: who explores the tomb?[/b]")
            yield Static(
                "Press each explorer's key clockwise around the board: [b]r[/b] red, [b]y[/b] "
                "yellow, [b]g[/b] green, [b]b[/b] blue (again to remove; [b]backspace[/b] "
                "removes the last). \"High roll of die goes first\": press [b]d[/b] and the app "
                "throws for everyone, or start the order with whoever won the roll at the table. "
                "[b]enter[/b] goes on to the names, [b]escape[/b] cancels.",
                classes="voice-help",
            )
            yield Static(id="setup-order")
            yield Static(id="setup-roll")
            yield Static(id="setup-error", classes="voice-error")

    def on_mount(self) -> None:
        self._show()

    @property
    def first(self) -> int:
        return self.roll.winner if self.roll is not None else 0

    def _show(self, error: str = "") -> None:
        if self.order:
            text = "   ".join(
                f"{'▶ ' if n == self.first else ''}{n + 1}. {c.capitalize()}"
                for n, c in enumerate(self.order)
            )
        else:
            text = "(no explorer yet)"
        self.query_one("#setup-order", Static).update(f"Clockwise:  [b]{text}[/b]")
        roll = ""
        if self.roll is not None:
            roll = describe_high_roll(new_tomb(self.order), self.roll)
        self.query_one("#setup-roll", Static).update(plain(roll))
        self.query_one("#setup-error", Static).update(plain(error))

    def action_toggle(self, colour: str) -> None:  # type: ignore[override]  # its own key, not DOMNode's toggle
        if colour not in COLOURS:
            return
        if colour in self.order:
            self.order.remove(colour)
        else:
            self.order.append(colour)
        self.roll = None  # a new table throws again
        self._show()

    def action_drop_last(self) -> None:
        if self.order:
            self.order.pop()
        self.roll = None
        self._show()

    def _playable(self) -> bool:
        """Whether the chosen explorers make a game; if not, the rule shows."""
        try:
            new_tomb(self.order)
        except RuleError as err:
            self._show(str(err))
            return False
        return True

    def action_high_roll(self) -> None:
        if self._playable():
            self.roll = self._high_roll(len(self.order))
            self._show()

    def action_start(self) -> None:
        if self._playable():
            self.dismiss(Seating(tuple(self.order), self.first, self.roll))

    def action_cancel(self) -> None:
        self.dismiss(None)


class NamesModal(VoiceModal[tuple[str, ...] | None]):
    """Each explorer's name, optional: the colour always shows beside it."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="voice.names.cancel", tooltip="No new game"),
    ]

    def __init__(self, colours: Sequence[str]) -> None:
        super().__init__()
        self.colours = tuple(colours)

    def compose(self) -> ComposeResult:
        with Vertical(id="voice-names", classes="voice-modal"):
            yield Static("[b]The explorers' names[/b] (optional)")
            for n, colour in enumerate(self.colours):
                with Horizontal(classes="voice-name-row"):
                    yield Label(f"{n + 1}. {colour.capitalize()}", classes="voice-name-label")
                    yield TextInput(placeholder="name, or leave empty", id=f"name-{n}")
            yield Static(
                "tab to the next name · enter starts the game · escape cancels",
                classes="voice-help",
            )
            yield Static(id="names-error", classes="voice-error")

    @on(Input.Submitted)
    @choice
    def _start(self) -> None:
        names = tuple(
            self.query_one(f"#name-{n}", Input).value for n in range(len(self.colours))
        )
        try:
            new_tomb(self.colours, names)
        except RuleError as err:
            self.query_one("#names-error", Static).update(plain(str(err)))
            return
        self.dismiss(names)

    def action_cancel(self) -> None:
        self.dismiss(None)
