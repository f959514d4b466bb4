"""The table: one compact box per seat, placed on an ellipse that reflows on resize."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Container
from textual.events import Resize
from textual.widgets import Static

from grimoire.tui.widgets.quiet import QuietStatic
from grimoire.tui.view import SeatView, box_width, circle_positions, seat_text

BOX_H = 6  # 4 lines and the border


class SeatBox(Static):
    """One seat: name, character, artifact and drunk/poisoned marks, tokens."""

    def __init__(self, index: int) -> None:
        super().__init__("", id=f"seat-{index}", classes="seat", markup=True)
        self.index = index
        self._view: SeatView | None = None
        self._width = 16
        self._seat_classes: set[str] = set()
        self._text: str | None = None

    def show(self, view: SeatView, width: int) -> None:
        if view == self._view and width == self._width:
            return
        old = self._view
        self._view, self._width = view, width
        # Classes only when they change (each change restyles the box), in one call.
        classes = {view.team_class, *(["-dead"] if not view.alive else []),
                   *(["-impaired"] if view.drunk or view.poisoned else []),
                   *(["-holder"] if view.artifact is not None else [])}
        if old is None or classes != self._seat_classes:
            self.remove_class(*(self._seat_classes - classes))
            self.add_class(*(classes - self._seat_classes))
            self._seat_classes = classes
        tooltip = view.why or None
        if tooltip != self.tooltip:
            self.tooltip = tooltip
        text = seat_text(view, width - 2)
        if text != self._text:
            self._text = text
            self.update(text, layout=False)  # the box's size is fixed (styles set by the circle)


class SeatCircle(Container):
    """Seats on an ellipse; the middle holds a short summary of the table."""

    def __init__(self, count: int) -> None:
        super().__init__(id="circle")
        self.count = count
        self.boxes = [SeatBox(i) for i in range(count)]
        self._views: Sequence[SeatView] = ()

    def compose(self) -> ComposeResult:
        yield QuietStatic("", id="circle-centre", fixed=True)
        yield from self.boxes

    def on_resize(self, event: Resize) -> None:
        self._layout()

    def _layout(self) -> None:
        width, height = self.size.width, self.size.height
        if not width or not height:
            return
        w = box_width(self.count, width, height, BOX_H)
        for box, (x, y) in zip(self.boxes, circle_positions(self.count, width, height, w, BOX_H)):
            box.styles.width = w
            box.styles.offset = (x, y)
            if self._views:
                box.show(self._views[box.index], w)
        centre = self.query_one("#circle-centre", Static)
        cw = max(10, min(44, width - 2 * w - 4))
        centre.styles.width = cw
        centre.styles.offset = ((width - cw) // 2, max(0, (height - 7) // 2))

    def show(self, views: Sequence[SeatView], centre: str) -> None:
        self._views = views
        w = box_width(self.count, self.size.width, self.size.height, BOX_H) if self.size.width else 16
        for box in self.boxes:
            box.show(views[box.index], w)
        self.query_one("#circle-centre", QuietStatic).show(centre)
