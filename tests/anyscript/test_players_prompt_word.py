"""A choice of several players that the player might not make: the prompt offers a word ("none")
besides the players, and only where it offers one (Sects & Violets' Seamstress and Barber)."""

from __future__ import annotations

import pytest

from night_order import AnswerKind, Prompt
from night_order.prompt import IllegalAnswer


def test_a_players_prompt_takes_the_word_it_offers() -> None:
    might = Prompt(step="seamstress", title="Seamstress", reminder="", key="seamstress", kind=AnswerKind.PLAYERS,
                   count=2, options=("none",))
    assert might.validate("none") == "none"
    assert might.validate([1, 2]) == [1, 2]
    with pytest.raises(IllegalAnswer, match="choose 2 players"):
        might.validate("nobody")


def test_a_players_prompt_without_words_takes_players_only() -> None:
    must = Prompt(step="chambermaid", title="Chambermaid", reminder="", key="chambermaid", kind=AnswerKind.PLAYERS,
                  count=2)
    with pytest.raises(IllegalAnswer, match="choose 2 players"):
        must.validate("none")
