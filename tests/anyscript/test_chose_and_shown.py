"""What a player chose is logged as a choice, not as something shown; one step may record
several things (the players chosen and what they were shown)."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.game import Game, IllegalAction
from grimoire.store.saves import load_game, save_game
from tests.anyscript.test_duplicates import carnival_game
from tests.anyscript.test_visitors_any_script import log


def to_step(game: Game, step: str) -> None:
    while game.prompt.step != step:
        game.answer(None)


def test_a_choice_is_chose_and_a_step_records_several_kinds(tmp_path) -> None:
    game = carnival_game()  # Fay is the Pickpocket, Ben the Juggler
    game.apply(ev.StartNight())
    to_step(game, "pickpocket")
    game.answer(["chose", 1])
    to_step(game, "juggler")
    with pytest.raises(IllegalAction, match="no seat 9"):
        game.answer([["chose", 2], ["player", 9]])
    game.answer([["chose", 2, 3], ["text", "3"]])
    text = log(game)
    assert "6 Fay (Pickpocket) chose 2 Ben." in text and "was shown 2 Ben" not in text
    assert "2 Ben (Juggler) chose 3 Cat, 4 Dan and was shown “3”." in text
    again = load_game(save_game(game, tmp_path / "g.toml"))
    assert [e.value for e in again.events if isinstance(e, ev.Answer) and e.value] == [
        ["chose", 1], [["chose", 2, 3], ["text", "3"]]]
    assert log(again) == text


def test_a_scenario_file_refuses_several_records_and_a_demon_held_by_no_seat() -> None:
    from grimoire.game import Game
    from grimoire.scenario.write import ScenarioWriteError, game_to_scenario
    from tests.anyscript.test_held_by_no_seat import egg_table

    game = carnival_game()
    game.apply(ev.StartNight())
    to_step(game, "juggler")
    game.answer([["chose", 2], ["text", "3"]])
    with pytest.raises(ScenarioWriteError, match="what players were shown"):
        game_to_scenario(game)
    with pytest.raises(ScenarioWriteError, match="held by no seat"):
        game_to_scenario(Game(egg_table()))
