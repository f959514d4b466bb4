"""Keys that arrive while a screen opens or closes: the one place that keeps them harmless.

A fast typist (or a key held down) queues keys faster than screens open and close, so a key
can reach a screen that is not yet built, one that is closing, or one that a picker has just
covered. Every screen of the app mixes in ``Guarded`` (before ``Screen`` or ``ModalScreen``):

- it closes once, and only while it is the screen on top (``dismiss`` pops whatever screen is
  on top, so a second Enter would otherwise close the screen underneath, down to an empty app);
- a choice made in one of its widgets (an option selected, a line submitted, text typed) that
  is handled once it is closing, covered or busy is dropped (each such handler is marked
  ``@choice``): the key was meant for a screen now gone, or came while another question was
  opening;
- ``asks`` runs an action that asks questions (pickers) in a worker, one question at a time:
  a second question key while the first picker is opening or open is ignored, instead of
  cancelling the first worker and leaving its picker on screen with nobody to answer.

All of it through Textual's public API (``is_active``, ``dismiss``, workers, handlers), so it
holds on any Textual 8: nothing of Textual's own is replaced (docs/benchmarks.md, "What start
and a step cost", says what the replacements were worth when they were measured: under a tenth).

The app (``GrimoireApp.run_action``) holds back the keys of a screen still being built until
it is built, and never runs an action on a screen that is closing, covered or ``busy``.

Keys typed too soon (``stray``, checked by the app as each key arrives, by the time it was
typed): a picker (a screen with ``first_moment``) takes no key but Escape typed before it was
drawn or in its first ``MOMENT``. A seat number whose digit was dropped so goes whole: the digit
typed right after it within the number's pause, and the Enter right after it, are dropped too
(``TypedKeys.rest_of_dropped``), never read as a number of their own.

The Enter typed right after a digit of a seat number is that number's end, whatever came
between (``TypedKeys``: by the order keys were typed, never by a clock). It ends the number if
it is still waiting for a longer one, chooses the row the number pointed at if that row waits
for Enter, and otherwise does nothing: it never answers the picker, step or vote that the number
led to. With 8 seats, ``4`` Enter picks seat 4; with 10, ``1``, a pause, Enter picks seat 1;
either way the next picker is still asked.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from functools import wraps
from time import monotonic
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar, cast

from textual import work
from textual.await_complete import AwaitComplete
from textual.worker import NoActiveWorker, Worker, get_current_worker

if TYPE_CHECKING:
    from textual.screen import Screen

    _Screen = Screen[Any]  # the type checker reads the mixin as the screen it is mixed into
else:
    _Screen = object

ASK = "ask"  # the worker group of a screen's questions

MOMENT = 0.3  # seconds after a picker is drawn that keys are taken as stray

H = TypeVar("H", bound=Callable[..., Any])
S = TypeVar("S")  # a Guarded screen, or a mixin of actions for one
P = ParamSpec("P")
R = TypeVar("R")


class Guarded(_Screen):
    """Mixed into every screen (listed before ``Screen``/``ModalScreen``)."""

    _dismissed = False
    first_moment = False  # a picker: keys typed before it was drawn, or just after, are not its
    drawn_at: float | None = None  # when it was drawn (``drawn``)

    def drawn(self) -> None:
        """The screen is on view (its ``on_mount``): keys typed from now (and a moment) are its."""
        self.drawn_at = monotonic()  # the clock of a key's ``time`` (textual._time, on Linux)

    @property
    def is_open(self) -> bool:
        """On top of the stack and not closing: the one screen keys and choices act on."""
        return not self._dismissed and self.is_active

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_open:  # closed already, or covered: closing now would pop another screen
            return AwaitComplete.nothing()
        self._dismissed = True
        return super().dismiss(result)

    @property
    def asking(self) -> bool:
        """A question of this screen is opening or open (other than the one asking now: a
        question may lead on to the next)."""
        try:
            now: Worker[Any] | None = get_current_worker()
        except NoActiveWorker:
            now = None
        return any(w.node is self and w.group == ASK and not w.is_finished and w is not now
                   for w in self.app.workers)

    @property
    def busy(self) -> bool:
        """Between a key that opens something and its opening: the screen's other keys wait
        for nothing and do nothing (a screen may add its own reasons). A game being read to
        open (``GrimoireApp.opening``) is such a thing for every screen: it opens over no
        question."""
        return self.asking or bool(getattr(self.app, "opening", False))


def stray(app: Any, key: str, typed: float) -> bool:
    """A key (typed at ``typed``) that is too soon to be meant for the screen on top."""
    if key == "escape":
        return False  # closing is never a choice
    screen = app.screen
    if isinstance(screen, Guarded) and screen.first_moment:
        return screen.drawn_at is None or typed < screen.drawn_at + MOMENT
    return False


class NumberEntry(Protocol):
    """What takes a seat number's digits (grimoire.tui.support.seat_entry.SeatEntry)."""

    def ended_by_enter(self) -> bool: ...


class _AnsweredByKey:
    """A choice made at once by its own key, shown in brackets: the Enter typed right after
    it, by a hand used to a letter and Enter, is its end and answers nothing else."""

    def ended_by_enter(self) -> bool:
        return True  # the choice was made: nothing to say of the Enter


