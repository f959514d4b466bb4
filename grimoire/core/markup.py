"""The markup of the official texts and of community scripts: ``*TOKEN*`` marks a reminder
token's words (shown emphasised), ``:reminder:`` means "place this character's reminder" (named
when the character's tokens say which: "[reminder: Drunk]").

Parsed here once into segments; the terminal styles them, a text export writes them plainly.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence

from grimoire.core.value import frozen


class Mark(enum.Enum):
    PLAIN = "plain"
    EMPHASIS = "emphasis"  # *TOKEN*
    REMINDER = "reminder"  # :reminder:


@frozen
class Segment:
    mark: Mark
    text: str


# A star pair around words that neither start nor end with a space; a lone star stays a star.
_MARKUP = re.compile(r"\*(?=\S)([^*\n]+?)(?<=\S)\*|:reminder:")
REMINDER_WORD = "[reminder]"


def segments(text: str, tokens: Sequence[str] = ()) -> tuple[Segment, ...]:
    """``tokens``: the character's reminder tokens, to name what each ``:reminder:`` places."""
    out: list[Segment] = []
    at = 0
    names = reminder_names(text, tokens)
    for match in _MARKUP.finditer(text):
        if match.start() > at:
            out.append(Segment(Mark.PLAIN, text[at : match.start()]))
        if match.group(1) is None:
            name = names.pop(0) if names else ""
            out.append(Segment(Mark.REMINDER, f"[reminder: {name}]" if name else REMINDER_WORD))
        else:
            out.append(Segment(Mark.EMPHASIS, match.group(1)))
        at = match.end()
    if at < len(text):
        out.append(Segment(Mark.PLAIN, text[at:]))
    return tuple(out)


def plain(text: str, tokens: Sequence[str] = ()) -> str:
    """For a plain-text export: the words without their marks."""
    return "".join(s.text for s in segments(text, tokens))


def reminder_names(text: str, tokens: Sequence[str]) -> list[str]:
    """What each ``:reminder:`` of ``text`` places, in order: the character's one token; as
    many tokens as marks, one each in order (the official texts list them so); else every
    token it might be ("Grandchild or Dead") at the first mark and the bare mark after it (a
    long list said once, not at every mark); "" when the character has none."""
    marks = sum(1 for m in _MARKUP.finditer(text) if m.group(1) is None)
    names = list(dict.fromkeys(t for t in tokens if t))
    if len(names) == 1:
        return names * marks
    if names and len(names) != marks:
        return [" or ".join(names)] + [""] * (marks - 1) if marks else []
    return names if names else [""] * marks

