"""A text field that never takes in a control character: what is typed or pasted is kept,
less any character that could act on the terminal or hide how the words read (ESC, BEL, a
bidi override); a line break becomes a space. The storyteller is told what was left out."""

from __future__ import annotations

from textual.widgets import Input

from grimoire.core.freetext import BREAKS, unsafe


def typed_words(text: str) -> str:
    """``text`` as a field keeps it: line breaks as spaces, other unsafe characters left out."""
    return "".join(" " if ch in BREAKS else ch for ch in text if ch in BREAKS or not unsafe(ch))


class TextInput(Input):
    def replace(self, text: str, start: int, end: int) -> None:
        if any(unsafe(ch) and ch not in BREAKS for ch in text):
            self.notify("Control characters are left out of what is typed here.", severity="warning", timeout=4)
        super().replace(typed_words(text), start, end)

    def validate_value(self, value: str) -> str:
        # A value set in code (a note to edit, a default path) is held to the same rule.
        return typed_words(value)
