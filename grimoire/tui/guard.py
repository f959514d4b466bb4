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
drawn or in its first ``MOMENT``, and no screen takes an Enter or a digit typed in the
``MOMENT`` after a pick (``picked``). With 8 seats, ``4`` Enter picks seat 4 at once: the Enter
was the end of that number, never the answer to the next picker, nor the next step.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from functools import wraps
from time import monotonic
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, cast

from textual import work
from textual.await_complete import AwaitComplete
from textual.worker import NoActiveWorker, Worker, get_current_worker

if TYPE_CHECKING:
    from textual.screen import Screen

    _Screen = Screen[Any]  # the type checker reads the mixin as the screen it is mixed into
else:
    _Screen = object

ASK = "ask"  # the worker group of a screen's questions

MOMENT = 0.3  # seconds after a picker is drawn, or after a pick, that keys are taken as stray

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


def picked(app: Any) -> None:
    """A choice was made (a picker answered, a night step answered by a seat's number): an
    Enter or a digit typed in the moment after it is the end of what was picked, not news."""
    app.picked_at = monotonic()


def stray(app: Any, key: str, character: str | None, typed: float) -> bool:
    """A key (typed at ``typed``) that is too soon to be meant for the screen on top."""
    if key == "escape":
        return False  # closing is never a choice
    screen = app.screen
    if isinstance(screen, Guarded) and screen.first_moment:
        if screen.drawn_at is None or typed < screen.drawn_at + MOMENT:
            return True
    if key == "enter" or (character is not None and character.isdigit()):
        return typed < getattr(app, "picked_at", float("-inf")) + MOMENT
    return False


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
