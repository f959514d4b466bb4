"""Typed modal pickers: fuzzy choice of players, characters and answers; text; the key help."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.fuzzy import Matcher
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

DONE = "__done__"


class Pick(ModalScreen[Any]):
    """Pick one item, or ``count`` items (``count=None``: any number, then Done), by typing.

    Returns the value, a list of values (multi), or None when escaped.
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="pick.cancel", tooltip="Close without choosing"),
        Binding("down", "move(1)", "Down", show=False, id="pick.down", tooltip="Next item"),
        Binding("up", "move(-1)", "Up", show=False, id="pick.up", tooltip="Previous item"),
    ]

    def __init__(
        self,
        title: str,
        items: Sequence[tuple[str, Any]],
        multi: bool = False,
        count: int | None = 1,
        chosen: Sequence[Any] = (),
        highlight: Any = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.items = list(items)
        self.multi = multi
        self.count = count
        self.chosen: list[Any] = list(chosen)
        self._highlight = highlight
        self._shown: list[int] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Static(self.title_text, id="pick-title")
            if self.multi:
                yield Static("", id="pick-chosen")
            yield Input(placeholder="type to filter…", id="pick-filter")
            yield OptionList(id="pick-list")

    def on_mount(self) -> None:
        self._refill("")
        if self._highlight is not None:
            for pos, i in enumerate(self._shown):
                if i >= 0 and self.items[i][1] == self._highlight:
                    self.query_one(OptionList).highlighted = pos
        self.query_one(Input).focus()

    def _label(self, i: int) -> str:
        label, value = self.items[i]
        tick = "✔ " if self.multi and value in self.chosen else ("  " if self.multi else "")
        return f"{tick}{label}"

    def _refill(self, query: str) -> None:
        matcher = Matcher(query) if query else None
        scored = []
        for i, (label, _value) in enumerate(self.items):
            score = matcher.match(label) if matcher else 1.0
            if query and query.casefold() in label.casefold():
                score += 2.0  # a typed name or number beats a scattered match
            if score > 0:
                scored.append((score, i))
        if matcher:
            scored.sort(key=lambda s: -s[0])
        self._shown = [i for _, i in scored]
        options: list[Option] = []
        if self.multi and self.count is None:
            self._shown.insert(0, -1)
            options.append(Option(f"✔ Done ({len(self.chosen)} chosen)", id=DONE))
        options += [Option(self._label(i)) for i in self._shown if i >= 0]
        ol = self.query_one(OptionList)
        ol.set_options(options)
        if options:
            first = 0
            if self.multi and self.count is None:
                first = 1 if query and len(options) > 1 else 0  # the best match, else Done
            elif self.multi:  # the first not yet chosen
                first = next((p for p, i in enumerate(self._shown) if self.items[i][1] not in self.chosen), 0)
            ol.highlighted = first
        if self.multi:
            names = [label for label, value in self.items if value in self.chosen]
            need = f" of {self.count}" if self.count else ""
            self.query_one("#pick-chosen", Static).update(
                f"Chosen ({len(self.chosen)}{need}): " + (", ".join(names) or "nobody yet")
            )

    @on(Input.Changed)
    def _filter(self, event: Input.Changed) -> None:
        self._refill(event.value)

    def action_move(self, delta: int) -> None:
        ol = self.query_one(OptionList)
        if ol.option_count:
            ol.highlighted = ((ol.highlighted or 0) + delta) % ol.option_count

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        ol = self.query_one(OptionList)
        if ol.highlighted is not None:
            self._choose(ol.highlighted)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._choose(event.option_index)

    def _choose(self, pos: int) -> None:
        if not self._shown or pos >= len(self._shown):
            return
        i = self._shown[pos]
        if i < 0:
            self.dismiss(list(self.chosen))
            return
        value = self.items[i][1]
        if not self.multi:
            self.dismiss(value)
            return
        if value in self.chosen:
            self.chosen.remove(value)
        else:
            self.chosen.append(value)
        if self.count is not None and len(self.chosen) == self.count:
            self.dismiss(list(self.chosen))
            return
        inp = self.query_one(Input)
        if inp.value:
            inp.value = ""  # Input.Changed refills the list
        else:
            self._refill("")


class AskText(ModalScreen[str | None]):
    """One line of text (a path, a name); Enter returns it, Escape returns None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="text.cancel", tooltip="Close")]

    def __init__(self, title: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Static(self.title_text, id="pick-title")
            yield Input(self.value, placeholder=self.placeholder, id="text-input")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _done(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class KeysHelp(ModalScreen[None]):
    """Every key of the screen underneath, with what it does."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="help.close", tooltip="Close the key list"),
        Binding("question_mark", "close", "Close", show=False, id="help.close2", tooltip="Close"),
    ]

    def __init__(self, rows: Sequence[tuple[str, str, str]]) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        lines = ["[b]Keys[/b]  (Escape closes; ctrl+p opens the command palette)", ""]
        for key, desc, tip in self.rows:
            lines.append(f"[b]{key:>10}[/b]  {desc}" + (f" — {tip}" if tip and tip != desc else ""))
        with VerticalScroll(id="help-box"):
            yield Static("\n".join(lines), id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)


def binding_rows(screen: Any) -> list[tuple[str, str, str]]:
    """(key, description, tooltip) for the screen's and the app's bindings."""
    rows = []
    seen = set()
    for source in (type(screen).BINDINGS, type(screen.app).BINDINGS):
        for b in source:
            if not isinstance(b, Binding) or not b.description:
                continue
            key = screen.app.get_key_display(b)
            if (key, b.description) in seen:
                continue
            seen.add((key, b.description))
            rows.append((key, b.description, b.tooltip or ""))
    return rows
