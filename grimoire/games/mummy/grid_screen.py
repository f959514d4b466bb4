"""A player's deduction grid, opened only behind an "only Alice is looking" gate."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from grimoire.games.mummy.commands import ScreenKeys
from grimoire.games.mummy.grid import SYMBOL, DeductionGrid, Mark, column_labels
from grimoire.games.mummy.modals import DIALOG_CSS, HandedOver, gate_text
from grimoire.games.mummy.rules import MasqueradeGame
from grimoire.tui.guard import Guarded
from grimoire.tui.support.plain import plain_text
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter

GRID_CSS = """
.mummy-dialog.mummy-grid {
    width: 100%;
    max-width: 100%;
}
#grid {
    height: auto;
    max-height: 100%;
}
"""



class GridScreen(HandedOver, Guarded, ModalScreen[DeductionGrid]):
    DEFAULT_CSS = DIALOG_CSS + GRID_CSS
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
        self._room = 0  # the width the column headers were fitted to

    def compose(self) -> ComposeResult:
        with Vertical(classes="mummy-dialog mummy-secret mummy-grid", id="grid-box"):
            yield Static(gate_text(self.game.place_name(self.grid.owner), "Deduction grid"), id="gate")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return not self.open
        if action == "mark":
            return self.open
        return True

    async def action_open(self) -> None:
        self.open = True
        box = self.query_one("#grid-box")
        await box.remove_children()
        name = esc(self.game.place_name(self.grid.owner))
        table: DataTable[str] = DataTable(id="grid", cursor_type="cell", zebra_stripes=True)
        await box.mount_all([
            Static(f"[b]{name}'s deductions[/b] — o ✓ · x ✗ · ? maybe · space clear · Esc hides"),
            Static(id="grid-legend", classes="mummy-hint"),
            table,
        ])
        self.refresh_bindings()
        # The headers are fitted to the width the table really has, known after layout.
        self.call_after_refresh(self._fill)

    def _places(self) -> list[str]:
        return [self.game.place_name(place) for place in self.grid.rows]

    def _fill(self) -> None:
        table = self.query_one("#grid", DataTable)
        places = self._places()
        self._room = self._width()
        # The places' column, and a vertical scrollbar's room in case the rows overflow.
        room = self._room - (max(len(p) for p in places) + 2) - 2
        catalogue = self.game.catalogue
        labels, legend = column_labels(
            [catalogue[g].name for g in self.grid.columns],
            [catalogue[g].short for g in self.grid.columns],
            room,
        )
        coordinate = table.cursor_coordinate
        table.clear(columns=True)
        table.header_height = max(label.count("\n") + 1 for label in labels)
        self.query_one("#grid-legend", Static).update(esc(legend))
        self.query_one("#grid-legend").display = bool(legend)
        table.add_column("", key="place")
        for guest_id, label in zip(self.grid.columns, labels, strict=True):
            table.add_column(plain_text(label, lines=True), key=guest_id)  # a header of several lines
        for r, place in enumerate(places):
            table.add_row(plain_text(place), *self._cells(r), key=str(r))
        table.move_cursor(row=coordinate.row, column=max(coordinate.column, 1))
        table.focus()

    def _width(self) -> int:
        return self.query_one("#grid-box").content_region.width

    def on_resize(self, event: events.Resize) -> None:
        if self.open and self.query("#grid") and self._width() != self._room:
            self.call_after_refresh(self._fill)

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
