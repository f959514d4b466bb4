"""Digits typed towards a seat number, on a screen or in a picker: the same keys everywhere."""

from __future__ import annotations

from collections.abc import Callable, Collection

from textual.message_pump import MessagePump
from textual.timer import Timer

from grimoire.tui.guard import number_typed
from grimoire.tui.support.choice_keys import NoSeat, Seat, Wait, end, read

PAUSE = 0.6  # seconds without a digit that end a number a longer one could extend

Done = Callable[[Seat | NoSeat], None]


class SeatEntry:
    """Holds the digits typed so far; hands a complete number (or a refusal) to ``done``.

    ``shown`` is told the digits pending ("" once none are), so the screen can show them.

    The Enter typed right after a digit is the number's (``ended_by_enter``, called by the app:
    grimoire.tui.guard.TypedKeys): it ends a number still waiting, or does what the screen left
    waiting for it (``then``: a row the number pointed at, chosen by Enter), and nothing else.
    """

    def __init__(self, owner: MessagePump, shown: Callable[[str], None]) -> None:
        self.owner = owner
        self.shown = shown
        self.typed = ""
        self._offered: Collection[int] = ()
        self._done: Done | None = None
        self._timer: Timer | None = None
        self._showing = False  # digits are on the screen (a number a longer one could extend)
        # What the Enter after the number does once it is read (the row it pointed at, chosen).
        self.then: Callable[[], None] | None = None

    def press(self, digit: str, offered: Collection[int], done: Done) -> None:
        self._stop()
        self.then = None
        number_typed(self.owner.app, self)
        self.typed += digit
        self._offered, self._done = tuple(offered), done
        reading = read(self.typed, self._offered)
        if isinstance(reading, Wait):
            self._timer = self.owner.set_timer(PAUSE, self._pause)
            self._show(self.typed)
            return
        self._hand_over(reading)

    def finish(self) -> bool:
        """End the number now (Enter); False when no digit was pending."""
        if not self.typed:
            return False
        self._stop()
        self._hand_over(end(self.typed, self._offered))
        return True

    def ended_by_enter(self) -> bool:
        """The Enter typed right after this number's last digit: it ends the number, or does
        what was left waiting for it, and answers nothing else (not the picker, the step or the
        vote the number led to). False: it did nothing (the number had ended already)."""
        then, self.then = self.then, None
        if not getattr(self.owner, "is_open", True):
            self.clear()  # the screen of the number closed or is covered: the Enter was its
            return False
        if self.finish():
            return True
        if then is not None:
            then()
            return True
        return False

    def clear(self) -> None:
        """Forget pending digits (the step changed, another key answered)."""
        self._stop()
        self.then = None
        if self.typed:
            self.typed = ""
            self._show("")

    def _pause(self) -> None:
        self._timer = None
        if not getattr(self.owner, "is_open", True):
            # The screen closed or a picker covered it while the number waited: the digits
            # were meant for it, not for whatever is on top now.
            self.typed = ""
            return
        self.finish()

    def _hand_over(self, reading: Seat | NoSeat) -> None:
        done, self.typed = self._done, ""
        self._show("")
        if done is not None:
            done(reading)

    def _show(self, typed: str) -> None:
        # A seat read at its first digit was never shown pending: nothing to take back (the
        # answer redraws the screen anyway, and a redraw for nothing was a fifth of the key).
        if typed or self._showing:
            self._showing = bool(typed)
            self.shown(typed)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
