"""A Bad Moon Rising game's record: a save keeps the grandchild and the Lunatic's Demon, the
exports and the log word its happenings, and the scenario writer writes random games that
replay to their own expectations."""

from __future__ import annotations

import random

import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.export import to_html, to_json, to_markdown
from grimoire.present.happening_lines import happening_lines
from grimoire.simulate import play_random, random_table
from grimoire.store.saves import load_game, save_game
from tests.official.conftest import BMR

EIGHT = (("Ann", "grandmother"), ("Ben", "zombuul"), ("Cat", "sailor"), ("Dan", "mastermind"),
         ("Eve", "fool"), ("Fay", "gossip"), ("Gus", "lunatic"), ("Hal", "innkeeper"))


def bmr_game(rows: tuple[tuple[str, str], ...], grandchild: int | None = None, lunatic: str | None = None) -> Game:
    from grimoire.game import SeatSetup, SetupToken, TableSetup
    from grimoire.rules.bmr.state import BmrSetup

    seats = tuple(SeatSetup(name, character) for name, character in rows)
    tokens = () if grandchild is None else (SetupToken("Grandchild", "grandmother", grandchild),)
    return Game(TableSetup(seats=seats, script=str(BMR), tokens=tokens, script_setup=BmrSetup(lunatic=lunatic)))


def answer(game: Game, **answers: object) -> None:
    """Play the night to dawn with these answers, by key."""
    while game.prompt is not None:
        game.answer(answers.get(game.prompt.key) if game.prompt.key else None)


def played() -> Game:
    game = bmr_game(EIGHT, grandchild=2, lunatic="zombuul")
    game.apply(ev.StartNight())
    answer(game, sailor=4, sailor_drunk=4)
    game.apply(ev.Execute(2))  # the sober Sailor does not die
    game.apply(ev.StartNight())
    answer(game, sailor=2, innkeeper=[5, 7], innkeeper_drunk=7, lunatic=0, zombuul=4)
    return game


def test_the_log_words_the_protections(stand_in) -> None:
    game = played()
    day = happening_lines(game.rules, game.state, game.state.days[0].happenings)
    assert any("is the sober Sailor: they do not die" in line for line in day), day
    night = happening_lines(game.rules, game.state, game.state.nights[1].happenings)
    assert any("is the Fool: their first death does not happen" in line for line in night), night
    assert game.state.nights[0].info[0].truth == (2, "sailor")  # the Grandmother's grandchild


def test_the_exports_and_the_save_keep_the_setup(stand_in, tmp_path) -> None:
    game = played()
    assert to_markdown(game) and to_json(game) and to_html(game)
    again = load_game(save_game(game, tmp_path / "bmr.toml"))
    assert again.setup.script_setup == game.setup.script_setup and again.setup.tokens == game.setup.tokens
    assert [s.alive for s in again.state.seats] == [s.alive for s in game.state.seats]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_scenario_writer_writes_random_games_that_replay(stand_in, tmp_path, seed: int) -> None:
    from grimoire.scenario.run import run_file
    from grimoire.scenario.write import game_to_scenario

    rng = random.Random(seed)
    game = play_random(Game(random_table(rng.randint(5, 15), seed=seed, script=str(BMR))), rng, max_nights=8,
                       tell=True)  # with told answers: the Grandmother's and the Godfather's are arrays
    path = tmp_path / "written.toml"
    path.write_text(game_to_scenario(game, "a random Bad Moon Rising game"), encoding="utf-8")
    outcome = run_file(path)
    assert outcome.passed, outcome.failures


def test_the_log_says_who_brought_a_player_back(stand_in) -> None:
    rows = (("Ann", "gossip"), ("Ben", "zombuul"), ("Cat", "minstrel"), ("Dan", "mastermind"), ("Eve", "pacifist"),
            ("Fay", "professor"), ("Gus", "courtier"))
    game = bmr_game(rows)
    game.apply(ev.StartNight())
    answer(game, courtier="none")
    game.apply(ev.StartNight())
    answer(game, courtier="none", zombuul=2, professor=2)
    lines = happening_lines(game.rules, game.state, game.state.nights[1].happenings)
    assert any("3 Cat (Minstrel) is alive again (the Professor's ability)" in line for line in lines), lines
    from grimoire.present.dawn_recap import dawn_recap

    announce = dawn_recap(game.rules, game.state, 2).announce
    assert "Nobody died in the night." in announce, announce  # brought back before dawn: not announced
