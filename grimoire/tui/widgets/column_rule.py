"""The line down the left of the grimoire's right-hand column (the walker and the log).

It was the column's CSS border. A container with a border is drawn by Textual row by row,
under the panels that cover it, and every row it draws is kept four times over (the row, the
row through the app's colour filter, and the two pieces the screen cuts it into): some 170 of
the first frame's 750 strips, and a repaint of the column's rows at most steps. The column is
now hidden (``visibility: hidden`` in ``grimoire.tcss``: Textual draws none of its own rows,
only its children's), and this one-cell-wide widget draws the line: one row, the same for
every height, handed to the screen as it is (``OneRow``).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from grimoire.tui.widgets.kept_rows import OneRow

LINE = "│"  # Textual's "solid" border, its left edge


class ColumnRule(OneRow, Widget):
    DEFAULT_CSS = """
    ColumnRule {
        dock: left;
        width: 1;
        height: 100%;
        color: $panel-lighten-2;
    }
    """

    def row_style(self) -> RichStyle:
        # As Textual colours a border: the line's colour and the background, each over the
        # background beneath the widget.
        base, background = self.kept_colors()
        return VisualStyle(foreground=base + self.styles.color, background=base + background).rich_style

    def row(self, width: int, style: RichStyle) -> Strip:
        return Strip([Segment(LINE, style)], 1)

    def render_line(self, y: int) -> Strip:
        return self.kept_rows()[0]
