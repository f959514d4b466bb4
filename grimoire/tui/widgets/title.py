"""The grimoire's top line: the title and what is happening now, in one fixed-height line.

Textual's Header asks for a layout of the screen and repaints all of it whenever its subtitle
changes, which on the grimoire is most steps ("Night 2 · 7 of 9 alive · …"). This line has a
fixed size, so a change repaints the line and nothing else.
"""

from __future__ import annotations

from textual.widgets import Static

from grimoire.tui.support.view import esc


class TitleBar(Static):
    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        text-align: center;
    }
    """

    def __init__(self) -> None:
        super().__init__("", id="title-bar")
        self._words: str | None = None

    def show_title(self, title: str, sub_title: str = "", mark: str = "") -> None:
        words = f"[b]{esc(title)}[/b]"
        if mark:  # e.g. REHEARSAL: first, so that a narrow line never cuts it off
            words = f"[b reverse $warning] {esc(mark)} [/] " + words
        if sub_title:
            words += f" — [$foreground-muted]{esc(sub_title)}[/]"
        if words != self._words:
            self._words = words
            self.update(words, layout=False)  # one line, always: never a layout
