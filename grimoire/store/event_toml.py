"""One event's TOML text, character for character what tomli_w writes, made much faster.

A save holds every event of the game; tomli_w's general writer spends ~14 µs on each, so a
100,000-event save took 1.4 s to make. Events are flat tables of text, whole numbers,
true/false and arrays of those: this writes them the way tomli_w 1.x does, and returns None
for anything else (a sub-table, a float, ...), which is then left to tomli_w itself.
tests/store/test_event_toml.py checks the text against tomli_w's for any such table.
"""

from __future__ import annotations

from typing import Any

INDENT = "    "
MAX_LINE_LENGTH = 100  # tomli_w writes an array of tables inline only if each fits in this

_BARE_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
# tomli_w's escapes in a basic string: the short forms, else \u00XX; a tab stays as it is.
_ESCAPES = {i: f"\\u{i:04x}" for i in (*range(32), 127) if i != 9} | {
    8: "\\b", 10: "\\n", 12: "\\f", 13: "\\r", 34: '\\"', 92: "\\\\",
}
_NEEDS_ESCAPE = frozenset(chr(i) for i in _ESCAPES)
_keys: dict[str, str] = {}


def string(text: str) -> str:
    if _NEEDS_ESCAPE.isdisjoint(text):
        return f'"{text}"'
    return '"' + text.translate(_ESCAPES) + '"'


def key(name: str) -> str:
    shown = _keys.get(name)
    if shown is None:
        shown = name if name and _BARE_KEY_CHARS.issuperset(name) else string(name)
        if len(_keys) < 1000:  # field names: a handful
            _keys[name] = shown
    return shown


def literal(value: Any, nest: int = 0) -> str | None:
    """A value as tomli_w writes it, or None if it is not text, a number, true/false or an
    array of those."""
    kind = type(value)
    if kind is str:
        return string(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        items = []
        for item in value:
            text = literal(item, nest + 1)
            if text is None:
                return None
            items.append(INDENT * (nest + 1) + text)
        return "[\n" + ",\n".join(items) + ",\n" + INDENT * nest + "]"
    return None


def event_texts(data: dict[str, Any]) -> tuple[str, str | None] | None:
    """``data`` as one ``[[events]]`` table, and as its line in an inline ``events = [...]``
    array (None if tomli_w would not write it inline: too long, or on several lines).
    None if ``data`` is not flat."""
    pairs = []
    for name, value in data.items():
        kind = type(value)  # text and whole numbers first: nearly every value is one
        text: str | None
        if kind is str:
            text = string(value)
        elif kind is int:
            text = str(value)
        else:
            text = literal(value)
            if text is None:
                return None
        pairs.append(f"{key(name)} = {text}")
    if not pairs:
        return "[[events]]\n", f"{INDENT}{{}},\n"
    table = "[[events]]\n" + "\n".join(pairs) + "\n"
    inline = "{ " + ", ".join(pairs) + " }"
    if "\n" in inline or len(inline) + len(INDENT) + 1 > MAX_LINE_LENGTH:
        return table, None
    return table, f"{INDENT}{inline},\n"
