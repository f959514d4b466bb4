"""Hostile text: what counts as unsafe, how it is shown, and how a name is refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.core.freetext import (
    UnsafeText,
    clean,
    printable,
    printable_json,
    refuse_unsafe,
    unsafe,
    unsafe_problem,
)

HOSTILE = [
    "\x1b", "\x07", "\x00", "\x7f", "\x9b", "\x85", "\r", "\n", "\t",  # C0, DEL, C1, breaks
    "\u202a", "\u202e", "\u2066", "\u2069", "\u200e", "\u061c",  # bidi embeddings, overrides, isolates, marks
    "\u200b", "\ufeff", "\u2028", "\u2029",  # zero-width space, BOM, line and paragraph separators
    "\ud800", "\udfff",  # lone surrogates
]
# Any character at all, lone surrogates and controls included.
ANY_TEXT = st.text(st.one_of(st.characters(), st.sampled_from(HOSTILE)), max_size=30)


@pytest.mark.parametrize("ch", HOSTILE)
def test_every_hostile_character_is_unsafe_and_shown_as_an_escape(ch: str) -> None:
    assert unsafe(ch)
    out = printable(f"a{ch}b")
    assert out.startswith("a\\") and out.endswith("b")
    assert not any(unsafe(c) for c in out)
    out.encode("utf-8")  # a lone surrogate no longer breaks printing or writing


def test_the_cases_of_the_report_are_shown_as_escapes() -> None:
    assert printable("C\u001b[2JD") == "C\\x1b[2JD"
    assert printable("E\u001b]0;pwned\u0007F") == "E\\x1b]0;pwned\\x07F"
    assert printable("A\nnn") == "A\\nnn"
    assert printable("x\u202eevil") == "x\\u202eevil"
    assert printable("nul\x00") == "nul\\x00"


@pytest.mark.parametrize("text", ["Ann", "Gus [guest]", "[bold]Bob[/]", "Zoë", "李", "👩‍👩‍👧 family", "✈️ Pilot", "a b"])
def test_ordinary_text_and_emoji_are_shown_as_written(text: str) -> None:
    assert printable(text) == text
    assert unsafe_problem(text) is None
    refuse_unsafe(text, "the name")  # no error


def test_lines_keeps_line_breaks_only() -> None:
    assert printable("one\ntwo\x1b", lines=True) == "one\ntwo\\x1b"
    assert printable("one\r\ntwo\t", lines=True) == "one\\r\ntwo\\t"


@given(ANY_TEXT)
def test_shown_never_lets_an_unsafe_character_through_and_is_stable(text: str) -> None:
    out = printable(text)
    assert not any(unsafe(c) for c in out)
    assert printable(out) == out
    out.encode("utf-8")


@given(ANY_TEXT)
def test_text_without_an_unsafe_character_comes_back_as_it_is(text: str) -> None:
    # printable's quick test (str.isprintable) never passes over a character unsafe finds
    # (checked over every code point once: none is printable and unsafe).
    if text.isprintable():
        assert not any(unsafe(c) for c in text)
    if not any(unsafe(c) for c in text):
        assert printable(text) == text


@given(ANY_TEXT)
def test_json_escapes_read_back_to_the_same_text(text: str) -> None:
    out = printable_json(json.dumps({"name": text, "more": [text]}, ensure_ascii=False, indent=2))
    assert not any(unsafe(c) for c in out.replace("\n", ""))
    assert json.loads(out) == {"name": text, "more": [text]}


def test_a_refusal_says_what_and_where_harmlessly() -> None:
    with pytest.raises(UnsafeText) as caught:
        refuse_unsafe("C\u001b[2JD", "the name")
    message = str(caught.value)
    assert message.startswith('the name "C\\x1b[2JD" has a control character (\\x1b, character 2)')
    assert not any(unsafe(c) for c in message)
    assert "line break" in unsafe_problem("A\nnn")  # type: ignore[operator]
    assert "text-direction" in unsafe_problem("x\u202e")  # type: ignore[operator]
    assert "surrogate" in unsafe_problem("\ud800")  # type: ignore[operator]
    long = "x" * 5000 + "\x07"
    assert len(str(pytest.raises(UnsafeText, refuse_unsafe, long, "the name").value)) < 200


def test_typed_words_lose_direction_overrides_and_separators() -> None:
    assert clean("evil\u202eright\u2028next\x1b") == "evilright next"
    assert clean("👩‍👩‍👧") == "👩‍👩‍👧"  # the joiners stay
