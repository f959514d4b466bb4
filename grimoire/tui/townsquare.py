"""The town square: a read-only view for a second screen turned to the players.

It follows a saved game's file (a stat every half second, grimoire.store.watch; read and
parsed off the UI thread, and only when the file changed): the one given,
or else the game open in the grimoire (``grimoire.store.open_game``), switching when the
storyteller opens another. A rehearsal open in the grimoire is shown too (that is what the
storyteller is running), marked REHEARSAL so nobody takes it for the real game. It shows only ``grimoire.core.public`` — never a
character, alignment, token or the holder, until a team has won and the storyteller shows the
reveal (an event in the game's file, so the square that follows the file follows the choice).
"""

from __future__ import annotations

from pathlib import Path

from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from grimoire.core.public import PublicView, circle_lines, public_view, summary_lines
from grimoire.rules.words import announced_line
from grimoire.store.watch import FileWatch
from grimoire.tui.support.plain import plain
from grimoire.tui.widgets.keys import KeysFooter


def load_view(path: Path) -> tuple[PublicView | None, str]:
    """The game's public view, or why there is none: only that the file is damaged, since
    what is wrong with it may name a character ("Meg is chosen 2 times"); a path that is no
    file to read (a FIFO, a device) says so, for it was never read."""
    from grimoire.present.reveal import public_reveal
    from grimoire.store.saves import SaveError, SaveRefused, load_game

    try:
        game = load_game(path)
        # The reveal is worked out only once the storyteller has shown it (public_reveal).
        return public_view(game.state, public_reveal(game), announced_line(game.rules, game.state),
                           game.rules.registers_dead(game.state)), ""
    except SaveRefused as exc:
        return None, str(exc)
    except SaveError:
        return None, f"{path}: the saved game is damaged"


class TownSquareApp(App[None]):
    TITLE = "Grimoire — town square"
    CSS = """
    Screen { layout: vertical; }
    #square { height: 1fr; }
    #circle { width: 2fr; height: 1fr; content-align: center middle; color: $text; }
    #summary-box { width: 1fr; height: 1fr; padding: 1 2; border-left: solid $primary; }
    #summary { height: auto; }
    /* The reveal lists every seat in order: it takes the circle's place and the whole width. */
    #square.-reveal #circle { display: none; }
    #square.-reveal #summary-box { border-left: none; }
    /* A phone held upright: the summary under the circle, not beside it. */
    #square.-narrow { layout: vertical; }
    #square.-narrow #circle { width: 1fr; height: 3fr; }
    #square.-narrow #summary-box { width: 1fr; height: 2fr; padding: 0 1; border-left: none; border-top: solid $primary; }
    #status { height: 1; color: $text-muted; padding: 0 1; }
    """
    NARROW = 90  # columns: under this, the summary goes under the circle
    BINDINGS = [Binding("q", "quit", "Quit", id="square.quit", tooltip="Close the town square")]
    POLL = 0.5  # seconds between two looks at the file (tests look more often)
    SHOW_PATHS = True  # the storyteller's own screen names the file; the players' does not

    def where(self) -> str:
        return str(self.path) if self.SHOW_PATHS else "the storyteller's game"

    def __init__(self, path: Path | None = None) -> None:
        """``path``: the game to follow; None: whichever game the grimoire has open."""
        super().__init__()
        self.follow_open = path is None
        self.path: Path | None = path
        self.rehearsal = False
        self._watch: FileWatch | None = None  # the game's file
        self._pointer: FileWatch | None = None  # which game the grimoire has open
        self.view: PublicView | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="square"):
            # Names, the script's name and paths are shown as written: never markup.
            yield Static(id="circle", markup=False)
            with VerticalScroll(id="summary-box"):  # the reveal may be longer than the screen
                yield Static(id="summary", markup=False)
        yield Static("", id="status", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.poll()
        self.set_interval(self.POLL, self.poll)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#square").set_class(event.size.width < self.NARROW, "-narrow")
        self.show()

    def poll(self) -> None:
        """One look (a stat or two): the file is read again only if it changed."""
        if self.follow_open:
            self._follow_the_grimoire()
        if self.path is None:
            return
        if self._watch is None or self._watch.path != self.path:
            self._watch = FileWatch(self.path)
        if self._watch.changed():
            self.reload()
        elif self._watch.missing:
            self.query_one("#status", Static).update(plain(f"Waiting for {self.where()} …"))

    def _follow_the_grimoire(self) -> None:
        from grimoire.store.open_game import pointer_path, read_open

        if self._pointer is None:
            self._pointer = FileWatch(pointer_path())
        if not self._pointer.changed():
            if self.path is None:
                self.query_one("#status", Static).update("Waiting for a game to be opened in the grimoire …")
            return
        opened = read_open(self._pointer.path)
        if opened is None:
            if self.path is None:
                self.query_one("#status", Static).update("Waiting for a game to be opened in the grimoire …")
            return
        if (opened.path, opened.rehearsal) != (self.path, self.rehearsal):
            self.path, self.rehearsal = opened.path, opened.rehearsal
            self._watch, self.view = None, None  # another game: nothing of the last one stays
            self.query_one("#circle", Static).update("")
            self.query_one("#summary", Static).update("")

    @work(thread=True, exclusive=True, group="townsquare")
    def reload(self) -> None:
        path = self.path
        assert path is not None
        view, problem = load_view(path)
        self.call_from_thread(self.loaded, view, problem, path)

    def loaded(self, view: PublicView | None, problem: str, path: Path | None = None) -> None:
        if path is not None and path != self.path:
            return  # read before a switch to another game
        status = self.query_one("#status", Static)
        if view is None:
            status.update(plain(f"Cannot read the game: {problem}" if self.SHOW_PATHS else "Cannot read the game just now"))
            return
        self.view = view
        scroll = " · ↑↓ PgUp PgDn: scroll the reveal" if view.reveal is not None else ""
        status.update(plain(("REHEARSAL — " if self.rehearsal else "") + f"Following {self.where()}{scroll}"))
        self.show()

    def show(self) -> None:
        if self.view is None:
            return
        self.query_one("#square").set_class(self.view.reveal is not None, "-reveal")
        circle = self.query_one("#circle", Static)
        width = max(20, circle.size.width or 80)
        height = max(5, circle.size.height or 20)
        circle.update(plain("\n".join(circle_lines(self.view, width, height)), lines=True))
        self.query_one("#summary", Static).update(plain("\n".join(summary_lines(self.view)), lines=True))


def run_townsquare(save: str | None) -> int:
    app = TownSquareApp(Path(save) if save else None)
    app.run()
    return app.return_code or 0  # an app that ended on an exception is a failure
