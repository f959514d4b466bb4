"""The command palette (ctrl+p), kept harmless under keys typed faster than it opens and closes.

Textual's palette, guarded as every screen of the app is (grimoire.tui.guard):

- it closes once: a second Enter, handled while the palette is closing, would close it again,
  and ``dismiss`` pops whatever is on top (the grimoire, then the empty app: ScreenStackError);
- a command is chosen once: an Enter or a selection handled once it is closing is dropped
  (otherwise the command ran again, and the palette was dismissed again);
- PageUp and PageDown wait for the list of commands to be drawn: before that the list has no
  height and no lines, and Textual's page move looks its first line up (KeyError: 0);
- its search ends with it: a letter handled once it is closing starts none, and one still
  running is cancelled as it closes, is covered, or the app ends (``end_searches``: the app
  takes its screens down before its workers). A search's end drew its list into a palette
  taken down (NoMatches: 'CommandList'), found now and then by the soak on a loaded machine.

Only Textual's public API: the palette's class, its bindings, message handlers that prevent
the palette's own (``prevent_default``), ``dismiss`` and ``is_active``.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.message import Message
from textual.widgets import Button, Input, OptionList

from grimoire.tui.guard import Guarded


class Palette(Guarded, CommandPalette):  # type: ignore[misc]  # is_open: the guard's, over Textual's is_open(app)
    """Textual's command palette, closed once and paged only once drawn.

    (``is_open`` is the guard's: is this palette on top and not closing. Textual's
    ``CommandPalette.is_open(app)`` still says whether one is open anywhere.)
    """

    BINDINGS = [
        # In place of the palette's own (same keys): a page is a height, and there is none yet.
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def action_page(self, direction: int) -> None:
        commands = self.query_one(CommandList)
        if not commands.scrollable_content_region:  # not drawn yet (or hidden): no page to move by
            return
        if direction > 0:
            commands.action_page_down()
        else:
            commands.action_page_up()

    def dismiss(self, result: Any = None) -> Any:
        # Its search ends with it: one ending once the palette is taken down draws its list
        # into a palette with none (NoMatches: 'CommandList', inside Textual's palette).
        self.workers.cancel_node(self)
        return super().dismiss(result)

    def on_screen_suspend(self) -> None:
        self.workers.cancel_node(self)  # covered or going: no search draws into it now

    @on(Input.Changed)
    @on(Input.Submitted)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def _only_while_open(self, event: Message) -> None:
        # Handled before the palette's own handlers (this class comes first): a choice that
        # arrives once the palette is closing was meant for it, and is dropped.
        if not self.is_open:
            event.prevent_default()
            event.stop()


def end_searches(app: Any) -> None:
    """Cancel every palette's search: as the app ends, its screens are taken down before its
    workers, and a search ending then drew into a palette with no list (NoMatches)."""
    for worker in list(app.workers):
        if isinstance(worker.node, CommandPalette):
            worker.cancel()


def open_palette(app: Any, **kwargs: Any) -> None:
    """Open a palette (``kwargs`` as Textual's: providers, placeholder), one at a time."""
    if app.use_command_palette and not CommandPalette.is_open(app):
        app.palette_opened = True  # its searches are ended as the app ends (end_searches)
        app.push_screen(Palette(**kwargs))
