"""Keys that arrive while a screen opens or closes: the one place that keeps them harmless.

A fast typist (or a key held down) queues keys faster than screens open and close, so a key
can reach a screen that is not yet built, one that is closing, or one that a picker has just
covered. Every screen of the app mixes in ``Guarded`` (before ``Screen`` or ``ModalScreen``):

- it closes once, and only while it is the screen on top (``dismiss`` pops whatever screen is
  on top, so a second Enter would otherwise close the screen underneath, down to an empty app);
- a choice made in one of its widgets (an option selected, a line submitted, text typed) that
  is handled once it is closing, covered or busy is dropped: the key was meant for a screen
  now gone, or came while another question was opening;
- ``asks`` runs an action that asks questions (pickers) in a worker, one question at a time:
  a second question key while the first picker is opening or open is ignored, instead of
  cancelling the first worker and leaving its picker on screen with nobody to answer.

Being every screen's base, it also spares the work Textual would do again at each opening: a
screen is not styled twice as it first comes on top, the screens underneath are not laid out
again at the size they have, the screen on top is not laid out again when one closes, and
the dimmed screen behind a picker is drawn from its lines.

The app (``GrimoireApp.run_action``) holds back the keys of a screen still being built until
it is built, and never runs an action on a screen that is closing, covered or ``busy``.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from functools import wraps
from typing import Any, TypeVar

from textual import events, work
from textual.await_complete import AwaitComplete
from textual.message import Message
from textual.worker import NoActiveWorker, Worker, get_current_worker

from grimoire.tui.tint import tinted_background

ASK = "ask"  # the worker group of a screen's questions

# Widgets' messages that carry a choice made by a key or a click, by their handler's name (the
# widgets' modules need not be imported for this): OptionList.OptionSelected, Input.Submitted...
CHOICES = frozenset({
    "on_option_list_option_selected",
    "on_input_submitted",
    "on_input_changed",
    "on_selection_list_selected_changed",
    "on_selection_list_selection_toggled",
    "on_select_changed",
    "on_checkbox_changed",
})

F = TypeVar("F", bound=Callable[..., Coroutine[Any, Any, Any]])


class Guarded:
    """Mixed into every screen (listed before ``Screen``/``ModalScreen``)."""

    _dismissed = False
    _shown = False

    @property
    def is_open(self) -> bool:
        """On top of the stack and not closing: the one screen keys and choices act on."""
        return not self._dismissed and self.is_active  # type: ignore[attr-defined]

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_open:  # closed already, or covered: closing now would pop another screen
            return AwaitComplete.nothing()
        self._dismissed = True
        return super().dismiss(result)  # type: ignore[misc]

    async def _on_message(self, message: Message) -> None:
        # Checked as each message is handled, not as it is queued: two Enters queue two
        # choices while the screen is still open, and the second is handled once it is not.
        # (Textual's dispatch of a message; pinned, see pyproject.toml.)
        if message.handler_name in CHOICES and (not self.is_open or self.busy):
            return
        if isinstance(message, events.ScreenResume) and not self._shown:
            # Its first time on top: a screen opened just now was styled as it was built, so
            # styling it all again (as Textual does on every opening) is work for nothing.
            self._shown = True
            message.refresh_styles = False
        await super()._on_message(message)  # type: ignore[misc]

    def _screen_resized(self, size: Any) -> None:
        # A screen is told its size after its first layout, and Textual relays that to every
        # screen underneath: each laid itself out again from scratch at the size it had just
        # been laid out at, so opening a picker cost a layout of every screen open. A screen
        # already laid out at that size is left as it is, as Textual leaves a screen that
        # comes back on top at its size; a layout it still needs is done by its own update,
        # as any other. (Textual's resize relay; pinned, see pyproject.toml.)
        if size == self._compositor.size:  # type: ignore[attr-defined]
            return
        super()._screen_resized(size)  # type: ignore[misc]

    def remove(self) -> Any:
        # A screen closing is taken out of the app, and Textual then lays out whatever screen
        # is on top again, as if the closed one had been part of it: a layout of the grimoire
        # at every picker closed. The screen that comes back on top is repainted as it
        # resumes, and laid out if the terminal's size changed meanwhile. (Textual's removal
        # of a widget; pinned, see pyproject.toml.)
        return self.app._prune(self, parent=None)  # type: ignore[attr-defined]

    def render(self) -> Any:
        # A translucent screen (a picker) draws the screen behind it dimmed, from its lines,
        # each style tinted once (grimoire.tui.tint).
        return tinted_background(self, super().render())  # type: ignore[misc]

    @property
    def asking(self) -> bool:
        """A question of this screen is opening or open (other than the one asking now: a
        question may lead on to the next)."""
        try:
            now: Worker[Any] | None = get_current_worker()
        except NoActiveWorker:
            now = None
        return any(w.node is self and w.group == ASK and not w.is_finished and w is not now
                   for w in self.app.workers)  # type: ignore[attr-defined]

    @property
    def busy(self) -> bool:
        """Between a key that opens something and its opening: the screen's other keys wait
        for nothing and do nothing (a screen may add its own reasons)."""
        return self.asking


def asks(method: F) -> F:
    """An action that asks (awaits pickers) in a worker, one question at a time per screen."""
    start = work(method, group=ASK)

    @wraps(method)
    def ask(self: Guarded, *args: Any, **kwargs: Any) -> Any:
        if self.asking:
            return None
        return start(self, *args, **kwargs)

    return ask  # type: ignore[return-value]
