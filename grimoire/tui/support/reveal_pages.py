"""The reveal cut into pages that fit the screen: each section wrapped to the width and cut to
the height, a line never split between two pages.

No Textual here: the screen draws the rows (markup, outside words escaped).
"""

from __future__ import annotations

import textwrap

from grimoire.core.freetext import printable
from grimoire.core.value import frozen
from grimoire.present.reveal import Line
from grimoire.tui.support.view import esc

# A player's line in their team's colour (theme variables only).
TONES = {
    "townsfolk": "$text-primary",
    "outsider": "$text-accent",
    "minion": "$text-warning",
    "demon": "$text-error",
    "traveller": "$text-secondary",
}
HANGING = "    "  # a wrapped line goes on this far in


@frozen
class Page:
    heading: str  # the section's
    rows: tuple[str, ...]  # markup, one screen row each
    part: int = 1  # this section's page number …
    parts: int = 1  # … of its pages


def rows_of(line: Line, width: int) -> list[str]:
    """A line wrapped to ``width`` cells, each row as markup."""
    words = printable(line.text)  # a control character as its escape, counted as drawn
    wrapped = textwrap.wrap(words, max(8, width), subsequent_indent=HANGING) or [""]
    style = TONES.get(line.tone)
    return [f"[{style}]{esc(row)}[/]" if style else esc(row) for row in wrapped]


def paginate(sections: list[tuple[str, list[Line]]], width: int, height: int) -> list[Page]:
    """Every section on pages of at most ``height`` rows of ``width`` cells; each section
    starts a page."""
    height = max(1, height)
    pages: list[Page] = []
    for heading, lines in sections:
        chunks: list[list[str]] = [[]]
        for line in lines:
            block = rows_of(line, width)[:height]  # a line longer than a page is cut
            if chunks[-1] and len(chunks[-1]) + len(block) > height:
                chunks.append([])
            chunks[-1] += block
        pages += [Page(heading, tuple(chunk), i + 1, len(chunks)) for i, chunk in enumerate(chunks)]
    return pages
