"""Digits typed towards a seat number, on a screen or in a picker: the same keys everywhere."""

from __future__ import annotations

from collections.abc import Callable, Collection

from textual.message_pump import MessagePump
from textual.timer import Timer

from grimoire.tui.support.choice_keys import NoSeat, Seat, Wait, end, read

PAUSE = 0.6  # seconds without a digit that end a number a longer one could extend

Done = Callable[[Seat | NoSeat], None]


class SeatEntry:
    """Holds the digits typed so far; hands a complete number (or a refusal) to ``done``.

    ``shown`` is told the digits pending ("" once none are), so the screen can show them.
    """

    def __init__(self, owner: MessagePump, shown: Callable[[str], None]) -> None:
        self.owner = owner
        self.shown = shown
        self.typed = ""
        self._offered: Collection[int] = ()
        self._done: Done | None = None
        self._timer: Timer | None = None
        self._showing = False  # digits are on the screen (a number a longer one could extend)

    def press(self, digit: str, offered: Collection[int], done: Done) -> None:
        self._stop()
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

    def clear(self) -> None:
        """Forget pending digits (the step changed, another key answered)."""
        self._stop()
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
