"""Outside words as a widget's whole text (a path, an error, a name in a title): never read as
markup, and a control character shown as its escape ("\\x1b"), never sent to the terminal.
For outside words inside markup, see ``grimoire.tui.support.view.esc``."""

from __future__ import annotations

from rich.text import Text
from textual.content import Content

from grimoire.core.freetext import printable


def plain(text: str, lines: bool = False) -> Content:
    """``text`` as it is, with nothing in it taken for markup; a line break shown as "\\n",
    or with ``lines`` (a message of several lines) kept."""
    return Content(printable(str(text), lines=lines))


def plain_text(text: str, style: str = "", lines: bool = False) -> Text:
    """``plain`` for the places that take Rich text (a table's cells and headers, a Select's
    choices, which a string would make Rich markup)."""
    return Text(printable(str(text), lines=lines), style=style)
