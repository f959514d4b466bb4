"""The game library's screens: asking before a game goes to the trash, and the trash itself."""

from __future__ import annotations

from datetime import datetime

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from grimoire.store.library import Entry
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.guard import Guarded, choice
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter


def entry_label(entry: Entry) -> str:
    """One saved game as a list row (markup, with everything from the file escaped)."""
    changed = datetime.fromtimestamp(entry.changed).strftime("%Y-%m-%d %H:%M")
    if entry.damaged:
        # The problem says what it is ("damaged or truncated: …", "written by a newer Grimoire").
        return (f"[b]⚠ {esc(entry.path.name)}[/b]  ·  [$text-error]cannot be opened: {esc(entry.problem or '')}[/]"
                f"  ·  changed {changed}")
    return f"[b]{esc(entry.title)}[/b]  ·  {entry.players} players  ·  {esc(entry.stands)}  ·  changed {changed}"


class ConfirmTrash(Guarded, ModalScreen[bool]):
    """Asks before a saved game goes to the trash: y moves it, n or Escape keeps it."""

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("y", "answer(True)", "Move to trash", id="trash.yes", tooltip="Move the game to the trash"),
        Binding("n", "answer(False)", "Keep it", id="trash.no", tooltip="Keep the game where it is"),
        Binding("escape", "answer(False)", "Keep it", id="trash.cancel", tooltip="Keep the game", show=False),
    ]

    def __init__(self, entry: Entry) -> None:
        super().__init__()
        self.entry = entry

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Static("Move this game to the trash?", id="pick-title")
            yield Static(entry_label(self.entry))
            yield Static("It can be restored from the trash (t on the start screen).\n\n"
                         "[b]y[/b] move it to the trash   [b]n[/b] keep it")
        yield KeysFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class TrashScreen(Guarded, Screen[None]):
    """The games moved to the trash, the last changed first; Enter restores one."""

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("r", "restore", "Restore", id="trashlist.restore",
                tooltip="Put the highlighted game back among the saved games"),
        Binding("escape", "back", "Back", id="trashlist.back", tooltip="Back to the start screen"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[Entry] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="start-body"):
            yield Static("[b]Trash[/b] — Enter or r restores the highlighted game", id="start-title")
            yield OptionList(id="trash-list")
            yield Static("The trash is empty.", id="trash-empty")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = "Grimoire — trash"
        self.query_one("#trash-list").focus()
        self.refresh_trash()

    @work(thread=True, exclusive=True, group="library")
    def refresh_trash(self) -> None:
        from grimoire.store.library import trash_listing

        entries = trash_listing()
        self.app.call_from_thread(self.show_trash, entries)

    def show_trash(self, entries: list[Entry]) -> None:
        self.entries = entries
        trash = self.query_one("#trash-list", OptionList)
        trash.clear_options()
        trash.add_options([Option(entry_label(e), id=str(e.path)) for e in entries])
        trash.display = bool(entries)
        self.query_one("#trash-empty").display = not entries
        if entries:
            trash.highlighted = 0
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "restore":
            return bool(self.entries) or None
        return True

    @on(OptionList.OptionSelected, "#trash-list")
    @choice
    def _chosen(self) -> None:
        self.action_restore()

    def action_restore(self) -> None:
        from grimoire.store.library import restore_game

        trash = self.query_one("#trash-list", OptionList)
        if trash.highlighted is None or trash.highlighted >= len(self.entries):
            return
        entry = self.entries[trash.highlighted]
        try:
            restore_game(entry.path)
        except OSError as exc:
            self.notify(f"Cannot restore {entry.path}: {exc.strerror or exc}", severity="error", timeout=10)
            return
        self.notify(f"Restored: {entry.title}", timeout=5)
        self.refresh_trash()

    def action_back(self) -> None:
        self.dismiss()
