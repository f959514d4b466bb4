"""The Textual application: the start screen, the Phantom grimoire and the assistant modes."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import importlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.screen import ModalScreen, Screen

from grimoire.core.freetext import printable
from grimoire.game import Game
from grimoire.modes import GameMode, game_mode
from grimoire.store.file_jobs import FileJobs
from grimoire.store.lock import GameInUse
from grimoire.tui.guard import ANSWERED_BY_KEY, Guarded, TypedKeys, stray
from grimoire.tui.one_window import OneWindowPerGame
from grimoire.tui.support.sweep import sweep_start

if TYPE_CHECKING:
    from grimoire.tui.session import AutoSaver


def load_mode_screen(mode: GameMode) -> Screen[None]:
    module_name, _, class_name = mode.screen.partition(":")
    screen_class = getattr(importlib.import_module(module_name), class_name)
    return screen_class()


class FileJobFailed(Message):
    """A file job (grimoire.store.file_jobs) went wrong: told from its thread, said here."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


# Refreshes an exit waits at most for a screen still being built (GrimoireApp.exit); a screen
# that never gets built does not keep the app from going.
EXIT_WAITS = 20


class GrimoireApp(OneWindowPerGame, App[None]):
    """One app for every mode; ``mode`` opens an assistant game directly, ``save`` (a path) or
    ``game`` (already loaded) opens the grimoire on a game."""

    TITLE = "Grimoire"
    CSS_PATH = "grimoire.tcss"
    # A terminal under 100 columns (80x24): its screens are "-cramped", and their toasts are
    # kept small and clear of the footer's keys (grimoire.tcss).
    HORIZONTAL_BREAKPOINTS = [(0, "-cramped"), (100, "-roomy")]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True,
                tooltip="Quit (everything is saved; if a save failed, asks first)"),
    ]
    COLLECT_AFTER_START = 1.0  # seconds after the first frame (tests wait less)
    RETRY_EVERY = 30.0  # seconds between tries of a failing autosave, when no action tries it

    def __init__(
        self,
        mode: str | None = None,
        save: str | None = None,
        game: Game | None = None,
        problem: str | None = None,
        autosave_to: Path | None = None,
        rehearsal: bool = False,
        writer: Any = None,
    ) -> None:
        super().__init__()
        self._start_mode = mode
        self._start_save = save
        self._start_game = game
        self._start_problem = problem
        # The file the game given at start continues in (grimoire play FILE); None: a new
        # file in the library.
        self._start_path = autosave_to
        self._start_rehearsal = rehearsal
        # The game's saves.RecordWriter when it was read from its file (saves.load_for_play).
        self._start_writer = writer
        # The file of the game open now: the one file its autosave writes.
        self._autosave_to: Path | None = None
        self.rehearsal = False
        # One grimoire.tui.session.AutoSaver per file, each made on its first save: two
        # writers never race on one file.
        self._savers: dict[Path, Any] = {}
        # Failing autosaves: tried again by a slow timer (made at the first failure); the
        # savers whose changes the storyteller chose to lose when quitting.
        self._retry_timer: Any = None
        self._losing: list[Any] = []
        self._saved_elsewhere: list[Any] = []
        self.rescued: list[Path] = []  # where games were saved instead of their own files
        self._notices_up: set[tuple[str, str]] = set()  # (title, message) of the notices on screen now
        self.palette_opened = False  # set by grimoire.tui.palette.open_palette
        self.closing = False  # the app was told to exit (exit): keys act no more
        self._exit_waits = 0  # refreshes the exit waited for a screen still being built
        self.typed_keys = TypedKeys()  # the order keys were typed in: the Enter that ends a seat number
        # The small writes nobody waits for (grimoire.store.file_jobs), in order, in a thread.
        self.file_jobs = FileJobs("grimoire-files", on_error=self._file_job_failed)
        self._init_one_window()  # the open game's lock: one window writes a game at a time

    def on_mount(self) -> None:
        if self._start_game is not None and not self._start_problem and self._start_mode is None:
            # A game opened directly (grimoire play SAVE): the grimoire is the only screen,
            # nothing under it is ever shown, so the start screen is not built at all.
            self._open_start_game()
            return
        from grimoire.tui.screens.start import StartScreen

        self.push_screen(StartScreen())
        if self._start_problem:
            self.report_problem(self._start_problem)
        if self._start_mode is not None:
            self.open_game(self._start_mode)
        elif self._start_game is not None:
            self._open_start_game()
        elif self._start_save is not None:
            self.load_and_open(self._start_save)

    def _open_start_game(self) -> None:
        assert self._start_game is not None
        self.open_grimoire(self._start_game, save=self._start_path is None,
                           rehearsal=self._start_rehearsal, path=self._start_path,
                           writer=self._start_writer)
        sweep_start()  # the grimoire's screen is built: what building it threw away goes

    def on_ready(self) -> None:
        self.call_after_refresh(self._first_frame_drawn)

    def _first_frame_drawn(self) -> None:
        self._tidy_at_start()
        if not gc.isenabled():  # grimoire.cli held the collector off for the start
            gc.freeze()  # what the start made lives as long as the app: collections skip it
            gc.enable()
            self.set_timer(self.COLLECT_AFTER_START, self._collect_after_start)
        if os.environ.get("GRIMOIRE_EXIT_AFTER_FIRST_FRAME"):  # tests/bench/bench_app.py
            self.exit()

    def _collect_after_start(self) -> None:
        # A second after the first frame (the storyteller is reading it): free the ~4,000
        # objects the start threw away (~35 ms), which the freeze would otherwise keep.
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    async def on_event(self, event: events.Event) -> None:
        """Every key passes here as it is typed: one typed too soon for the screen on top
        (before a picker was drawn: grimoire.tui.guard.stray) is dropped. A key the screen did
        not keep comes back here to be handled: the Enter typed right after a seat number's digit
        is that number's (grimoire.tui.guard.TypedKeys), whatever the number has opened since."""
        if isinstance(event, events.Paste):
            self.typed_keys.pasted()
        elif isinstance(event, events.Key):
            keys = self.typed_keys
            if not event.is_forwarded:
                keys.arrived(event)
                if stray(self, event.key, event.time):
                    keys.dropped(event)
                    event.stop()
                    return
                if keys.follows_dropped():
                    from grimoire.tui.support import seat_entry

                    if keys.rest_of_dropped(event, seat_entry.PAUSE):  # the rest of a number typed too soon
                        event.stop()
                        return
                arrived = getattr(self.screen, "key_arrived", None)
                if arrived is not None:  # a picker: a letter that starts its filter (Pick.key_arrived)
                    arrived(event.character)
            else:
                keys.handling(event)
                number = keys.enter_ends(event)
                if number is not None:
                    event.stop()
                    told = getattr(self.screen, "enter_ended_number", None)
                    if not number.ended_by_enter() and told is not None:
                        told()  # the number had ended: say why this Enter did nothing
                    elif number is ANSWERED_BY_KEY:  # however long after: never a key that does nothing unsaid
                        self.notify("That Enter ended the choice made by its letter: Enter again goes on.",
                                    title="Enter taken", timeout=3)
                    return
        await super().on_event(event)

    async def run_action(self, action: Any, default_namespace: Any = None, namespaces: Any = None) -> bool:
        """Every key's action passes here (grimoire.tui.guard): a screen's own action waits
        until the screen is built, and is dropped while it is closing, covered or busy."""
        if self.closing:
            return False  # a key typed after quitting: the app is going, nothing opens now
        screen = default_namespace
        if isinstance(screen, Guarded) and not (isinstance(action, str) and action.startswith("app.")):
            if not screen.is_mounted and screen.is_open:
                # A key typed as the screen opened: run once it is built, in the order typed.
                screen.call_later(self.run_action, action, default_namespace, namespaces)
                return True
            if not screen.is_open or screen.busy:
                return False
        return await super().run_action(action, default_namespace, namespaces)

    def get_key_display(self, binding: Binding) -> str:
        """A key as it is typed ("!", "?"), never its name; several keys joined by "/"."""
        if binding.key_display:
            return binding.key_display
        shown = super().get_key_display
        keys = [key.strip() for key in binding.key.split(",") if key.strip()]
        if len(keys) > 1:
            return "/".join(shown(dataclasses.replace(binding, key=key)) for key in keys)
        return shown(binding)

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notice is plain words: the names, paths and errors in it are shown as written
        ("Hal [/]" is no markup, "[@click=…]" no button) and a control character as its escape.
        (``markup`` is accepted as Textual's is, and ignored.) A notice the same as one still on
        screen is not shown again: a key pressed again and again where it only explains piles up
        no toasts over what is being read."""
        shown = (printable(str(title)), printable(str(message), lines=True))
        if shown in self._notices_up:
            return
        self._notices_up.add(shown)
        self.set_timer(self.NOTIFICATION_TIMEOUT if timeout is None else timeout,
                       lambda: self._notices_up.discard(shown))
        super().notify(shown[1], title=shown[0], severity=severity, timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        # Textual's own ctrl+c hint is markup, which notices no longer read: said plainly here.
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {key} to quit the app", title="Do you want to quit?")
                return

    def action_command_palette(self) -> None:
        # The palette guarded against keys typed faster than it closes (grimoire.tui.palette),
        # and with no id (Textual's has one): a palette closed a moment ago is still being
        # removed when ctrl+p opens the next, and two screens of one id are DuplicateIds.
        if self.opening:
            return  # a game being read opens over no question (the screens' keys wait too: Guarded.busy)
        from grimoire.tui.palette import open_palette

        open_palette(self)

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
        self.closing = True  # from now on no key acts (run_action): nothing new opens
        unbuilt = [screen for screen in self.screen_stack if not screen.is_mounted]
        if unbuilt and self._exit_waits < EXIT_WAITS:
            # A screen opened by a key typed just before (a picker, the palette) is still
            # being built: taken down now, its widgets would be gone before its own Mount
            # ran (NoMatches in its on_mount, or in the palette's first search). The app
            # goes once every screen is built, a refresh or two later.
            self._exit_waits += 1
            self.call_after_refresh(self.exit, result, return_code, message)
            return
        if self.palette_opened:  # (else no palette's search to end, nor its module to load now)
            from grimoire.tui.palette import end_searches

            end_searches(self)  # before the screens are taken down (grimoire.tui.palette)
        super().exit(result, return_code, message)

    def search_themes(self) -> None:
        # The palette's "Theme" command opens a palette of its own: guarded the same way.
        from textual.theme import ThemeProvider

        from grimoire.tui.palette import open_palette

        open_palette(self, providers=[ThemeProvider], placeholder="Search for themes…")

    def get_system_commands(self, screen: Screen[Any]) -> Iterator[SystemCommand]:
        yield from super().get_system_commands(screen)
        if isinstance(screen, ModalScreen):
            return  # a question is answered before anything else opens: no game over it
        yield SystemCommand("New game", "Set up a new Phantom game", self.action_new_game)
        yield SystemCommand("Resume the last game", "Open the game changed last", self.action_resume)

    @property
    def question_open(self) -> bool:
        """A question (a picker, a dialog, the palette) is open on top: nothing opens over it."""
        return isinstance(self.screen, ModalScreen)

    # --- opening things ----------------------------------------------------------------------
    def open_game(self, key: str) -> None:
        """Open an assistant game's root screen on top of the start screen."""
        self.push_screen(load_mode_screen(game_mode(key)))

    def open_grimoire(self, game: Game, save: bool = True, rehearsal: bool = False,
                      path: Path | None = None, read_only: str | None = None, writer: Any = None) -> None:
        """Open the grimoire on ``game``, autosaved to ``path`` in place; with no path, a
        rehearsal goes to the rehearsal's file and a real game gets a new library file.

        The file's lock is taken first; if another window holds it, the storyteller is asked
        whether to open it read-only (``read_only``: why; then nothing is ever written).
        ``writer``: the saves.RecordWriter that read the game from ``path``, its events'
        text made (saves.load_for_play), so that the first save of a long game is quick."""
        from grimoire.tui.screens.table import GrimoireScreen

        fresh = path is None  # a new game's file, or a rehearsal started anew
        if path is None:
            if rehearsal:
                from grimoire.store.paths import autosave_path

                path = autosave_path(rehearsal=True)
            else:
                from grimoire.store.library import create_game

                try:
                    path = create_game(game.setup, game.events)
                except OSError as exc:
                    self.report_problem(f"Cannot create the game's file: {exc.strerror or exc}")
                    return
                save = False  # the new file already holds the game
        if read_only is None:
            try:
                path = self._hold(path)
            except (GameInUse, OSError) as exc:
                self._ask_read_only(path, exc, rehearsal)
                return
        else:
            self._let_go_held()  # the game open before is another window's to take now
        if fresh and read_only is None:
            # A path used before (the rehearsal's) keeps nothing of the last game's table:
            # no vote going round, no timer, no phone's link to a seat of that game, no card
            # dealt or sent to a phone.
            from grimoire.store.live_table import forget_table
            from grimoire.store.phone_cards import forget_phones
            from grimoire.store.seat_links import forget_seat_links

            forget_table(path)
            forget_seat_links(path)
            forget_phones(path)
        self._autosave_to = path
        if writer is not None and read_only is None:
            self._get_saver().writer = writer
        self.rehearsal = rehearsal
        screen = GrimoireScreen(game, rehearsal=rehearsal, read_only=read_only, path=path)
        self._follow(path, screen if read_only else None)
        if read_only is None:
            # A read-only window never says which game is open: the town square follows the
            # window that runs the game.
            self._record_open(path, rehearsal)
        self.push_screen(screen)
        if read_only is not None:
            from grimoire.tui.session import read_only_notice

            self.notify(read_only_notice(read_only), title="Read-only", severity="warning", timeout=8)
        elif save:
            self.autosave(game)

    def _record_open(self, path: Path, rehearsal: bool) -> None:
        # For the town square (grimoire townsquare with no argument): which game to follow.
        # Written off the UI thread: the first frame of a game never waits for this file.
        from grimoire.store.open_game import pointer_path, record_open

        pointer = pointer_path()  # this app's home, whenever the job runs

        def record() -> None:
            try:
                record_open(path, rehearsal, pointer)
            except OSError as exc:
                self.post_message(FileJobFailed(
                    f"The town square cannot be told which game is open: {exc.strerror or exc}"))

        self.file_jobs.run(record)

    def _file_job_failed(self, exc: BaseException) -> None:
        self.post_message(FileJobFailed(f"A file job failed: {type(exc).__name__}: {exc}"))

    def on_file_job_failed(self, message: FileJobFailed) -> None:
        self.notify(message.text, severity="warning", timeout=8)

    def open_rehearsal(self, game: Game) -> None:
        self.open_grimoire(game, rehearsal=True)

    def action_new_game(self) -> None:
        from grimoire.tui.screens.setup import SetupScreen

        if not self.question_open:  # the palette's command, run as a question opened
            self.push_screen(SetupScreen())

    def action_resume(self) -> None:
        """Resume the game changed last (the start screen offers it only when there is one)."""
        self.resume_last()

    def resume_last(self) -> None:
        if not self.opening and not self.question_open:
            self._resume_last()

    @work(thread=True, group="load")
    def _resume_last(self) -> None:
        from grimoire.store.library import listing

        entry = next((e for e in listing() if not e.damaged), None)
        if entry is None:
            self.call_from_thread(self.report_problem, "There is no saved game to resume yet.")
            return
        self._read_then_open(str(entry.path))

    def autosave_path(self) -> Path:
        """The file the open game is written to."""
        if self._autosave_to is None:
            raise RuntimeError("no game is open")
        return self._autosave_to

    def report_problem(self, message: str, title: str = "Cannot open the game") -> None:
        from grimoire.tui.screens.start import StartScreen

        # Errors stay long enough to read, then go by themselves; the start screen keeps it.
        self.notify(message, title=title, severity="error", timeout=10)
        for screen in self.screen_stack:
            if isinstance(screen, StartScreen):
                screen.show_problem(message)

    @property
    def opening(self) -> bool:
        """A game is being read to be opened: a second one (Enter twice) is not opened too."""
        return any(w.group == "load" and not w.is_finished for w in self.workers)

    def load_and_open(self, path: str, read_only: str | None = None, rehearsal: bool = False) -> None:
        if not self.opening:
            self._read_and_open(path, read_only, rehearsal)

    @work(thread=True, group="load")
    def _read_and_open(self, path: str, read_only: str | None, rehearsal: bool) -> None:
        self._read_then_open(path, read_only, rehearsal)

    def _read_then_open(self, path: str, read_only: str | None = None, rehearsal: bool = False) -> None:
        """In a loading worker's thread: read the game, then open it on the UI thread."""
        from grimoire.store.saves import SaveError, load_for_play

        try:
            game, writer = load_for_play(path)
        except SaveError as exc:
            self.call_from_thread(self.report_problem, f"{exc} (the file was left as it is)")
            return
        self.call_from_thread(self.open_grimoire, game, False, rehearsal=rehearsal, path=Path(path),
                              read_only=read_only, writer=writer)

    # --- never lose anything ------------------------------------------------------------------
    def _get_saver(self) -> AutoSaver:
        from grimoire.tui.session import AutoSaver

        path = self.autosave_path()
        if path not in self._savers:
            self._savers[path] = AutoSaver(path, on_error=self._autosave_failed, on_saved=self._saved_again)
        return self._savers[path]

    def autosave(self, game: Game) -> None:
        if not self.may_write(self.autosave_path()):
            return  # written only under its lock: a read-only game never is
        saver = self._get_saver()
        saver.snapshot(game)
        # The snapshot is taken now, in order; it is handed to the writer once the screen has
        # been drawn, so the writing never holds up the frame the storyteller is waiting for.
        # A refresh callback is dropped if its screen closes first (a picker answered), so a
        # timer hands it over too: a snapshot handed over twice is written once, and an app
        # that ends first writes it as it closes (``flush``). Both carry the bound method as it
        # is (arguments made Textual read the callback's signature again at every step), and
        # the timer is the event loop's (a Textual timer names itself after the app, whose
        # rich repr was half of this method's time).
        self.call_after_refresh(saver.hand_over)
        try:
            asyncio.get_running_loop().call_later(0.05, saver.hand_over)
        except RuntimeError:  # no loop running (the app not started): the refresh hands it over
            pass

    def _autosave_failed(self, problem: str) -> None:  # called in the writer thread
        self._from_writer(self.show_unsaved, problem)

    def _saved_again(self) -> None:  # called in the writer thread
        self._from_writer(self.show_unsaved)

    def _from_writer(self, call: Any, *args: Any) -> None:
        try:
            self.call_from_thread(call, *args)
        except RuntimeError:  # the app has already stopped
            pass

    def _all_savers(self) -> list[Any]:
        """Every autosave of this window: the grimoire's games' and the assistant games'."""
        savers = list(self._savers.values())
        for screen in self.screen_stack:
            own = getattr(screen, "autosaver", None)
            if own is not None and own not in savers:
                savers.append(own)
        return savers

    def _saver_of(self, screen: Screen[Any]) -> Any:
        own = getattr(screen, "autosaver", None)
        return own if own is not None else self._savers.get(getattr(screen, "path", None))  # type: ignore[arg-type]  # no path: none

    def show_unsaved(self, failed: str | None = None) -> None:
        """Every game screen's banner says what its autosave could not write (or goes).
        ``failed``: a write just failed, with this problem; None: one just succeeded."""
        from grimoire.tui.widgets.unsaved import UnsavedBanner

        newly_failing = failed is not None
        for screen in self.screen_stack:
            saver = self._saver_of(screen)
            for banner in screen.query(UnsavedBanner):
                if saver is None:
                    continue
                was_shown = banner.display
                banner.show_unsaved(saver.unsaved, saver.failing_since, saver.last_error or "")
                newly_failing = newly_failing and not was_shown
                if was_shown and not banner.display:
                    self.notify(f"Saved again: {saver.path}", title="Saved", timeout=5)
        if newly_failing:  # told once as a notice; the banner keeps saying it
            self.notify(f"Autosave failed: {failed}", severity="error", timeout=10)
        if failed is not None and self._retry_timer is None:
            # Tried again now and then, even if the storyteller takes no action.
            self._retry_timer = self.set_interval(self.RETRY_EVERY, self._retry_saves)

    def _retry_saves(self) -> None:
        for saver in self._all_savers():
            if saver.unsaved:
                saver.retry()

    def unsaved_savers(self) -> list[Any]:
        """The autosaves with changes not on disk, but for those the storyteller let go."""
        let_go = self._losing + self._saved_elsewhere
        return [s for s in self._all_savers() if s.unsaved and s not in let_go]

    @property
    def saving(self) -> bool:
        """An autosave asked for is not on disk yet (being handed over or written)."""
        return any(saver.behind for saver in self._savers.values())

    async def autosave_done(self, timeout: float = 10.0) -> None:
        """Wait until every autosave asked for is on disk (quitting and tests wait for this).

        A disk that never answers does not hold the app open: after ``timeout`` it gives up.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.saving and loop.time() < deadline:
            await asyncio.sleep(0.01)  # the hand-over to the writer waits for a frame

    def on_unmount(self) -> None:
        # However the app ends: all of the game is written, then it is let go; the writers'
        # threads end once all is written.
        self._release_at_exit()
        for saver in self._savers.values():
            saver.close()
        self.file_jobs.wait(timeout=10)  # which game is open, the tidying: done as the app ends

    async def action_quit(self) -> None:
        # Quitting asks nothing while all is saved: wait for the last autosave and export,
        # then go. Changes its autosave could not write are never lost without asking.
        await self.autosave_done()
        unsaved = self.unsaved_savers()
        if unsaved:
            self._ask_unsaved(unsaved[0])
            return
        exporting = [w for w in self.workers if w.group == "export"]
        if exporting:  # an empty list would mean "wait for every worker", dialogs included
            await self.workers.wait_for_complete(exporting)
        self.exit()

    @work(exclusive=True, group="unsaved-quit")
    async def _ask_unsaved(self, saver: Any) -> None:
        from grimoire.tui.screens.unsaved import LOSE, UnsavedQuit

        if any(isinstance(screen, UnsavedQuit) for screen in self.screen_stack):
            return  # asked already
        is_grimoire = saver in self._savers.values()
        what = "The game" if is_grimoire else f"{getattr(self.screen, 'GAME_TITLE', 'The game')}"
        if is_grimoire:
            reopen = " (grimoire play FILE opens it)"
        else:
            from grimoire.modes import GAME_COPY as reopen
        question = UnsavedQuit(saver, what, reopen)
        answer = await self.push_screen_wait(question)
        if answer is None:
            return  # back to the game, its banner still up
        if answer == LOSE:
            self._losing.append(saver)
        if question.rescued is not None:
            self.rescued.append(question.rescued)
            self._saved_elsewhere.append(saver)  # nothing of it is lost
        await self.action_quit()  # the next game not saved is asked about, or the app goes


def run_app(
    mode: str | None = None,
    save: str | None = None,
    game: Game | None = None,
    autosave_to: Path | None = None,
    rehearsal: bool = False,
) -> int:
    """``save``: a game's file, continued in place; ``game``: a game to open (in
    ``autosave_to`` if given, else a new library file, or the rehearsal's file)."""
    problem = writer = None
    if save is not None and mode is None:
        # Read before the UI starts: the first frame is the table itself.
        from grimoire.store.saves import SaveError, load_for_play

        try:
            game, writer = load_for_play(save)
            autosave_to = Path(save)
        except SaveError as exc:
            problem = f"{exc} (the file was left as it is)"
    sweep_start()  # the modules' and the reading's garbage (attrs' first drafts of each class)
    app = GrimoireApp(mode=mode, game=game, problem=problem, autosave_to=autosave_to, rehearsal=rehearsal,
                      writer=writer)
    app.run()
    for saver in app._savers.values():  # however the app ended, what was handed over is written
        saver.flush(timeout=10)
    for place in app.rescued:
        print(f"The game was saved to {printable(str(place))} (its own file could not be written).")
    for saver in app._all_savers():
        if saver.unsaved and saver not in app._saved_elsewhere:
            from grimoire.tui.widgets.unsaved import changes

            lost = changes(saver.unsaved)
            print(f"NOT SAVED: {lost} lost ({printable(saver.last_error or str(saver.path))}).")
    # An app that ended on an exception (Textual printed it) is a failure, never exit code 0.
    return app.return_code or 0
