"""The Textual application: the start screen, the Phantom grimoire and the assistant modes."""

from __future__ import annotations

import importlib

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from grimoire.games import GameMode, game_mode


def load_mode_screen(mode: GameMode) -> Screen[None]:
    module_name, _, class_name = mode.screen.partition(":")
    screen_class = getattr(importlib.import_module(module_name), class_name)
    return screen_class()


class GrimoireApp(App[None]):
    """One app for every mode; ``mode`` opens an assistant game directly."""

    TITLE = "Grimoire"
    CSS_PATH = "grimoire.tcss"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", tooltip="Quit (everything is saved)"),
    ]

    def __init__(self, mode: str | None = None, save: str | None = None) -> None:
        super().__init__()
        self._start_mode = mode
        self._start_save = save

    def on_mount(self) -> None:
        from grimoire.tui.screens.start import StartScreen

        self.push_screen(StartScreen())
        if self._start_mode is not None:
            self.open_game(self._start_mode)

    def open_game(self, key: str) -> None:
        """Open an assistant game's root screen on top of the start screen."""
        self.push_screen(load_mode_screen(game_mode(key)))


def run_app(mode: str | None = None, save: str | None = None) -> int:
    GrimoireApp(mode=mode, save=save).run()
    return 0
