"""A script without rules of its own: the storyteller decides, the app points things out."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Alignment, Phase
from grimoire.game import Game, IllegalAction, SeatSetup, TableSetup
from grimoire.rules.plugins import rules_for
from grimoire.rules.standard_end import standard_end
from grimoire.store.saves import load_game, save_game
from tests.official.conftest import LANTERN

# Five players with the Hermit: [+1 Outsider] makes it 2 Townsfolk, 1 Outsider, 1 Minion, 1 Demon.
SEATS = (("Ann", "lanternkeeper"), ("Ben", "tidecaller"), ("Cat", "hermit"), ("Dan", "whisperer"),
         ("Eve", "gloomwyrm"))


def lantern_game() -> Game:
    return Game(TableSetup(seats=[SeatSetup(n, c) for n, c in SEATS], script=str(LANTERN)))


def to_day(game: Game) -> None:
    while game.prompt is not None:
        game.answer(None)


def test_the_engine_is_chosen_by_script(official) -> None:
    from grimoire.core.script import load_script

    assert rules_for(load_script("phantom")).automated
    assert not rules_for(load_script(LANTERN)).automated


def test_executing_the_demon_does_not_decide_but_is_pointed_out(official) -> None:
    game = lantern_game()
    game.apply(ev.StartNight())
    to_day(game)
    assert standard_end(game.state, game.script) == []
    game.apply(ev.Execute(4))
    assert game.state.winner is None and game.phase is Phase.DAY
    hints = standard_end(game.state, game.script)
    assert any("Gloomwyrm" in h and "Eve" in h and "good" in h for h in hints)
    game.apply(ev.DeclareWinner("good", "the Demon was executed"))
    assert game.state.winner is Alignment.GOOD and game.phase is Phase.OVER
    assert game.state.win_reason == "the Demon was executed"
    with pytest.raises(IllegalAction):
        game.apply(ev.DeclareWinner("evil"))


def test_two_players_alive_is_pointed_out(official) -> None:
    game = lantern_game()
    game.apply(ev.StartNight())
    to_day(game)
    for seat in (0, 1, 2):
        game.apply(ev.SetAlive(seat, False))
    assert game.state.winner is None
    assert any("two players" in h and "evil" in h for h in standard_end(game.state, game.script))


def test_the_night_walks_every_character_in_play_in_order(official) -> None:
    game = lantern_game()
    game.apply(ev.StartNight())
    seen = []
    while game.prompt is not None:
        seen.append(game.prompt.step)
        game.answer(None)
    # Fewer than 7 players: no Minion or Demon info; the Herbalist is not in play.
    assert seen[0] == "dusk" and seen[-1] == "dawn"
    assert "whisperer" in seen and "lanternkeeper" in seen and "tidecaller" in seen
    assert "herbalist" not in seen and "minioninfo" not in seen
    assert game.state.nights[-1].skipped["herbalist"] == "not in play"


def test_a_dead_players_step_is_marked_not_dropped(official) -> None:
    game = lantern_game()
    game.apply(ev.StartNight())
    to_day(game)
    game.apply(ev.SetAlive(0, False))
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "lanternkeeper":
        game.answer(None)
    prompt = game.prompt
    assert prompt is not None and "dead" in prompt.title.lower()
    assert any("dead" in n for n in prompt.notes)
    marks = {e.step: e for e in game.sheet()}
    assert "dead" in marks["lanternkeeper"].title.lower()


def test_what_a_player_was_shown_is_recorded_in_the_log(official, tmp_path) -> None:
    game = lantern_game()
    game.apply(ev.StartNight())
    while game.prompt.step != "lanternkeeper":
        game.answer(None)
    game.answer(["player", 3])
    while game.prompt.step != "tidecaller":
        game.answer(None)
    with pytest.raises(IllegalAction):
        game.answer(["player", 9])
    with pytest.raises(IllegalAction):
        game.answer(["character", "nosuchone"])
    game.answer(["text", "HIGH"])
    answers = [e for e in game.events if isinstance(e, ev.Answer) and e.value is not None]
    assert [a.value for a in answers] == [["player", 3], ["text", "HIGH"]]
    reopened = load_game(save_game(game, tmp_path / "g.toml"))
    assert [e.value for e in reopened.events if isinstance(e, ev.Answer) and e.value] == [["player", 3], ["text", "HIGH"]]


def test_a_jinx_is_shown_on_the_steps_it_touches(official) -> None:
    game = lantern_game()
    game.apply(ev.StartNight())
    to_day(game)
    game.apply(ev.StartNight())
    notes: dict[str, tuple[str, ...]] = {}
    while game.prompt is not None:
        notes[game.prompt.step] = game.prompt.notes
        game.answer(None)
    assert any("Jinx" in n and "HIGH" in n and "*" not in n for n in notes["gloomwyrm"])
    assert any("Jinx" in n for n in notes["tidecaller"])
    assert not any("Jinx" in n for n in notes["whisperer"])


def test_the_phantom_still_decides_its_own_end() -> None:
    from tests.tui.helpers import first_night

    game = first_night()
    assert rules_for(game.script).automated
    with pytest.raises(IllegalAction, match="decide"):
        game.apply(ev.DeclareWinner("good"))
