"""Reminder tokens of any script: those of the characters in play, and the global ones."""

from __future__ import annotations

import json

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.tui.support.view import token_choices
from tests.official.conftest import LANTERN

SEATS = (("Ann", "lanternkeeper"), ("Ben", "tidecaller"), ("Cat", "hermit"), ("Dan", "whisperer"),
         ("Eve", "gloomwyrm"))


def game_with_global(tmp_path) -> Game:  # type: ignore[no-untyped-def]
    data = json.loads(LANTERN.read_text(encoding="utf-8"))
    tide = next(e for e in data if isinstance(e, dict) and e.get("id") == "tidecaller")
    tide["remindersGlobal"] = ["Tide turned"]
    path = tmp_path / "lantern.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return Game(TableSetup(seats=[SeatSetup(n, c) for n, c in SEATS], script=str(path)))


def test_the_token_picker_offers_the_tokens_of_the_characters_in_play(official, tmp_path) -> None:
    game = game_with_global(tmp_path)
    names = [value[0] for _, value in token_choices(game.rules, game.state)]
    assert "Lit" in names and "Drunk" in names and "Dead" in names and "Tide turned" in names
    assert "Safe" not in names  # the Herbalist is not in play


def test_a_global_reminder_is_placed_and_removed(official, tmp_path) -> None:
    game = game_with_global(tmp_path)
    game.apply(ev.StartNight())
    game.apply(ev.PlaceToken("Tide turned", "tidecaller", 2))
    game.apply(ev.PlaceToken("Lit", "lanternkeeper", 3))
    assert [t.shown for t in game.state.tokens_on(2)] == ["Tide turned"]
    game.apply(ev.RemoveToken("Tide turned", 2))
    assert game.state.tokens_on(2) == []
