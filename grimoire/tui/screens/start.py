"""The start screen: the saved games (newest first) and the ways into Grimoire."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from grimoire.core.script import MAIN
from grimoire.modes import GAMES
from grimoire.store.library import Entry
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.guard import Guarded, asks, choice
from grimoire.tui.screens.library import ConfirmTrash, TrashScreen, entry_label
from grimoire.tui.support.plain import plain
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter

if TYPE_CHECKING:
    from grimoire.tui.screens.host import AppHost


class StartScreen(Guarded, Screen[None]):
    app: AppHost  # (the screen of no other app)
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("r", "resume", "Resume", id="start.resume", tooltip="Resume the game changed last"),
        Binding("n", "new_game", "New game", id="start.new", tooltip="Set up a new Phantom game (a new file)"),
        Binding("o", "open", "Open", id="start.open", tooltip="Open a saved game (.toml) by its path; it is saved in place"),
        Binding("h", "rehearse", "Rehearse", id="start.rehearse",
                tooltip="Rehearse: a random legal table, or a scenario file's, from the first night"),
        Binding("d", "delete", "Delete", id="start.delete",
                tooltip="Move the highlighted saved game to the trash (asks first)"),
        Binding("t", "trash", "Trash", id="start.trash", tooltip="See the trash and restore a game from it"),
        Binding("question_mark", "help", "Keys", id="start.help", tooltip="Every key on this screen"),
        Binding("q", "app.quit", "Quit", id="start.quit", tooltip="Leave Grimoire"),
    ]

    problem: str | None = None

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[Entry] = []
        self._listed = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="start-body"):
            yield Static(
                "[b]Grimoire[/b] · MASQUERADE — The Phantom of the Opera · the storyteller's grimoire",
                id="start-title",
            )
            yield OptionList(*self._menu(), id="start-menu")
            yield Static("Saved games, the last changed first: Enter resumes, d deletes",
                         id="start-games-title", markup=False)
            yield OptionList(id="start-games")
            yield Static("", id="start-problem", markup=False)
        yield KeysFooter()

    def _menu(self) -> list[Option | None]:
        options: list[Option | None] = []
        if self.resumable is not None:  # offered only when there is a game to resume
            options.append(Option(f"Resume {esc(self.resumable.title)}  (r)", id="resume"))
        options += [
            Option("New game  (n)", id="new"),
            Option("Open a saved game…  (o)", id="open"),
            Option("Rehearse a random table or a scenario…  (h)", id="rehearse"),
            None,
        ]
        # The assistant games by name only: one row each leaves the saved games room at 80x24.
        options += [Option(f"{mode.title}  [dim](assistant)[/]", id=f"game:{mode.key}") for mode in GAMES]
        return options

    @property
    def resumable(self) -> Entry | None:
        return next((e for e in self.entries if not e.damaged), None)

    def on_mount(self) -> None:
        box = self.query_one("#start-problem", Static)
        box.display = self.problem is not None
        if self.problem is not None:
            box.update(plain(self.problem, lines=True))
        self.query_one("#start-games-title").display = False
        self.query_one("#start-games").display = False
        self.query_one("#start-menu").focus()
        self.refresh_games()

    def on_screen_resume(self) -> None:
        if self._listed:  # back from another screen: a game may have changed or been made
            self.refresh_games()

    # --- the library (read off the UI thread: each game's log is folded) -------------------------
    @work(thread=True, exclusive=True, group="library")
    def refresh_games(self) -> None:
        from grimoire.store.library import games_dir, listing, migrate_autosave
        from grimoire.store.tidy import tidy_folder

        problem = None
        try:
            migrate_autosave()
        except OSError as exc:
            problem = f"The old autosave could not be moved into the library, and was left as it is: {exc}"
        try:
            tidy_folder(games_dir())  # what killed writes left, none that a window is writing
        except OSError:
            pass
        entries = listing()
        self.app.call_from_thread(self.show_games, entries, problem)

    def show_games(self, entries: list[Entry], problem: str | None = None) -> None:
        first = not self._listed
        self._listed = True
        if problem:
            self.show_problem(problem)
        games = self.query_one("#start-games", OptionList)
        keep = games.highlighted_option.id if games.highlighted_option is not None else None
        had_resume = self.resumable is not None
        self.entries = entries
        games.clear_options()
        games.add_options([Option(entry_label(e), id=str(e.path)) for e in entries])
        shown = bool(entries)
        games.display = shown
        self.query_one("#start-games-title").display = shown
        if shown:
            ids = [str(e.path) for e in entries]
            games.highlighted = ids.index(keep) if keep in ids else 0
        if (self.resumable is not None) != had_resume or first:
            menu = self.query_one("#start-menu", OptionList)
            at = menu.highlighted_option.id if menu.highlighted_option is not None else None
            menu.clear_options()
            menu.add_options(self._menu())
            option_ids = [o.id for o in menu.options]
            menu.highlighted = option_ids.index(at) if at in option_ids else 0
        if first and shown and self.focused is self.query_one("#start-menu"):
            games.focus()  # the saved games are what a storyteller comes back for
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.resumable is not None  # hidden while there is nothing to resume
        if action == "delete":
            return self.highlighted_entry() is not None or None
        return True

    def highlighted_entry(self) -> Entry | None:
        games = self.query_one("#start-games", OptionList)
        if not games.display or games.highlighted is None or games.highlighted >= len(self.entries):
            return None
        return self.entries[games.highlighted]

    @on(OptionList.OptionHighlighted, "#start-games")
    def _highlighted(self) -> None:
        self.refresh_bindings()

    def show_problem(self, message: str) -> None:
        self.problem = message
        if self.is_mounted:
            box = self.query_one("#start-problem", Static)
            box.update(plain(message, lines=True))
            box.display = True

    # --- the ways in -------------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#start-menu")
    @choice
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        kind, _, key = option_id.partition(":")
        if kind == "game":
            self.app.open_game(key)
        elif kind == "resume":
            self.action_resume()
        elif kind == "new":
            self.action_new_game()
        elif kind == "open":
            self.action_open()
        elif kind == "rehearse":
            self.action_rehearse()

    @on(OptionList.OptionSelected, "#start-games")
    @choice
    def _game_chosen(self, event: OptionList.OptionSelected) -> None:
        entry = next((e for e in self.entries if str(e.path) == event.option.id), None)
        if entry is not None:
            self.resume(entry)

    def resume(self, entry: Entry) -> None:
        if entry.damaged:
            self.app.report_problem(f"{entry.path}: {entry.problem} (the file was left as it is)")
            return
        self.app.load_and_open(str(entry.path))

    def action_new_game(self) -> None:
        self.app.action_new_game()

    def action_resume(self) -> None:
        entry = self.resumable
        if entry is not None:
            self.resume(entry)

    @asks
    async def action_delete(self) -> None:
        entry = self.highlighted_entry()
        if entry is None:
            return
        if not await self.app.push_screen_wait(ConfirmTrash(entry)):
            return
        from grimoire.store.library import delete_game
        from grimoire.store.lock import GameInUse

        refused = "Cannot move to the trash"
        try:
            delete_game(entry.path)
        except GameInUse as exc:
            self.app.report_problem(f"Cannot move {entry.path} to the trash: it is open in another window "
                                    f"({exc.holder.describe()}); close it there first", title=refused)
            return
        except OSError as exc:
            self.app.report_problem(f"Cannot move {entry.path} to the trash: {exc.strerror or exc}",
                                    title=refused)
            return
        self.notify(f"Moved to the trash: {entry.title} (t: the trash, to restore it)", timeout=5)
        self.refresh_games()

    def action_trash(self) -> None:
        self.app.push_screen(TrashScreen())

    @asks
    async def action_open(self) -> None:
        from grimoire.tui.screens.modals import AskText

        path = await self.app.push_screen_wait(AskText("Open a saved game: its path", placeholder="game.toml"))
        if path and path.strip():
            self.app.load_and_open(str(Path(path.strip()).expanduser()))

    @asks
    async def action_rehearse(self) -> None:
        from grimoire.rehearse import RehearsalError, random_rehearsal, scenario_rehearsal
        from grimoire.store.recent_scripts import recent_scripts
        from grimoire.tui.screens.modals import AskText

        answer = await self.app.push_screen_wait(
            AskText("Rehearse: a number of players (5-15), or a scenario file's path", value="8")
        )
        if not answer or not answer.strip():
            return
        text = answer.strip()
        script = MAIN
        if text.isdigit() and recent_scripts():  # other scripts were played here: which one?
            from grimoire.tui.screens.script_choice import choose_script

            chosen = await choose_script(self.app)
            if chosen is None:
                return
            script = chosen
        try:
            game = random_rehearsal(int(text), script=script) if text.isdigit() else scenario_rehearsal(text)
        except RehearsalError as exc:
            self.show_problem(str(exc))
            self.notify(str(exc), title="Cannot rehearse", severity="error", timeout=10)
            return
        self.app.open_rehearsal(game)

    def action_help(self) -> None:
        from grimoire.tui.screens.modals import KeysHelp, binding_rows

        self.app.push_screen(KeysHelp(binding_rows(self)))
