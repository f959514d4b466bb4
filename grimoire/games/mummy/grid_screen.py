"""A player's deduction grid, opened only behind an "only Alice is looking" gate."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from grimoire.games.mummy.commands import ScreenKeys
from grimoire.games.mummy.modals import DIALOG_CSS
from grimoire.games.mummy.grid import SYMBOL, DeductionGrid, Mark
from grimoire.games.mummy.modals import gate_text
from grimoire.games.mummy.rules import MasqueradeGame
from grimoire.tui.guard import Guarded
from grimoire.tui.widgets.keys import KeysFooter


class GridScreen(Guarded, ModalScreen[DeductionGrid]):
    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("enter", "open", "Open", id="mummy.grid.open", tooltip="Show the grid (only its owner looking)"),
        Binding("o", "mark('o')", "✓ is", id="mummy.grid.yes", tooltip="This place holds this guest; crosses its row and column"),
        Binding("x", "mark('x')", "✗ is not", id="mummy.grid.no", tooltip="This place does not hold this guest"),
        Binding("question_mark", "mark('?')", "? maybe", id="mummy.grid.maybe", tooltip="A hunch"),
        Binding("space", "mark('')", "Clear", id="mummy.grid.clear", tooltip="Empty this cell"),
        Binding("escape", "close", "Hide grid", id="mummy.grid.close", tooltip="Hide the grid and go back"),
    ]

    def __init__(self, game: MasqueradeGame, grid: DeductionGrid) -> None:
        super().__init__()
        self.game = game
        self.grid = grid
        self.open = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="mummy-dialog mummy-secret", id="grid-box"):
            yield Static(gate_text(self.game.place_name(self.grid.owner), "Deduction grid"), id="gate")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return not self.open
        if action == "mark":
            return self.open
        return True

    def action_open(self) -> None:
        self.open = True
        box = self.query_one("#grid-box")
        box.remove_children()
        name = self.game.place_name(self.grid.owner)
        table: DataTable[str] = DataTable(id="grid", cursor_type="cell", zebra_stripes=True)
        box.mount(Static(f"[b]{name}'s deductions[/b] — o ✓ · x ✗ · ? maybe · space clear · Esc hides"))
        box.mount(table)
        table.add_column("", key="place")
        for guest_id in self.grid.columns:
            table.add_column(self.game.catalogue[guest_id].name.removeprefix("The "), key=guest_id)
        for r, place in enumerate(self.grid.rows):
            table.add_row(self.game.place_name(place), *self._cells(r), key=str(r))
        table.move_cursor(column=1)
        table.focus()
        self.refresh_bindings()

    def _cells(self, row: int) -> list[str]:
        return [SYMBOL[mark] for mark in self.grid.marks[row]]

    def action_mark(self, mark: Mark) -> None:
        table = self.query_one("#grid", DataTable)
        row, column = table.cursor_coordinate
        if column == 0:
            self.notify("Move to a guest's column first.", severity="warning")
            return
        self.grid = self.grid.mark(row, column - 1, mark)
        for r in range(len(self.grid.rows)):
            for c, symbol in enumerate(self._cells(r)):
                table.update_cell(str(r), self.grid.columns[c], symbol)

    def action_close(self) -> None:
        self.dismiss(self.grid)
