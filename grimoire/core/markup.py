"""The markup of the official texts and of community scripts: ``*TOKEN*`` marks a reminder
token's words (shown emphasised), ``:reminder:`` means "place this character's reminder".

Parsed here once into segments; the terminal styles them, a text export writes them plainly.
"""

from __future__ import annotations

import enum
import re

import attrs


class Mark(enum.Enum):
    PLAIN = "plain"
    EMPHASIS = "emphasis"  # *TOKEN*
    REMINDER = "reminder"  # :reminder:


@attrs.frozen
class Segment:
    mark: Mark
    text: str


# A star pair around words that neither start nor end with a space; a lone star stays a star.
_MARKUP = re.compile(r"\*(?=\S)([^*\n]+?)(?<=\S)\*|:reminder:")
REMINDER_WORD = "[reminder]"


def segments(text: str) -> tuple[Segment, ...]:
    out: list[Segment] = []
    at = 0
    for match in _MARKUP.finditer(text):
        if match.start() > at:
            out.append(Segment(Mark.PLAIN, text[at : match.start()]))
        if match.group(1) is None:
            out.append(Segment(Mark.REMINDER, REMINDER_WORD))
        else:
            out.append(Segment(Mark.EMPHASIS, match.group(1)))
        at = match.end()
    if at < len(text):
        out.append(Segment(Mark.PLAIN, text[at:]))
    return tuple(out)


def plain(text: str) -> str:
    """For a plain-text export: the words without their marks."""
    return "".join(s.text for s in segments(text))

