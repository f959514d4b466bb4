"""Where a file is too deep or too long to read: brackets and digits inside strings and
comments do not count."""

from __future__ import annotations

import json
import tomllib

import pytest

from grimoire.core.limits import unreadable

DEEP = 100_000


def _toml_problem(text: str) -> str:
    with pytest.raises((RecursionError, ValueError)) as info:
        tomllib.loads(text)
    return unreadable(text, True, info.value)


def test_brackets_in_strings_and_comments_are_not_nesting() -> None:
    text = ('a = "' + "[" * 200 + '"\n' + "b = '" + "{" * 200 + "'\n" + "# " + "[" * 200 + "\n"
            + 'c = """\n' + "[" * 200 + '\n"""\n' + "d = " + "[" * DEEP + "]" * DEEP + "\n")
    assert _toml_problem(text) == "arrays or tables nested more than 64 deep (line 7, column 69)"


def test_digits_in_strings_are_not_numbers() -> None:
    text = 'a = "' + "9" * 5000 + '"\nb = 1_' + "0" * 5000 + "\n"
    assert _toml_problem(text) == "a number of more than 4,300 digits (line 2, column 5)"


def test_json_nesting_skips_strings() -> None:
    text = '["' + "[" * 200 + '\\"", ' + "[" * DEEP + "]" * DEEP + "]"
    with pytest.raises(RecursionError) as info:
        json.loads(text)
    assert unreadable(text, False, info.value) == "arrays or objects nested more than 64 deep (line 1, column 271)"
