"""Under Sects & Violets' Vortox a Townsfolk's information must be false: the walker asks which
answer was given, offers only false ones, and refuses the truth."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.game import Game, IllegalAction, SeatSetup, TableSetup
from grimoire.tui.support.told_items import asks_told, told_items
from night_order import AnswerKind
from tests.official.conftest import SNV


def at_the_clockmaker(demon: str) -> Game:
    names = "Ann Ben Cat Dan Eve".split()
    characters = ("clockmaker", demon, "witch", "oracle", "sage")
    game = Game(TableSetup(seats=tuple(SeatSetup(n, c) for n, c in zip(names, characters, strict=True)),
                           script=str(SNV)))
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "clockmaker":
        game.answer(None if game.prompt.kind is AnswerKind.ACK else game.prompt.choices[-1])
    assert game.prompt is not None
    return game


def test_the_vortoxs_townsfolk_are_offered_only_false_answers(stand_in) -> None:
    game = at_the_clockmaker("vortox")
    prompt = game.prompt
    assert prompt is not None and prompt.truth == 1  # the Vortox beside the Witch
    assert asks_told(prompt, game.rules, game.state)
    offered = [item.value for item in told_items(game, prompt, truth_first=True)]
    assert offered and 1 not in offered
    with pytest.raises(IllegalAction, match="Vortox"):
        game.answer(None, told=1)
    game.answer(None, told=2)
    assert game.state.nights[-1].info[-1].told == 2


def test_without_the_vortox_the_truth_is_offered_and_assumed(stand_in) -> None:
    game = at_the_clockmaker("nodashii")  # the Clockmaker is poisoned: asked, the truth offered too
    prompt = game.prompt
    assert prompt is not None
    assert 1 in [item.value for item in told_items(game, prompt, truth_first=True)]
    game = at_the_clockmaker("fanggu")
    assert game.prompt is not None and not asks_told(game.prompt, game.rules, game.state)
