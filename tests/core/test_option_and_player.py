"""An answer of an option and a player: the Phantom's [artifact, player] and a player guessed as
a character, [player, character] (Bad Moon Rising's Gambler), are one shape in either order."""

from __future__ import annotations

import pytest

from grimoire.core.model import Alignment, GameState, Seat
from grimoire.rules.words import pair_words
from night_order import AnswerKind, IllegalAnswer, Prompt

ARTIFACT = Prompt("phantom", "The Phantom chooses", "", key="artifact", kind=AnswerKind.OPTION_AND_PLAYER,
                  options=("monkey_music_box", "punjab_lasso"), choices=(1, 2), option_noun="artifact",
                  pair_words="the {option}, to {player}")
GUESS = Prompt("gambler", "The Gambler guesses", "", key="gambler", kind=AnswerKind.OPTION_AND_PLAYER,
               options=("imp", "po"), choices=(0, 1), option_noun="character", player_first=True,
               pair_words="{player} as the {option}")


def test_the_option_comes_first_unless_the_player_does() -> None:
    assert ARTIFACT.validate(("punjab_lasso", 2)) == ["punjab_lasso", 2]
    assert GUESS.validate((1, "po")) == [1, "po"]
    assert ARTIFACT.pair(["punjab_lasso", 2]) == GUESS.pair([2, "punjab_lasso"]) == ("punjab_lasso", 2)
    assert ARTIFACT.paired("imp", 1) == ["imp", 1] and GUESS.paired("imp", 1) == [1, "imp"]


@pytest.mark.parametrize(("prompt", "value", "said"), [
    (ARTIFACT, [2, "punjab_lasso"], "choose an artifact and a player"),
    (ARTIFACT, ["punjab_lasso"], "choose an artifact and a player"),
    (ARTIFACT, ["imp", 2], "the artifact must be one of monkey_music_box, punjab_lasso"),
    (GUESS, ["po", 1], "choose a player and a character"),
    (GUESS, [1, "vortox"], "the character must be one of imp, po"),
])
def test_a_wrong_answer_says_the_options_noun(prompt: Prompt, value: list[object], said: str) -> None:
    with pytest.raises(IllegalAnswer, match=said):
        prompt.validate(value)


def test_the_record_words_each_in_its_prompts_words() -> None:
    g = GameState("phantom", [Seat(i, name, "sorelli", Alignment.GOOD) for i, name in enumerate(("Ann", "Ben", "Cat"))],
                  [])
    assert pair_words(g, ARTIFACT, ["punjab_lasso", 2]) == "the Punjab Lasso, to 3 Cat"
    assert pair_words(g, GUESS, [1, "imp"]) == "2 Ben as the imp"  # not a character of this script: as it is
