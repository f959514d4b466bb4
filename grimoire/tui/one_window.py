"""One window per game, the app's side: the open game's lock, the question when another window
holds it, a read-only game that follows its file, and the refusals on read-only screens (or,
once the window that held the game has closed, the offer to open it for writing).

A window writes a game only while it holds the game's lock (``grimoire.store.lock``); it lets
go when it opens another game or closes, once all of the game is written. Mixed into
``GrimoireApp``, which keeps the savers (``_savers``) and the open game's path.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import actions, work
from textual.screen import Screen

from grimoire.game import Game
from grimoire.store.lock import GameInUse, GameLock, Holder

if TYPE_CHECKING:
    from textual.app import App

    from grimoire.store.file_jobs import FileJobs

    _App = App[Any]  # the type checker reads the mixin as the app it is mixed into
else:
    _App = object


class OneWindowPerGame(_App):
    """The app's lock on its open game. Set up with ``_init_one_window`` in ``__init__``."""

    file_jobs: FileJobs
    _savers: dict[Path, Any]
    _start_path: Path | None

    def _init_one_window(self) -> None:
        # The lock of the open game while this window may write it; None: no game, or the
        # game is open read-only.
        self._held: GameLock | None = None
        # A game open read-only follows its file as the window holding it saves it.
        self._following: tuple[Path, Any] | None = None
        self._followed_stamp: tuple[int, int] | None = None
        self._follow_timer: Any = None
        # Who held the game open read-only here when it was opened: once that window has
        # closed, a change is met with the offer to open it for writing, not with its name.
        self._read_only_writer: Holder | None = None

    def may_write(self, path: Path) -> bool:
        """Whether this window holds ``path`` (the path it was opened by)."""
        return self._held is not None and self._held.path == path

    def _hold(self, path: Path) -> Path:
        """Take ``path``'s lock for this window (GameInUse, OSError), then let go of the game
        open before. Returns the path the game is written to."""
        from grimoire.store.lock import lock_path, take
        from grimoire.store.tidy import remove_temps_of

        held = self._held
        if held is not None and lock_path(held.path) == lock_path(path):
            return held.path  # the same game again (perhaps by another name)
        lock = take(path)
        try:
            remove_temps_of(path)  # a killed write's leftovers: nobody else writes it now
        except OSError:
            pass
        self._let_go_held()
        self._held = lock
        return path

    def _let_go_held(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            self._let_go(held)

    @work(thread=True, group="let-go")
    def _let_go(self, lock: GameLock) -> None:
        # Once all of it is written: another window may take it the moment it is let go.
        saver = self._savers.get(lock.path)
        if saver is None or saver.flush(timeout=30):
            lock.release()
        # else: a write that never ends keeps the lock until this window closes

    def _release_at_exit(self) -> None:
        written = all([saver.flush(timeout=10) for saver in self._savers.values()])
        if self._held is not None and written:
            self._held.release()

    @work(exclusive=True, group="in-use")
    async def _ask_read_only(self, path: Path, exc: GameInUse | OSError, rehearsal: bool) -> None:
        from grimoire.tui.screens.read_only import OpenReadOnly, in_use_reason
        from grimoire.tui.screens.start import StartScreen

        app: Any = self
        if not any(isinstance(screen, StartScreen) for screen in app.screen_stack):
            app.push_screen(StartScreen())  # grimoire play FILE: back leads to the start screen
        if await app.push_screen_wait(OpenReadOnly(path, exc)):
            self._read_only_writer = exc.holder if isinstance(exc, GameInUse) else None
            # As the file is now, not as this window found it: the other window moves on.
            app.load_and_open(str(path), read_only=in_use_reason(exc), rehearsal=rehearsal)

    def _writer_gone(self) -> tuple[Path, Any, Holder] | None:
        """The game followed read-only, its screen and who had it, once no window holds it."""
        from grimoire.store.lock import holder_of

        writer = self._read_only_writer
        if self._following is None or writer is None:
            return None  # not read-only, or read-only for another reason (a folder not writable)
        path, screen = self._following
        try:
            if holder_of(path) is not None:
                return None
        except OSError:
            return None
        return path, screen, writer

    @work(exclusive=True, group="in-use")
    async def _offer_writing(self, path: Path, screen: Any, writer: Holder) -> None:
        from grimoire.tui.screens.read_only import WriterGone

        app: Any = self
        if not await app.push_screen_wait(WriterGone(path, writer)):
            return
        # The read-only screen goes (and whatever was open over it); the game opens anew from
        # its file, this window taking its lock (or asking again, if another took it meanwhile).
        while screen in app.screen_stack and len(app.screen_stack) > 1:
            await app.pop_screen()
        self._follow(path, None)
        self._read_only_writer = None
        app.load_and_open(str(path), rehearsal=screen.rehearsal)

    # --- a read-only game follows its file ---------------------------------------------------
    def _follow(self, path: Path, screen: Screen[None] | None) -> None:
        from grimoire.store.saves import file_stamp

        self._following = None if screen is None else (path, screen)
        self._followed_stamp = file_stamp(path)
        if screen is not None and self._follow_timer is None:
            self._follow_timer = self.set_interval(1.0, self._poll_followed)

    def _poll_followed(self) -> None:
        from grimoire.store.saves import file_stamp

        if self._following is None:
            return
        stamp = file_stamp(self._following[0])
        if stamp is not None and stamp != self._followed_stamp:
            self._followed_stamp = stamp
            self._reload_followed(*self._following)

    @work(thread=True, exclusive=True, group="follow")
    def _reload_followed(self, path: Path, screen: Any) -> None:
        from grimoire.store.saves import SaveError, load_game

        try:
            game = load_game(path)
        except SaveError:
            return  # damaged (or not a game any more): the screen keeps what it showed
        self.call_from_thread(self._show_followed, path, screen, game)

    def _show_followed(self, path: Path, screen: Any, game: Game) -> None:
        if self._following == (path, screen) and screen.is_attached:
            screen.show_game(game)

    # --- refusals ------------------------------------------------------------------------------
    async def run_action(self, action: str | Any, default_namespace: Any = None,
                         namespaces: Any = None) -> bool:
        """Every action goes through here: a read-only screen's changes stop with a notice,
        before any picker opens."""
        if isinstance(action, str) and default_namespace is not None:
            from grimoire.tui.session import refusal

            target, name, params = actions.parse(action)
            refused = None if target else refusal(default_namespace, name)
            if refused and default_namespace.check_action(name, params):
                gone = self._writer_gone()
                if gone is not None:  # no longer "open in another window (pid …)": it has closed
                    self._offer_writing(*gone)
                else:
                    self.notify(refused, title="Read-only", severity="warning", timeout=4)
                return True
        return await super().run_action(action, default_namespace, namespaces)

    # --- what killed writes left -------------------------------------------------------------
    def _tidy_at_start(self) -> None:
        from grimoire.store.library import games_dir
        from grimoire.store.paths import data_dir
        from grimoire.store.tidy import tidy_folder

        folders = {data_dir(), games_dir(), data_dir() / "exports"}
        if self._start_path is not None:
            folders.add(Path(self._start_path).parent)

        def tidy() -> None:
            for folder in folders:
                try:
                    tidy_folder(folder)
                except OSError:
                    pass

        self.file_jobs.run(tidy)
