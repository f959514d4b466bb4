"""The Textual application: the start screen, the Phantom grimoire and the assistant modes."""

from __future__ import annotations

import importlib
from pathlib import Path

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from grimoire.games import GameMode, game_mode
from grimoire.game import Game


def load_mode_screen(mode: GameMode) -> Screen[None]:
    module_name, _, class_name = mode.screen.partition(":")
    screen_class = getattr(importlib.import_module(module_name), class_name)
    return screen_class()


class GrimoireApp(App[None]):
    """One app for every mode; ``mode`` opens an assistant game directly, ``save`` (a path) or
    ``game`` (already loaded) opens the grimoire on a game."""

    TITLE = "Grimoire"
    CSS_PATH = "grimoire.tcss"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", tooltip="Quit (everything is saved)"),
    ]

    def __init__(
        self,
        mode: str | None = None,
        save: str | None = None,
        game: Game | None = None,
        problem: str | None = None,
        autosave_to: Path | None = None,
    ) -> None:
        super().__init__()
        self._start_mode = mode
        self._start_save = save
        self._start_game = game
        self._start_problem = problem
        self._autosave_to = autosave_to
        self._default_autosave_to = autosave_to
        self._saver = None  # grimoire.tui.session.AutoSaver, made on the first save

    def on_mount(self) -> None:
        from grimoire.tui.screens.start import StartScreen

        self.push_screen(StartScreen())
        if self._start_problem:
            self.report_problem(self._start_problem)
        if self._start_mode is not None:
            self.open_game(self._start_mode)
        elif self._start_game is not None:
            self.open_grimoire(self._start_game, save=False)
        elif self._start_save is not None:
            self.load_and_open(self._start_save)

    def get_system_commands(self, screen: Screen):  # type: ignore[no-untyped-def]
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Set up a new Phantom game", self.action_new_game)
        yield SystemCommand("Resume the last game", "Open the autosave", self.action_resume)

    # --- opening things ----------------------------------------------------------------------
    def open_game(self, key: str) -> None:
        """Open an assistant game's root screen on top of the start screen."""
        self.push_screen(load_mode_screen(game_mode(key)))

    def open_grimoire(self, game: Game, save: bool = True, rehearsal: bool = False) -> None:
        from grimoire.tui.screens.table import GrimoireScreen

        # A rehearsal saves to its own file, never over a real game's autosave.
        target = self._default_autosave_to
        if rehearsal:
            from grimoire.store.paths import autosave_path

            target = autosave_path(rehearsal=True)
        if target != self._autosave_to:
            self._autosave_to = target
            self._saver = None
        self.push_screen(GrimoireScreen(game))
        if save:
            self.autosave(game)

    def open_rehearsal(self, game: Game) -> None:
        self.open_grimoire(game, rehearsal=True)

    def action_new_game(self) -> None:
        from grimoire.tui.screens.setup import SetupScreen

        self.push_screen(SetupScreen())

    def action_resume(self) -> None:
        self.load_and_open(str(self.autosave_path()))

    def autosave_path(self) -> Path:
        if self._autosave_to is not None:
            return self._autosave_to
        from grimoire.store.paths import autosave_path

        return autosave_path()

    def report_problem(self, message: str) -> None:
        from grimoire.tui.screens.start import StartScreen

        self.notify(message, title="Cannot open the game", severity="error", timeout=20)
        for screen in self.screen_stack:
            if isinstance(screen, StartScreen):
                screen.show_problem(message)

    @work(thread=True, exclusive=True, group="load")
    def load_and_open(self, path: str) -> None:
        from grimoire.store.saves import SaveError, load_game

        try:
            game = load_game(path)
        except SaveError as exc:
            self.call_from_thread(self.report_problem, f"{exc} (the file was left as it is)")
            return
        self.call_from_thread(self.open_grimoire, game, False)

    # --- never lose anything ------------------------------------------------------------------
    def _get_saver(self):  # type: ignore[no-untyped-def]
        from grimoire.tui.session import AutoSaver

        if self._saver is None:
            self._saver = AutoSaver(self.autosave_path())
        return self._saver

    def autosave(self, game: Game) -> None:
        saver = self._get_saver()
        number, snap = saver.snapshot(game)
        self._write_autosave(saver, number, snap)

    @work(thread=True, group="autosave")
    def _write_autosave(self, saver, number, snap) -> None:  # type: ignore[no-untyped-def]
        try:
            saver.write(number, snap)
        except OSError:
            self.call_from_thread(
                self.notify, f"Autosave failed: {saver.last_error}", severity="error", timeout=10
            )

    async def action_quit(self) -> None:
        # Quitting asks nothing: wait for the last autosave, then go.
        saving = [w for w in self.workers if w.group in ("autosave", "export")]
        if saving:  # an empty list would mean "wait for every worker", dialogs included
            await self.workers.wait_for_complete(saving)
        self.exit()


def run_app(mode: str | None = None, save: str | None = None) -> int:
    game = None
    problem = None
    if save is not None and mode is None:
        # Read before the UI starts: the first frame is the table itself.
        from grimoire.store.saves import SaveError, load_game

        try:
            game = load_game(save)
        except SaveError as exc:
            problem = f"{exc} (the file was left as it is)"
    GrimoireApp(mode=mode, game=game, problem=problem).run()
    return 0
