"""Words the storyteller types (notes, their own reminders): cleaned before they enter the log.

Control characters (and invisible format characters such as bidi overrides) never reach the
terminal, a save or an export; line breaks and tabs become spaces. Length is capped so a note
stays readable on the card and in the log.
"""

from __future__ import annotations

import unicodedata

NOTE_LIMIT = 500
REMINDER_LIMIT = 40


def clean(text: str) -> str:
    out = []
    for ch in str(text):
        if ch in "\t\n\r\v\f":
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs") and ch not in "\u200c\u200d":
            continue  # zero-width (non-)joiners stay: emoji and some scripts need them
        else:
            out.append(ch)
    return "".join(out).strip()


def limited(text: str, limit: int, what: str) -> str:
    """``text`` cleaned; ValueError naming ``what`` if it is longer than ``limit`` characters."""
    words = clean(text)
    if len(words) > limit:
        raise ValueError(f"{what} is at most {limit} characters; this one has {len(words)}")
    return words


def note_text(text: str) -> str:
    return limited(text, NOTE_LIMIT, "a note")


def reminder_text(text: str) -> str:
    words = limited(text, REMINDER_LIMIT, "a reminder")
    if not words:
        raise ValueError("a reminder needs some words")
    return words
