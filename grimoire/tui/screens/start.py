"""The start screen: what Grimoire is, and the ways into it."""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from grimoire.games import GAMES
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.widgets.keys import KeysFooter


class StartScreen(Screen[None]):
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("r", "app.resume", "Resume", id="start.resume", tooltip="Resume the last game (the autosave)"),
        Binding("n", "app.new_game", "New game", id="start.new", tooltip="Set up a new Phantom game"),
        Binding("o", "open", "Open", id="start.open", tooltip="Open a saved game (.toml) by its path"),
        Binding("h", "rehearse", "Rehearse", id="start.rehearse",
                tooltip="Rehearse: a random legal table, or a scenario file's, from the first night"),
        Binding("question_mark", "help", "Keys", id="start.help", tooltip="Every key on this screen"),
        Binding("q", "app.quit", "Quit", id="start.quit", tooltip="Leave Grimoire"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="start-body"):
            yield Static(
                "[b]Grimoire[/b] — the storyteller's companion for "
                "MASQUERADE — The Phantom of the Opera",
                id="start-title",
            )
            options = [
                Option("Resume the last game  (r)", id="resume"),
                Option("New game  (n)", id="new"),
                Option("Open a saved game…  (o)", id="open"),
                Option("Rehearse a random table or a scenario…  (h)", id="rehearse"),
                None,
            ]
            options += [
                Option(f"{mode.title}  —  {mode.blurb}", id=f"game:{mode.key}") for mode in GAMES
            ]
            yield OptionList(*options, id="start-menu")
            yield Static("", id="start-problem", markup=False)
        yield KeysFooter()

    problem: str | None = None

    def on_mount(self) -> None:
        box = self.query_one("#start-problem", Static)
        box.display = self.problem is not None
        if self.problem is not None:
            box.update(self.problem)

    def show_problem(self, message: str) -> None:
        self.problem = message
        if self.is_mounted:
            box = self.query_one("#start-problem", Static)
            box.update(message)
            box.display = True

    @on(OptionList.OptionSelected, "#start-menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        kind, _, key = option_id.partition(":")
        if kind == "game":
            self.app.open_game(key)  # type: ignore[attr-defined]
        elif kind == "resume":
            self.app.action_resume()  # type: ignore[attr-defined]
        elif kind == "new":
            self.app.action_new_game()  # type: ignore[attr-defined]
        elif kind == "open":
            self.action_open()
        elif kind == "rehearse":
            self.action_rehearse()

    @work(exclusive=True, group="ask")
    async def action_open(self) -> None:
        from grimoire.tui.modals import AskText

        path = await self.app.push_screen_wait(AskText("Open a saved game: its path", placeholder="game.toml"))
        if path:
            self.app.load_and_open(path.strip())  # type: ignore[attr-defined]

    @work(exclusive=True, group="ask")
    async def action_rehearse(self) -> None:
        from grimoire.rehearse import RehearsalError, random_rehearsal, scenario_rehearsal
        from grimoire.tui.modals import AskText

        answer = await self.app.push_screen_wait(
            AskText("Rehearse: a number of players (5-15), or a scenario file's path", value="8")
        )
        if not answer or not answer.strip():
            return
        text = answer.strip()
        try:
            game = random_rehearsal(int(text)) if text.isdigit() else scenario_rehearsal(text)
        except RehearsalError as exc:
            self.show_problem(str(exc))
            self.notify(str(exc), title="Cannot rehearse", severity="error", timeout=10)
            return
        self.app.open_rehearsal(game)  # type: ignore[attr-defined]

    def action_help(self) -> None:
        from grimoire.tui.modals import KeysHelp, binding_rows

        self.app.push_screen(KeysHelp(binding_rows(self)))
