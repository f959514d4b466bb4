"""What a parser cannot take, in words and with its place: nesting too deep, numbers too long.

``tomllib`` and ``json`` read nested arrays and tables by recursion, so 100,000 ``[`` in a
row end in a RecursionError (quickly: a few hundred levels in); and Python converts at most
4,300 digits to a number, so a longer one ends in a ValueError. The readers catch these and
call ``unreadable`` to say what the file holds, and where. No game file, scenario or script
nests more than a handful of levels, or needs a number of more than a few digits.
"""

from __future__ import annotations

import re
import sys

LIMIT = 64

# Strings and comments hold brackets that open nothing and digits that count nothing.
_TOML = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]|[0-9_]+',
    re.S,
)
_JSON = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def unreadable(text: str, toml: bool, exc: Exception) -> str:
    """The problem of a file its parser gave up on: nesting (a RecursionError) or a number too
    long (a ValueError; JSON readers take long numbers by a hook, so this is TOML's)."""
    tokens = (_TOML if toml else _JSON).finditer(text)
    if isinstance(exc, RecursionError):
        what = "arrays or tables" if toml else "arrays or objects"
        depth = 0
        for match in tokens:
            token = match.group()
            if token in "[{":
                depth += 1
                if depth > LIMIT:
                    return f"{what} nested more than {LIMIT} deep ({_place(text, match.start())})"
            elif token in "]}":
                depth = max(0, depth - 1)
        return f"{what} nested too deeply"
    digits = sys.get_int_max_str_digits()
    for match in tokens:
        token = match.group()
        if digits and token[0] in "0123456789_" and len(token.replace("_", "")) > digits:
            return f"a number of more than {digits:,} digits ({_place(text, match.start())})"
    return str(exc)


def _place(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - text.rfind("\n", 0, index)
    return f"line {line}, column {column}"
