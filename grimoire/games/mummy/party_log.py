"""The table's public log: plain text (names are never markup), wrapped at the width it really
has, and wrapped again when that width changes."""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.widgets import RichLog

from grimoire.core.freetext import printable


class PartyLog(RichLog):
    DEFAULT_CSS = """
    PartyLog {
        scrollbar-gutter: stable;
        overflow-x: hidden;
    }
    """

    def __init__(self, lines: Iterable[str] = (), *, id: str | None = None) -> None:
        # RichLog wraps at least at min_width (78 by default), wider than a narrow log: the
        # right edge was cut off. The stable gutter keeps the width when the scrollbar appears.
        super().__init__(wrap=True, markup=False, min_width=1, id=id)
        self.said: list[str] = []
        self._wrapped_at = 0
        for line in lines:
            self.say(line)

    def say(self, line: str) -> None:
        self.said.append(line)
        self.write(printable(line))

    def replace(self, lines: Iterable[str]) -> None:
        """Show ``lines`` instead (a watched game, as the other window saved it)."""
        self.clear()
        self.said = []
        for line in lines:
            self.say(line)

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if self._wrapped_at and width != self._wrapped_at:
            self.clear()
            for line in self.said:
                self.write(printable(line))
        if width:
            self._wrapped_at = width
