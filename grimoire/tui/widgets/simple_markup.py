"""A line of markup read as Textual reads it, the simplest lines without its parser.

Textual's markup parser takes some 160 us a line on our machine. The lines the walker draws
for a new step are mostly of the simplest kind (" ✗ [dim]Meg[/dim] [dim]skipped[/dim]"),
and the first step of a night draws the whole night's sheet, some 28 of them: reading those
here is ten times sooner. Anything else (an escape, a variable, a tag with more than plain
style words, tags inside tags, a tag left open) goes to Textual's parser, as before.
"""

from __future__ import annotations

import re

from textual.content import Content, Span

_TAG = re.compile(r"\[(/?)([^\[\]]*)\]")
# Style words whose tag Textual keeps as it is written (its span's style is the tag's text).
_WORDS = frozenset({"b", "bold", "dim", "i", "italic", "u", "underline", "reverse", "strike", "s"})


def read_markup(markup: str) -> Content:
    """``Content.from_markup(markup)``, the same content."""
    return _simple(markup) or Content.from_markup(markup)


def _simple(markup: str) -> Content | None:
    if "\\" in markup or "$" in markup or not markup.isprintable():
        return None  # escapes, variables, control codes: Textual's
    parts: list[str] = []
    spans: list[Span] = []
    length = 0  # of the text so far
    opened: tuple[str, int] | None = None  # the tag open now and where its text began
    at = 0
    for tag in _TAG.finditer(markup):
        text = markup[at : tag.start()]
        if "[" in text:
            return None
        parts.append(text)
        length += len(text)
        at = tag.end()
        closing, words = tag.group(1), tag.group(2)
        if not closing:
            if opened is not None or not words or not set(words.split()) <= _WORDS or words != words.strip():
                return None
            opened = (words, length)
        else:
            if opened is None or words not in ("", opened[0]):
                return None
            if length > opened[1]:
                spans.append(Span(opened[1], length, opened[0]))
            opened = None
    if opened is not None:
        return None
    rest = markup[at:]
    if "[" in rest:
        return None
    parts.append(rest)
    return Content("".join(parts), spans)
