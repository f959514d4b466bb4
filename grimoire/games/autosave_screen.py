"""The assistant games' screens share one way of saving: every change is handed to the game's
``persist.AutoSaver`` in order, written in a worker thread, and flushed when the screen goes."""

from __future__ import annotations

from typing import Any

from textual import work

from grimoire.games import persist


class AutosaveScreen:
    """Mixed into a game's Screen; the screen sets ``self._saver`` in its constructor."""

    _saver: persist.AutoSaver

    def save_state(self, state: Any, finished: bool) -> None:
        """Save ``state``, or delete the autosave when the game is ``finished``."""
        if finished:  # nothing left to resume
            self._write_autosave(self._saver.issue_delete(), None)
        else:
            self._write_autosave(self._saver.issue(state), state)

    def forget_save(self) -> None:
        """The game was ended on purpose: delete its autosave."""
        self._write_autosave(self._saver.issue_delete(), None)

    @work(thread=True, group="autosave")
    def _write_autosave(self, number: int, state: Any) -> None:
        try:
            if state is None:
                self._saver.delete(number)
            else:
                self._saver.write(number, state)
        except OSError:
            self.app.call_from_thread(  # type: ignore[attr-defined]
                self.notify,  # type: ignore[attr-defined]
                f"Autosave failed: {self._saver.last_error}",
                severity="error",
                timeout=10,
            )

    def on_unmount(self) -> None:
        # Leaving the mode: anything a worker has not written yet is written now.
        try:
            self._saver.flush()
        except OSError:
            pass
