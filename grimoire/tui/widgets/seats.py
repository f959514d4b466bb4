"""The table: a box for every seat on a rounded square, all in one widget drawn line by line.

Where there is no room for the boxes (a small terminal, a crowded table), the seats are rows
instead, in seat order (grimoire.tui.support.seating decides which, and where each seat goes).

One widget rather than a widget per seat: twenty box widgets each cost a restyle, a place in
the layout and a render when the grimoire opens, and placing them after the first resize cost
a second layout. Here positions come from the size when the rows are drawn, and a change to
one seat repaints that seat's box and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget

from grimoire.tui.support.seating import Place, Seating, seating
from grimoire.tui.support.view import SeatView, seat_row_text, seat_text
from grimoire.tui.widgets.drawn import drawn_lines, fitted
from grimoire.tui.widgets.kept_rows import KeptRows
from grimoire.tui.widgets.simple_markup import read_markup

ROUND = ("╭", "─", "╮", "│", "╰", "╯")
DOUBLE = ("╔", "═", "╗", "║", "╚", "╝")  # the holder of what a player holds
REVERSE = RichStyle(reverse=True)


class SeatCircle(KeptRows, Widget):
    """Seats clockwise from the top; the middle holds a short summary of the table."""

    COMPONENT_CLASSES = {
        "seat-circle--box", "seat-circle--dead", "seat-circle--impaired", "seat-circle--holder",
        "seat-circle--townsfolk", "seat-circle--outsider", "seat-circle--minion", "seat-circle--demon",
        "seat-circle--traveller", "seat-circle--dead-border", "seat-circle--centre", "seat-circle--cursor",
    }
    DEFAULT_CSS = """
    SeatCircle > .seat-circle--box { background: $surface; }
    SeatCircle > .seat-circle--dead { color: $text-disabled; background: $background; }
    SeatCircle > .seat-circle--impaired { background: $warning-muted; }
    SeatCircle > .seat-circle--townsfolk { color: $primary; }
    SeatCircle > .seat-circle--outsider { color: $accent; }
    SeatCircle > .seat-circle--minion { color: $warning; }
    SeatCircle > .seat-circle--demon { color: $error; }
    SeatCircle > .seat-circle--traveller { color: $secondary; }
    SeatCircle > .seat-circle--dead-border { color: $panel-lighten-2; }
    SeatCircle > .seat-circle--holder { color: $accent; }
    SeatCircle > .seat-circle--centre { color: $text-muted; }
    SeatCircle > .seat-circle--cursor { text-style: bold; }
    """

    class Clicked(Message):
        """A seat's box was clicked (the screen decides what that selects)."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, count: int, id: str | None = "circle") -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.count = count
        self._views: tuple[SeatView, ...] = ()
        self._centre = ""
        self._box_cache: dict[tuple[object, ...], tuple[Strip, ...]] = {}
        self._rows: list[Strip] = []
        self._drawn_for: tuple[object, ...] | None = None
        # What the rows were last drawn from, so that a seat's change redraws its rows only:
        # the table's frame (size, order, style), each row's pieces (x, strip, whose: -1 the
        # centre, else a seat), each seat's view and cursor as drawn, and the centre's words.
        self._frame_for: tuple[object, ...] | None = None
        self._pieces: list[list[tuple[int, Strip, int]]] = []
        self._drawn_seats: list[tuple[SeatView, bool]] = []
        self._drawn_centre = ""
        self._cursor: int | None = None  # the seat under the screen's cursor, if it is shown
        # The seats drawn, clockwise: a Traveller who joined sits where the storyteller put them,
        # one who left is not drawn. Views, regions and the cursor go by seat number all the same.
        self._order: tuple[int, ...] = tuple(range(count))

    # --- what the screen calls ---------------------------------------------------------------
    def show(self, views: Sequence[SeatView], centre: str, order: Sequence[int] | None = None) -> None:
        views = tuple(views)
        order = tuple(range(len(views))) if order is None else tuple(order)
        if views == self._views and centre == self._centre and order == self._order:
            return
        old_views, old_centre = self._views, self._centre
        self._views, self._centre = views, centre
        if not self._rows or len(old_views) != len(views) or order != self._order:
            self._order, self.count = order, len(order)
            self._drawn_for = None
            self.refresh()
            return
        # Repaint only the boxes (and the centre) that changed.
        regions = [box for box, a, b in zip(self.box_regions(), old_views, views) if a != b]
        if centre != old_centre:
            regions.append(self._centre_region())
        self._drawn_for = None
        if regions:
            self.refresh(*regions)

    def seating(self) -> Seating:
        """The plan of the table at the widget's size: circle or rows, and each seat's place."""
        return seating(self.count, self.size.width, self.size.height)

    def show_cursor(self, seat: int | None) -> None:
        """Draw the seat cursor on ``seat`` (None: no cursor); repaints the two boxes only."""
        if seat == self._cursor:
            return
        regions = self.box_regions()
        changed = [regions[i] for i in (self._cursor, seat) if i is not None and i < len(regions)]
        self._cursor = seat
        self._drawn_for = None
        if changed:
            self.refresh(*changed)

    def seat_at(self, x: int, y: int) -> int | None:
        return next((i for i, box in enumerate(self.box_regions()) if box.contains(x, y)), None)

    def seat_towards(self, seat: int, down: bool) -> int:
        """The seat whose box lies nearest above (or below) ``seat``'s box, as drawn now."""
        regions = self.box_regions()
        if not 0 <= seat < len(regions):
            return seat
        here = regions[seat].center
        best, score = seat, None
        for i, box in enumerate(regions):
            dy = box.center[1] - here[1]
            if i == seat or not box.area or (dy <= 0 if down else dy >= 0):
                continue
            this = abs(dy) + abs(box.center[0] - here[0]) / 2  # a cell is about twice as tall as wide
            if score is None or this < score:
                best, score = i, this
        return best

    def box_regions(self) -> list[Region]:
        """Each seat's box (or row), in seat order, relative to the widget."""
        if not self.size.width or not self.size.height:
            return []
        places = dict(zip(self._order, self.seating().seats))
        seats = max(len(self._views), max(self._order, default=-1) + 1)
        return [_region(places[i]) if i in places else Region(0, 0, 0, 0) for i in range(seats)]

    def seat_words(self, seat: int) -> str:
        """The words in one seat's box, as drawn (for tests and for the tooltip)."""
        region = self.box_regions()[seat]
        plan = self.seating()
        if plan.kind == "rows":
            return "\n".join(line.text[1:] for line in self._row_strips(self._views[seat], region.width, plan.lines))
        return "\n".join(line.text[1:-1] for line in self._box_strips(self._views[seat], region.width)[1:-1])

    # --- drawing -----------------------------------------------------------------------------
    def _centre_region(self) -> Region:
        centre = self.seating().centre
        return _region(centre) if centre is not None else Region(0, 0, 0, 0)

    def _styles(self, view: SeatView, cursor: bool = False) -> tuple[Style, RichStyle]:
        """The box's body style (Textual's) and its edge's (Rich's); the cursor reverses the edge."""
        layers = ["seat-circle--box"]
        if view.dead_to_town:
            layers.append("seat-circle--dead")
        if view.drunk or view.poisoned:
            layers.append("seat-circle--impaired")
        border_layer = (
            "seat-circle--holder" if view.held is not None
            else "seat-circle--dead-border" if view.dead_to_town
            else f"seat-circle-{view.team_class}"
        )
        body = self.get_visual_style(*layers)
        # The cursor reverses the border: its colour (team, holder) and its shape stay.
        edge_layers = (*layers, border_layer, "seat-circle--cursor") if cursor else (*layers, border_layer)
        edge = self.get_visual_style(*edge_layers).rich_style
        if cursor:  # a visual style keeps no "reverse": add it to the rich style
            edge += REVERSE
        return body, edge

    def _row_strips(self, view: SeatView, w: int, lines: int, cursor: bool = False) -> tuple[Strip, ...]:
        """A seat as a row: an edge in the team's colour, then its words (no border)."""
        body, edge = self._styles(view, cursor)
        key = ("row", view, w, lines, body, edge)
        strips = self._box_cache.get(key)
        if strips is not None:
            return strips
        inner = max(1, w - 1)
        out = []
        for markup in seat_row_text(view, inner, lines).split("\n")[:lines]:
            text = drawn_lines(self, read_markup(markup), inner, body, height=1, pad=True)
            line = text[0] if text else Strip.blank(inner, body.rich_style)
            row = Strip([Segment("▌", edge), *fitted(line, inner, body.rich_style)])
            out.append(row.apply_style(REVERSE) if cursor else row)  # a row has no border: reverse it whole
        strips = tuple(out)
        self._remember(key, strips)
        return strips

    def _remember(self, key: tuple[object, ...], strips: tuple[Strip, ...]) -> None:
        if len(self._box_cache) > 400:
            self._box_cache.clear()
        self._box_cache[key] = strips

    def _box_strips(self, view: SeatView, w: int, cursor: bool = False) -> tuple[Strip, ...]:
        body, edge = self._styles(view, cursor)
        key = (view, w, body, edge)  # the styles too: a new theme draws the boxes anew
        strips = self._box_cache.get(key)
        if strips is not None:
            return strips
        tl, h, tr, v, bl, br = DOUBLE if view.held is not None else ROUND
        inner = max(1, w - 2)
        lines = [Strip([Segment(tl + h * inner + tr, edge)])]
        for markup in seat_text(view, inner).split("\n"):
            text = drawn_lines(self, read_markup(markup), inner, body, height=1, pad=True)
            line = text[0] if text else Strip.blank(inner, body.rich_style)
            lines.append(Strip([Segment(v, edge), *fitted(line, inner, body.rich_style), Segment(v, edge)]))
        lines.append(Strip([Segment(bl + h * inner + br, edge)]))
        strips = tuple(lines)
        self._remember(key, strips)
        return strips

    def _centre_strips(self, cw: int, ch: int, rows: bool) -> list[Strip]:
        style = self.get_visual_style("seat-circle--centre")
        if rows:  # under the rows: the summary as running text, from the left
            markups = [" · ".join(self._centre.split("\n"))]
            cw_text = max(1, cw - 3)
        else:
            markups, cw_text = self._centre.split("\n"), cw
        strips = [
            strip
            for markup in markups
            for strip in drawn_lines(self, read_markup(markup), cw_text, style)
        ][:ch]
        top = 0 if rows else (ch - len(strips)) // 2
        out = [Strip.blank(cw)] * ch
        for i, strip in enumerate(strips):
            left = 3 if rows else max(0, (cw - strip.cell_length) // 2)
            out[top + i] = fitted(Strip.join([Strip.blank(left), strip]), cw)
        return out

    def _draw_rows(self) -> list[Strip]:
        width, height = self.size.width, self.size.height
        key = (width, height, self._views, self._centre, self._cursor, self.visual_style)
        if key == self._drawn_for:
            return self._rows
        frame = (width, height, self._order, len(self._views), self.visual_style)
        if frame == self._frame_for:
            # A step changes a seat or two, a dawn the centre: only their rows are drawn again.
            changed = self._redraw_seats() | self._redraw_centre()
            for y in changed:
                self._rows[y] = _overlay(self._pieces[y], width)
        else:
            self._draw_all(height)
            self._frame_for = frame
        self._drawn_for = key
        return self._rows

    def _seat_strips(self, view: SeatView, region: Region, cursor: bool) -> tuple[Strip, ...]:
        plan = self.seating()
        if plan.kind == "rows":
            return self._row_strips(view, region.width, plan.lines, cursor)
        return self._box_strips(view, region.width, cursor)

    def _centre_drawn(self) -> tuple[Region, list[Strip]]:
        centre = self._centre_region()
        if not centre.area:
            return centre, []
        return centre, self._centre_strips(centre.width, centre.height, self.seating().kind == "rows")

    def _draw_all(self, height: int) -> None:
        # What each row shows, in painting order: the centre, then the boxes over it.
        pieces: list[list[tuple[int, Strip, int]]] = [[] for _ in range(height)]
        centre, strips = self._centre_drawn()
        self._drawn_centre = self._centre
        for dy, strip in enumerate(strips):
            if centre.y + dy < height:
                pieces[centre.y + dy].append((centre.x, strip, -1))
        self._drawn_seats = []
        for seat, (region, view) in enumerate(zip(self.box_regions(), self._views)):
            cursor = view.index == self._cursor
            self._drawn_seats.append((view, cursor))
            if not region.area:
                continue  # not at the table (a Traveller who left)
            for dy, strip in enumerate(self._seat_strips(view, region, cursor)):
                if 0 <= region.y + dy < height:
                    pieces[region.y + dy].append((region.x, strip, seat))
        self._pieces = pieces
        self._rows = [_overlay(row, self.size.width) for row in pieces]

    def _replace(self, whose: int, region: Region, strips: Sequence[Strip]) -> set[int]:
        """Put ``strips`` in place of ``whose`` piece (-1: the centre) in the rows of ``region``;
        the rows changed."""
        changed = set()
        for dy in range(max(region.height, len(strips))):
            y = region.y + dy
            if not 0 <= y < len(self._pieces):
                continue
            # The piece replaced where it was, so the painting order stays.
            row = self._pieces[y]
            others = [(x, old, who) for x, old, who in row if who != whose]
            at = next((n for n, (_, _, who) in enumerate(row) if who == whose), len(others) if whose >= 0 else 0)
            if dy < len(strips):
                others.insert(at, (region.x, strips[dy], whose))
            self._pieces[y] = others
            changed.add(y)
        return changed

    def _redraw_seats(self) -> set[int]:
        changed: set[int] = set()
        for seat, (region, view) in enumerate(zip(self.box_regions(), self._views)):
            cursor = view.index == self._cursor
            if self._drawn_seats[seat] == (view, cursor):
                continue
            self._drawn_seats[seat] = (view, cursor)
            if region.area:
                changed |= self._replace(seat, region, self._seat_strips(view, region, cursor))
        return changed

    def _redraw_centre(self) -> set[int]:
        if self._centre == self._drawn_centre:
            return set()
        self._drawn_centre = self._centre
        centre, strips = self._centre_drawn()
        return self._replace(-1, centre, strips)

    def kept_rows(self) -> list[Strip]:
        return self._draw_rows()

    def render_line(self, y: int) -> Strip:
        rows = self._draw_rows()
        return rows[y] if y < len(rows) else Strip.blank(self.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        seat = self.seat_at(event.x, event.y)
        if seat is not None:
            self.post_message(self.Clicked(seat))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        # The tooltip says why the seat under the pointer is drunk or poisoned.
        why = None
        for region, view in zip(self.box_regions(), self._views):
            if region.contains(event.x, event.y):
                why = view.why or None
                break
        if why != self.tooltip:
            self.tooltip = why


def _region(place: Place) -> Region:
    return Region(place.x, place.y, place.width, place.height)


def _overlay(pieces: list[tuple[int, Strip, int]], width: int) -> Strip:
    """One row: each (x, strip, whose) painted over what came before it, on a blank row."""
    if not pieces:
        return Strip.blank(width)
    row = Strip.blank(width)
    for x, strip, _whose in pieces:
        end = min(width, x + strip.cell_length)
        if x >= width or end <= x:
            continue
        row = Strip.join([row.crop(0, x), strip.crop(0, end - x), row.crop(end, width)])
    return row