ANSWERED_BY_KEY = _AnsweredByKey()


class TypedKeys:
    """The order keys were typed in, and the Enter that ends a seat number.

    Every key is counted as it arrives (``arrived``); a key handled later, once it has gone
    through the screen (the grimoire's and the vote's digits and Enter), is known again by its
    count (``handling``). A digit taken as a seat number (``number_typed``) owns the Enter typed
    next: ``enter_ends`` hands that Enter to the number, never to whatever the number opened.
    """

    KEPT = 64  # digits and Enters remembered until handled (one a widget kept is forgotten)

    def __init__(self) -> None:
        self.count = 0
        self.now = 0  # the count of the key being handled
        self._waiting: dict[int, tuple[Any, int]] = {}  # id(event): (event, count)
        self._number: tuple[NumberEntry, int] | None = None  # the entry, and its last digit's count
        self._dropped: tuple[int, float] | None = None  # a digit typed too soon: its count and time

    def arrived(self, event: Any) -> None:
        self.count += 1
        self.now = self.count
        if event.key == "enter" or (event.character is not None and event.character.isdigit()):
            self._waiting[id(event)] = (event, self.count)
            while len(self._waiting) > self.KEPT:
                del self._waiting[next(iter(self._waiting))]

    def dropped(self, event: Any) -> None:
        """The key that just arrived was typed too soon (``stray``) and dropped: a digit's seat
        number goes with it (``rest_of_dropped``)."""
        self._dropped = (self.count, event.time) if _digit(event) else None

    def follows_dropped(self) -> bool:
        """The key that just arrived came right after a digit that was dropped."""
        return self._dropped is not None and self.count == self._dropped[0] + 1

    def rest_of_dropped(self, event: Any, pause: float) -> bool:
        """Whether the key that just arrived is the rest of a seat number whose digit was dropped:
        a digit typed right after it within a number's ``pause`` (with 10 seats, the 0 of a 10
        whose 1 came too soon is not seat 0; with 12, the 2 of a 12 is not seat 2), or the Enter
        typed right after it (that number's end). Dropped too: the screen gets none of it."""
        dropped, self._dropped = self._dropped, None
        if dropped is None or self.count != dropped[0] + 1:
            return False
        if event.key == "enter":
            return True
        if _digit(event) and event.time - dropped[1] < pause:
            self._dropped = (self.count, event.time)  # a third digit typed as fast goes too
            return True
        return False

    def handling(self, event: Any) -> None:
        """A key that went through the screen is handled now: its count is the one typed."""
        kept = self._waiting.pop(id(event), None)
        if kept is not None and kept[0] is event:
            self.now = kept[1]

    def number_typed(self, entry: NumberEntry) -> None:
        """The key handled now is a digit of ``entry``'s seat number."""
        self._number = (entry, self.now)

    def pasted(self) -> None:
        """Text pasted is typing too: the Enter after it is no longer right after a key's choice."""
        self._number = None

    def answered_by_key(self) -> None:
        """The key handled now answered a choice by its own letter: the Enter typed next is its end."""
        self._number = (ANSWERED_BY_KEY, self.now)

    def enter_ends(self, event: Any) -> NumberEntry | None:
        """The number whose end this Enter is (typed right after its digit), or None."""
        if event.key != "enter":
            return None
        number, self._number = self._number, None
        if number is None or self.now != number[1] + 1:
            return None
        return number[0]


def _digit(event: Any) -> bool:
    return event.character is not None and event.character.isdigit()


def number_typed(app: Any, entry: NumberEntry) -> None:
    """A digit of a seat number was taken by ``entry``: the Enter typed next is its end."""
    keys = getattr(app, "typed_keys", None)
    if keys is not None:
        keys.number_typed(entry)


def answered_by_key(app: Any) -> None:
    """A picker's row was chosen at once by its own key: the Enter typed next is that key's end."""
    keys = getattr(app, "typed_keys", None)
    if keys is not None:
        keys.answered_by_key()


def choice(handler: H) -> H:
    """A handler of a choice made in one of a screen's widgets (an option selected, a line
    submitted, text typed): the choice is dropped when it is handled once its screen is
    closing, covered or busy. Checked as it is handled, not as it is queued: two Enters queue
    two choices while the screen is still open, and the second is handled once it is not."""

    @wraps(handler)
    def checked(self: Any, *args: Any, **kwargs: Any) -> Any:
        screen = self if isinstance(self, Guarded) else self.screen
        if isinstance(screen, Guarded) and (not screen.is_open or screen.busy):
            return None
        return handler(self, *args, **kwargs)

    return checked  # type: ignore[return-value]  # (wraps: the handler's own signature)


def asks(
    method: Callable[Concatenate[S, P], Coroutine[Any, Any, R]],
) -> Callable[Concatenate[S, P], Worker[R] | None]:
    """An action that asks (awaits pickers) in a worker, one question at a time per screen:
    calling it starts the worker (None: a question is open already) and returns at once."""
    start = work(method, group=ASK)

    @wraps(method)
    def ask(self: S, *args: P.args, **kwargs: P.kwargs) -> Worker[R] | None:
        if cast(Guarded, self).asking:
            return None
        return start(self, *args, **kwargs)

    return ask
