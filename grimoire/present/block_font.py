"""Block letters for words read across a table: a 5-dot-high font, drawn at two sizes.

- ``LARGE``: each dot two cells wide and one row high (five rows a line);
- ``MEDIUM``: each dot one cell, two dots a row with half blocks (three rows a line).

Accented letters are drawn as their base letter ("É" as "E"); a character the font lacks is
written as it is (a control character as its escape) on the middle row, at normal size.
Pure: the screen only shows the rows.
"""

from __future__ import annotations

import enum
import unicodedata

from grimoire.core.freetext import printable

# "#" a dot, "." none; five rows each, all rows of a glyph the same width.
_FONT = {
    "A": (".#.", "#.#", "###", "#.#", "#.#"),
    "B": ("##.", "#.#", "##.", "#.#", "##."),
    "C": (".##", "#..", "#..", "#..", ".##"),
    "D": ("##.", "#.#", "#.#", "#.#", "##."),
    "E": ("###", "#..", "##.", "#..", "###"),
    "F": ("###", "#..", "##.", "#..", "#.."),
    "G": (".##.", "#...", "#.##", "#..#", ".##."),
    "H": ("#.#", "#.#", "###", "#.#", "#.#"),
    "I": ("###", ".#.", ".#.", ".#.", "###"),
    "J": ("..#", "..#", "..#", "#.#", ".#."),
    "K": ("#.#", "#.#", "##.", "#.#", "#.#"),
    "L": ("#..", "#..", "#..", "#..", "###"),
    "M": ("#...#", "##.##", "#.#.#", "#...#", "#...#"),
    "N": ("#..#", "##.#", "#.##", "#..#", "#..#"),
    "O": (".#.", "#.#", "#.#", "#.#", ".#."),
    "P": ("##.", "#.#", "##.", "#..", "#.."),
    "Q": (".#.", "#.#", "#.#", "##.", ".##"),
    "R": ("##.", "#.#", "##.", "#.#", "#.#"),
    "S": (".##", "#..", ".#.", "..#", "##."),
    "T": ("###", ".#.", ".#.", ".#.", ".#."),
    "U": ("#.#", "#.#", "#.#", "#.#", "###"),
    "V": ("#.#", "#.#", "#.#", "#.#", ".#."),
    "W": ("#...#", "#...#", "#.#.#", "##.##", "#...#"),
    "X": ("#.#", "#.#", ".#.", "#.#", "#.#"),
    "Y": ("#.#", "#.#", ".#.", ".#.", ".#."),
    "Z": ("###", "..#", ".#.", "#..", "###"),
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("##.", "..#", ".#.", "#..", "###"),
    "3": ("##.", "..#", ".#.", "..#", "##."),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "##.", "..#", "##."),
    "6": (".##", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "##."),
    " ": ("..", "..", "..", "..", ".."),
    ".": (".", ".", ".", ".", "#"),
    ",": ("..", "..", "..", ".#", "#."),
    ":": (".", "#", ".", "#", "."),
    ";": ("..", ".#", "..", ".#", "#."),
    "!": ("#", "#", "#", ".", "#"),
    "?": ("##.", "..#", ".#.", "...", ".#."),
    "'": ("#", "#", ".", ".", "."),
    "’": ("#", "#", ".", ".", "."),
    '"': ("#.#", "#.#", "...", "...", "..."),
    "-": ("...", "...", "###", "...", "..."),
    "–": ("...", "...", "###", "...", "..."),
    "—": ("...", "...", "###", "...", "..."),
    "+": ("...", ".#.", "###", ".#.", "..."),
    "/": ("..#", "..#", ".#.", "#..", "#.."),
    "(": (".#", "#.", "#.", "#.", ".#"),
    ")": ("#.", ".#", ".#", ".#", "#."),
    "&": (".#.", "#.#", ".#.", "#.#", ".##"),
    "#": ("#.#", "###", "#.#", "###", "#.#"),
    "…": (".....", ".....", ".....", ".....", "#.#.#"),
}
ROWS = 5
_HALF = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


class Size(enum.Enum):
    LARGE = "large"
    MEDIUM = "medium"
    NORMAL = "normal"  # plain text: the screen shows it in bold

    @property
    def rows(self) -> int:
        return {"large": ROWS, "medium": (ROWS + 1) // 2, "normal": 1}[self.value]


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes (wide characters two, combining marks none)."""
    n = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def _folded(ch: str) -> str:
    """The font's glyph for a character: its capital, without accents ("é" as "E")."""
    up = ch.upper()
    if up in _FONT:
        return up
    base = "".join(c for c in unicodedata.normalize("NFKD", up) if not unicodedata.combining(c))
    return base if base and all(c in _FONT for c in base) else ""


def _pieces(text: str) -> list[tuple[str, ...] | str]:
    """Each character as its dot rows, or as itself (printable) when the font lacks it."""
    out: list[tuple[str, ...] | str] = []
    for ch in printable(text):
        folded = _folded(ch)
        if folded:
            out += [_FONT[c] for c in folded]
        elif not unicodedata.combining(ch):
            out.append(ch)
    return out


def _draw(dots: tuple[str, ...], size: Size) -> list[str]:
    if size is Size.LARGE:
        return ["".join("██" if d == "#" else "  " for d in row) for row in dots]
    padded = list(dots) + ["." * len(dots[0])] * (ROWS % 2)
    return ["".join(_HALF[(a == "#", b == "#")] for a, b in zip(padded[r], padded[r + 1]))
            for r in range(0, ROWS, 2)]


def render(text: str, size: Size) -> list[str]:
    """``text`` as rows of block letters (one row when ``NORMAL``), all rows as wide."""
    if size is Size.NORMAL:
        return [printable(text)]
    rows = size.rows
    gap = "  " if size is Size.LARGE else " "
    out = [""] * rows
    for i, piece in enumerate(_pieces(text)):
        if isinstance(piece, str):  # not in the font: as it is, on the middle row
            blank = " " * cells(piece)
            drawn = [piece if r == rows // 2 else blank for r in range(rows)]
        else:
            drawn = _draw(piece, size)
        for r in range(rows):
            out[r] += (gap if i else "") + drawn[r]
    return out


def width(text: str, size: Size) -> int:
    return cells(render(text, size)[0])


def wrap(text: str, size: Size, room: int) -> list[str] | None:
    """The words of ``text`` on lines of at most ``room`` cells at ``size``, or None when one
    word alone is wider than that."""
    lines: list[str] = []
    for word in text.split():
        if width(word, size) > room:
            return None
        if lines and width(f"{lines[-1]} {word}", size) <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]
