"""A QR code as lines of text for the terminal: two rows of modules a character (▀ ▄ █ and
spaces), with a quiet zone. Pure (no Textual).

A terminal draws the characters in its text colour on its background. A phone reads a code
whose dark modules are darker than its light ones, with light all round it; so on a dark
terminal the characters draw the *light* modules and the quiet zone, and the background shows
through as the dark modules; on a light terminal the characters draw the dark modules.
"""

from __future__ import annotations

from collections.abc import Sequence

import segno

GLYPHS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the smallest QR code of ``text`` (True: dark); never a Micro QR, which
    phones' cameras do not read."""
    code = segno.make(text, micro=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix)


def qr_lines(matrix: Sequence[Sequence[bool]], quiet: int = 2, ink_dark: bool = False) -> list[str]:
    """The code as ``(len + 2*quiet) / 2`` lines of ``len + 2*quiet`` characters.

    ``ink_dark``: the characters draw the dark modules (a light terminal); otherwise the light
    modules and the quiet zone (a dark terminal)."""
    n = len(matrix)
    size = n + 2 * quiet

    def ink(row: int, col: int) -> bool:
        if row >= size:  # below the code (an odd number of rows): the terminal's own background
            return False
        r, c = row - quiet, col - quiet
        dark = 0 <= r < n and 0 <= c < n and bool(matrix[r][c])
        return dark if ink_dark else not dark

    return ["".join(GLYPHS[ink(row, col), ink(row + 1, col)] for col in range(size))
            for row in range(0, size, 2)]


def read_back(lines: Sequence[str], quiet: int = 2, ink_dark: bool = False) -> list[list[bool]]:
    """The modules (True: dark) that ``lines`` draw: ``qr_lines`` undone, for the tests."""
    size = len(lines[0]) if lines else 0
    halves = {g: k for k, g in GLYPHS.items()}
    grid = [[False] * size for _ in range(2 * len(lines))]
    for y, line in enumerate(lines):
        for x, glyph in enumerate(line):
            top, bottom = halves[glyph]
            grid[2 * y][x], grid[2 * y + 1][x] = top, bottom
    n = size - 2 * quiet
    return [[grid[r + quiet][c + quiet] == ink_dark for c in range(n)] for r in range(n)]
