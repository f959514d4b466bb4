"""The start screen: what Grimoire is, and the ways into it."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from grimoire.games import GAMES


class StartScreen(Screen[None]):
    BINDINGS = [
        Binding("q", "app.quit", "Quit", id="start.quit", tooltip="Leave Grimoire"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="start-body"):
            yield Static(
                "[b]Grimoire[/b] — the storyteller's companion for "
                "MASQUERADE — The Phantom of the Opera",
                id="start-title",
            )
            options = [
                Option(f"{mode.title}  —  {mode.blurb}", id=f"game:{mode.key}") for mode in GAMES
            ]
            yield OptionList(*options, id="start-menu")
        yield Footer()

    @on(OptionList.OptionSelected, "#start-menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        kind, _, key = option_id.partition(":")
        if kind == "game":
            self.app.open_game(key)  # type: ignore[attr-defined]
