"""The reveal for the players at the game's end, as pages the storyteller turns: who everyone
was, the path of what a player held night by night, who was drunk or poisoned when and by what.

The words come from ``grimoire.present.reveal`` (pure). Showing it on the town square is one event
(``ShowReveal``) given to the grimoire's Session, so it is saved, and undone, like any other.
"""

from __future__ import annotations

import attrs
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from grimoire.core import events as ev
from grimoire.game import IllegalAction
from grimoire.present.reveal import Reveal, game_reveal, reveal_sections
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.screens.show_grimoire import KEY as GRIMOIRE_KEY
from grimoire.tui.screens.show_grimoire import ShowGrimoireScreen
from grimoire.tui.session import Session
from grimoire.tui.support.reveal_pages import Page, paginate
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.title import TitleBar


def _b(key: str, action: str, desc: str, bid: str, tip: str, show: bool = True, display: str | None = None) -> Binding:
    return Binding(key, action, desc, id=f"reveal.{bid}", tooltip=tip, show=show, key_display=display)


class RevealScreen(Screen[None]):
    """The reveal over the grimoire; Escape goes back to the table."""

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        _b("right", "page(1)", "Page", "next", "The next page of the reveal", display="←→"),
        _b("left", "page(-1)", "Previous page", "previous", "The previous page of the reveal", show=False),
        _b("n", "page(1)", "Next page", "next2", "The next page (as →)", show=False),
        _b("p", "page(-1)", "Previous page", "previous2", "The previous page (as ←)", show=False),
        _b("pagedown", "page(1)", "Next page", "next3", "The next page (as →)", show=False),
        _b("pageup", "page(-1)", "Previous page", "previous3", "The previous page (as ←)", show=False),
        _b("home", "page_to(0)", "First page", "first", "The first page: the players", show=False),
        _b("end", "page_to(-1)", "Last page", "last", "The last page", show=False),
        # One key: it shows the reveal to the players, or hides it once shown.
        _b("s", "players(True)", "Show players", "show", "Show the reveal on the town square (the players' screen)"),
        _b("s", "players(False)", "Hide from players", "hide", "Hide the reveal from the town square again"),
        _b(GRIMOIRE_KEY, "show_grimoire", "Grimoire", "grimoire",
           "The grimoire as it ended, full screen: characters, tokens, alive and dead"),
        _b("escape", "close", "Back", "close", "Back to the grimoire"),
        _b("question_mark", "help", "Keys", "help", "Every key of the reveal"),
    ]
    DEFAULT_CSS = """
    RevealScreen { layout: vertical; }
    #reveal-head { height: 2; margin: 1 2 0 2; }
    #reveal-page { height: 1fr; margin: 1 2 0 2; }
    """
    CHANGES_GAME = frozenset({"players"})  # refused while read-only

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "players":  # the one of show and hide that applies now
            return parameters == (not self.reveal.shown,)
        return True

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.reveal: Reveal = game_reveal(session.game)
        self.pages: list[Page] = []
        self.page = 0
        self._fitted: tuple[int, int] | None = None

    @property
    def read_only(self) -> str | None:
        return self.session.read_only

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static("", id="reveal-head")
        yield Static("", id="reveal-page")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.call_after_refresh(self._fit)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Cut the reveal into pages of the size the page has now (the same page stays shown)."""
        size = self.query_one("#reveal-page").content_size
        fitted = (size.width, size.height)
        if fitted == self._fitted or size.width <= 0 or size.height <= 0:
            return
        here = self.pages[self.page] if self.pages else None
        self._fitted = fitted
        self.pages = paginate(reveal_sections(self.reveal), size.width, size.height)
        if here is not None:  # the same section (and as far into it) as before
            same = [i for i, p in enumerate(self.pages) if p.heading == here.heading]
            self.page = same[min(here.part, len(same)) - 1]
        self.show_page()

    def show_page(self) -> None:
        if not self.pages:
            return
        r = self.reveal
        page = self.pages[self.page]
        # Loud while the players can see it: the storyteller's screen says so on its top line.
        self.query_one(TitleBar).show_title("The reveal", r.title, mark="ON THE TOWN SQUARE" if r.shown else "")
        part = f" ({page.part} of {page.parts})" if page.parts > 1 else ""
        self.query_one("#reveal-head", Static).update(
            f"[b $text-warning]{esc(r.winner.upper())} WINS[/] — {esc(r.reason)}\n"
            f"[b]{esc(page.heading.upper())}{esc(part)}[/] · page {self.page + 1} of {len(self.pages)}"
        )
        self.query_one("#reveal-page", Static).update("\n".join(page.rows))

    # --- keys ----------------------------------------------------------------------------------
    def action_page(self, step: int) -> None:
        self.action_page_to(max(0, min(len(self.pages) - 1, self.page + step)))

    def action_page_to(self, page: int) -> None:
        if not self.pages:
            return
        self.page = page % len(self.pages)
        self.show_page()

    def action_players(self, show: bool) -> None:
        """Show the reveal on the town square, or hide it: an event, saved with the game."""
        try:
            self.session.apply(ev.ShowReveal(shown=show))
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return
        shown = self.session.game.state.reveal_shown
        self.reveal = attrs.evolve(self.reveal, shown=shown)
        self.notify("The town square shows the reveal now." if shown else "The town square no longer shows the reveal.",
                    title="Town square", timeout=4)
        self.show_page()
        self.refresh_bindings()

    def action_help(self) -> None:
        from grimoire.tui.screens.modals import KeysHelp, binding_rows

        self.app.push_screen(KeysHelp(binding_rows(self)))

    def action_show_grimoire(self) -> None:
        self.app.push_screen(ShowGrimoireScreen(self.session.game.rules, self.session.game.state))

    def action_close(self) -> None:
        self.dismiss()
