"""Words people and files bring in (names, titles, notes): checked, cleaned, and shown harmlessly.

A character is *unsafe* when it can act on a terminal or hide how a text reads: the C0 and
C1 controls and DEL (ESC starts a terminal command, BEL rings, NUL cuts), line and paragraph
separators, lone surrogates (not characters at all; they cannot be printed or encoded), and the
invisible format characters (bidi overrides and isolates that reverse what follows, zero-width
spaces). The two joiners stay: emoji and some scripts need them.

- ``clean``: the storyteller's own typing (notes, reminders): line breaks become spaces, the
  rest of the unsafe characters are left out. Length is capped so a note stays readable.
- ``unsafe_problem`` / ``text_problem`` / ``refuse_unsafe``: a name or title read from a file is
  refused, with what is wrong in words (a character it may not have; a length past its limit).
- ``printable``: anything that reaches a terminal or an export (one function for all of them),
  each unsafe character written as an escape a reader can see: ``\\x1b``, ``\\u202e``.
"""

from __future__ import annotations

import unicodedata

NOTE_LIMIT = 500
REMINDER_LIMIT = 40
# A player's name, typed or read from a file (a save, a scenario): it has to fit a seat. And a
# title (a game's, a script's, a character's name in a script): a heading, not a document.
NAME_LIMIT = 40
TITLE_LIMIT = 200
# A script's prose (an ability, a night reminder: the longest official ones are some 400) and a
# reminder token's name (it has to fit a seat's box, as a player's name does, twice over).
PROSE_LIMIT = 2000
TOKEN_NAME_LIMIT = 80
JOINERS = "\u200c\u200d"  # zero-width non-joiner and joiner: parts of emoji and of words
BREAKS = "\t\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"  # what clean() turns into a space
# Format characters that change the direction of the text around them (the "Trojan Source" set).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_UNSAFE_CATEGORIES = frozenset(("Cc", "Cs", "Cf", "Zl", "Zp"))
_JSON_LAYOUT = "\n\r\t"  # JSON's whitespace between values (in a string JSON escapes them)
_SHOWN_CUT = 40  # a name quoted in an error message: this many characters at most


class UnsafeText(ValueError):
    """A name or title with a character that may not be in it; the message says which."""


def unsafe(ch: str) -> bool:
    """Whether the character may act on a terminal or hide how the text reads."""
    return unicodedata.category(ch) in _UNSAFE_CATEGORIES and ch not in JOINERS


_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    if ch in _SHORT:
        return _SHORT[ch]
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str, lines: bool = False) -> str:
    """``text`` as it may reach a terminal or an export: each unsafe character written as an
    escape (ESC as ``\\x1b``, a line break as ``\\n``, a right-to-left override as ``\\u202e``);
    with ``lines``, the line
    breaks ``\\n`` stay (a message of several lines). Text without them comes back unchanged."""
    text = str(text)
    # The usual case, at C speed: a printable string has no control, format, surrogate or
    # separator character (isprintable is false for every category ``unsafe`` looks for).
    if text.isprintable() or not any(unsafe(ch) for ch in text):
        return text
    return "".join(_escape(ch) if unsafe(ch) and not (lines and ch == "\n") else ch for ch in text)


def printable_json(text: str) -> str:
    """JSON text with each unsafe character in its strings as a JSON escape (``\\u202e``), so
    that the JSON reads back to the same strings but prints harmlessly. (JSON escapes the C0
    controls in strings itself, so a raw line break or tab is layout and stays; DEL, C1,
    bidi controls and lone surrogates it writes as they are.)"""
    if not any(unsafe(ch) for ch in text):
        return text
    out = []
    for ch in text:
        if not unsafe(ch) or ch in _JSON_LAYOUT:
            out.append(ch)
            continue
        code = ord(ch)
        if code >= 0x10000:  # as a UTF-16 surrogate pair, as JSON spells it
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out)


def _kind(ch: str) -> str:
    category = unicodedata.category(ch)
    if ch in "\n\r\v\f\x85" or category in ("Zl", "Zp"):
        return "a line break"
    if ch == "\t":
        return "a tab"
    if category == "Cc":
        return "a control character"
    if category == "Cs":
        return "a lone surrogate (half of a character, not text)"
    if ch in BIDI:
        return "a text-direction control"
    return "an invisible formatting character"


def quoted(text: str) -> str:
    """A name for a message: shown harmlessly, in quotes, a long one cut."""
    words = printable(text)
    if len(words) > _SHOWN_CUT:
        words = words[: _SHOWN_CUT - 1] + "…"
    return f'"{words}"'


def unsafe_problem(text: str) -> str | None:
    """What is wrong with a name or title read from a file, in words (None: nothing):
    '"C\\x1b[2JD" has a control character (\\x1b, character 2), which is not allowed'."""
    for i, ch in enumerate(text):
        if unsafe(ch):
            return f"{quoted(text)} has {_kind(ch)} ({_escape(ch)}, character {i + 1}), which is not allowed"
    return None


def length_problem(text: str, limit: int) -> str | None:
    """What is wrong with a name or title longer than ``limit`` characters (None: nothing):
    '"Aaaa…" is 100,000 characters long: at most 40 are allowed'."""
    if len(text) <= limit:
        return None
    return f"{quoted(text)} is {len(text):,} characters long: at most {limit:,} are allowed"


def text_problem(text: str, limit: int) -> str | None:
    """What is wrong with a name or title read from a file: a character it may not have, or
    its length (None: nothing)."""
    # The length first: a 10 MB title is refused without going through it character by character.
    return length_problem(text, limit) or unsafe_problem(text)


def refuse_unsafe(text: str, what: str, limit: int | None = None) -> None:
    """Raise UnsafeText ('the name "C\\x1b[2JD" has a control character …') if ``text``
    (``what`` it is) has an unsafe character, or is longer than ``limit``."""
    problem = unsafe_problem(text) if limit is None else text_problem(text, limit)
    if problem is not None:
        raise UnsafeText(f"{what} {problem}")


def clean(text: str) -> str:
    out = []
    for ch in str(text):
        if ch in BREAKS:
            out.append(" ")
        elif unsafe(ch):
            continue
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


def counted(n: int, word: str, plural: str = "") -> str:
    """``n`` of a thing, in words: "1 character", "2 characters", "1 jinx", "2 jinxes"."""
    return f"{n:,} {word if n == 1 else plural or word + 's'}"


def a_or_an(word: str) -> str:
    """The word with its article: "a Townsfolk", "an Outsider"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word
