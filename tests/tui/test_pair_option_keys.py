"""An answer of an option and a player with more options than letters: an option past the last
letter is shown by its name alone, never with an empty key ("[] Zombuul")."""

from __future__ import annotations

from grimoire.tui.support.text import prompt_text
from night_order import AnswerKind, Prompt

from .helpers import first_night


def test_an_option_with_no_letter_has_no_empty_brackets() -> None:
    game = first_night(8, seed=3)
    options = tuple(f"option{n:02}" for n in range(40))  # more than the letters
    prompt = Prompt(step="test", title="Test", reminder="", key="test", kind=AnswerKind.OPTION_AND_PLAYER,
                    options=options, choices=(0, 1))
    text = prompt_text(game, prompt, [], None)
    assert "\\[]" not in text and "[]" not in text, text
    assert "option39" in text
