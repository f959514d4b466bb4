"""The assistant games' screens share one way of saving: every change is handed to the game's
autosave writer (``grimoire.store.autosaver``, the grimoire's too) in order, written in its
thread, and flushed when the screen goes. What is saved is the game now and the states undo
goes back to (``persist.Autosaved``), so that undo survives a resume.

One window plays a game at a time: the mode's first screen takes the autosave's lock
(``hold_autosave``) and gives it up when it goes. A second window is told, and may watch the
game read-only (it follows the autosave as the other window writes it) or go back; it never
writes, and the actions in ``CHANGES_GAME`` are refused with a notice (``GrimoireApp.run_action``).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work

from grimoire.games import persist
from grimoire.modes import GAME_COPY
from grimoire.store.autosaver import AutoSaver
from grimoire.store.lock import GameInUse

if TYPE_CHECKING:
    from textual.screen import Screen

    _Screen = Screen[Any]  # the type checker reads the mixin as the screen it is mixed into
else:
    _Screen = object


class AutosaveScreen(_Screen):
    """Mixed into a game's Screen; the screen sets ``self._saver`` in its constructor
    (``new_saver``), or is given the saver of the mode's first screen.

    ``SAVE`` is the game's save module (``AUTOSAVE``, its ``persist.SaveFormat``), ``GAME_TITLE``
    its name in the messages; ``show_watched`` shows a state read from another window's autosave.
    """

    _saver: AutoSaver[persist.Autosaved]
    SAVE: ModuleType  # (set on the class)
    GAME_TITLE: ClassVar[str] = "This game"
    CHANGES_GAME: ClassVar[frozenset[str]] = frozenset()
    read_only: str | None = None  # why this window may only watch (another window plays)
    _holds_autosave = False
    _watched_stamp: tuple[int, int] | None = None

    def new_saver(self) -> AutoSaver[persist.Autosaved]:
        return persist.game_saver(self.SAVE.AUTOSAVE, on_error=self._autosave_failed,
                                  on_saved=self._autosave_saved_again)

    @property
    def autosaver(self) -> AutoSaver[persist.Autosaved] | None:
        """This window's autosave of the game; None when it only watches (it writes nothing)."""
        return None if self.read_only else self._saver

    def on_mount(self) -> None:
        from grimoire.tui.widgets.unsaved import UnsavedBanner

        # Says, until a save succeeds, that the game is not saved (GrimoireApp.show_unsaved).
        self.mount(UnsavedBanner(), before=0)

    def save_state(self, state: Any, finished: bool, undo: tuple[Any, ...] = ()) -> None:
        """Save ``state`` and the states ``undo`` goes back to (oldest first), or delete the
        autosave when the game is ``finished``. Costs this thread a hand-over, no more."""
        if self.read_only:
            return
        if finished:  # nothing left to resume
            self._saver.delete()
        else:
            self._saver.save(persist.Autosaved(state, persist.kept(undo)))

    @work(thread=True, exclusive=True, group="autosave-read")
    def _read_autosave(self) -> None:
        """Read the autosave off the UI thread, then ``_offer_resume(saved, problem)`` on it:
        the game and its undo, or None and what is wrong with the file."""
        app: Any = self.app
        try:
            saved = persist.load_saved(self.SAVE.AUTOSAVE)
        except persist.GameSaveError as err:
            app.call_from_thread(self._offer_resume, None, str(err))  # type: ignore[attr-defined]  # each screen's own
            return
        app.call_from_thread(self._offer_resume, saved, None)  # type: ignore[attr-defined]  # (Mau Mau's reads alone)

    def forget_save(self) -> None:
        """The game was ended on purpose: delete its autosave."""
        if not self.read_only:
            self._saver.delete()

    def _autosave_failed(self, problem: str) -> None:  # called in the writer's thread
        self._tell_app(problem)

    def _autosave_saved_again(self) -> None:  # called in the writer's thread
        self._tell_app(None)

    def _tell_app(self, problem: str | None) -> None:
        """The banners say what is not saved (or go): ``problem`` a write failed, None one worked."""
        app: Any = self.app
        try:
            app.call_from_thread(app.show_unsaved, problem)
        except RuntimeError:  # the app has already stopped
            pass

    async def unsaved_asked(self) -> bool:
        """Before leaving the mode (which lets go of the game): changes its autosave could not
        write are asked about (saved elsewhere, retried, or lost on purpose). False: stay."""
        saver = self.autosaver
        if not self._holds_autosave or saver is None or not saver.unsaved:
            return True
        from grimoire.tui.screens.unsaved import UnsavedQuit

        app: Any = self.app
        question = UnsavedQuit(saver, self.GAME_TITLE, GAME_COPY)
        if await app.push_screen_wait(question) is None:
            return False
        if question.rescued is not None:
            app.rescued.append(question.rescued)
        return True

    def on_unmount(self) -> None:
        # Leaving the mode: anything not written yet is written now, the writer's thread ends,
        # and the game is let go for another window.
        if self._holds_autosave:
            self._saver.let_go()
        elif not self.read_only:
            self._saver.close()

    # --- one window per game -----------------------------------------------------------------
    def hold_autosave(self, then: Callable[[], object]) -> None:
        """Take the game for this window, then ``then()``; if another window has it, ask
        whether to watch it read-only (then ``then()`` too) or go back."""
        try:
            self._saver.hold()
        except (GameInUse, OSError) as exc:
            from grimoire.tui.screens.read_only import in_use_reason

            self.read_only = in_use_reason(exc, self.GAME_TITLE)
            self._ask_watch(exc, then)
            return
        self._holds_autosave = True
        then()

    @work(exclusive=True, group="autosave-ask")
    async def _ask_watch(self, exc: GameInUse | OSError, then: Callable[[], object]) -> None:
        from grimoire.store.saves import file_stamp
        from grimoire.tui.screens.read_only import OpenReadOnly

        watch = await self.app.push_screen_wait(
            OpenReadOnly(self._saver.path, exc, what=self.GAME_TITLE, watch=True))
        if not watch:
            self.dismiss(None)
            return
        self.sub_title = f"READ-ONLY · {self.sub_title}"
        self._watched_stamp = file_stamp(self._saver.path)
        self.set_interval(1.0, self.poll_watched)
        then()

    def poll_watched(self) -> None:
        """Read the autosave again if the window playing it has written it since."""
        from grimoire.store.saves import file_stamp

        stamp = file_stamp(self._saver.path)
        if stamp is not None and stamp != self._watched_stamp:
            self._watched_stamp = stamp
            self._read_watched()

    @work(thread=True, exclusive=True, group="autosave-watch")
    def _read_watched(self) -> None:
        try:
            state = self.read_saved()
        except persist.GameSaveError:
            return  # damaged, or not this game's: keep showing what was shown
        self.app.call_from_thread(self.show_watched, state)

    def read_saved(self) -> Any:
        """The game as its autosave holds it (GameSaveError if it cannot be read)."""
        return persist.load_saved(self.SAVE.AUTOSAVE).state

    def show_saved(self, state: Any, problem: str | None) -> None:
        """Watching: the game as its autosave holds it, no question asked (or why not)."""
        if state is not None:
            self.show_watched(state)
            return
        self.notify(problem or "", title="The autosave cannot be read", severity="error")

    def show_watched(self, state: Any) -> None:
        """Show ``state``, read from the autosave another window writes."""
        raise NotImplementedError
