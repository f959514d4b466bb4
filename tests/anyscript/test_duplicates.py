"""Characters several players may hold (the format's ``bag-duplicate`` special: Legion, the
Village Idiots): read from the script or the official data, allowed by the counts, the table,
random deals and saves, and woken together at night."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from grimoire.core import events as ev
from grimoire.core.script import Character, Script, ScriptError, Special, Team, load_script, parse_script
from grimoire.core.setup import random_bag, setup_problems
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.store.saves import load_game, save_game
from tests.official.conftest import parse_release

CARNIVAL = Path(__file__).resolve().parent / "scripts" / "carnival.json"
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")
TWO_CLOWNS = ("clown", "juggler", "clown", "acrobat", "strongman", "pickpocket", "lionmaw")


def carnival_game(characters: tuple[str, ...] = TWO_CLOWNS) -> Game:
    seats = [SeatSetup(n, c) for n, c in zip(NAMES, characters)]
    return Game(TableSetup(seats=seats, script=str(CARNIVAL)))


def test_the_special_is_read_from_the_script_and_from_the_official_data(tmp_path: Path) -> None:
    script = load_script(CARNIVAL)
    assert script.character("clown").duplicates and not script.character("juggler").duplicates
    horde = {"id": "horde", "name": "Horde", "team": "demon", "ability": "Most players are Horde.",
             "special": [{"type": "selection", "name": "bag-duplicate"}, {"type": "vote", "name": "multiplier", "value": -1}]}
    data = parse_release(tmp_path, [horde])  # the official data is checked at a release's size
    role = data.role("horde")
    assert role is not None and role.duplicates and role.special[1] == Special("vote", "multiplier", "-1")


@pytest.mark.parametrize("special, words", [
    ("bag-duplicate", "field 'special' must be an array"),
    (["bag-duplicate"], "special 1 must be an object"),
    ([{"type": "selection"}], "special 1: missing field 'name'"),
    ([{"type": "selection", "name": "x", "value": [1]}], "special 1: field 'value' must be a string or a number"),
])
def test_a_malformed_special_is_named(special, words) -> None:
    entry = {"id": "odd", "name": "Odd", "team": "townsfolk", "ability": "x", "special": special}
    with pytest.raises(ScriptError, match=words):
        parse_script([entry], source="s.json")


def test_the_counts_allow_several_of_a_duplicating_character_only() -> None:
    script = load_script(CARNIVAL)
    assert setup_problems(script, list(TWO_CLOWNS)) == []
    twice = ["juggler", "juggler", "clown", "acrobat", "strongman", "pickpocket", "lionmaw"]
    assert setup_problems(script, twice) == ["Juggler is chosen 2 times; a character is in play at most once"]
    assert "7 players need" in setup_problems(script, ["clown"] * 6 + ["lionmaw"])[0]  # still counted by team


def test_most_players_legion_like() -> None:
    # An official Demon with the special and a bracket no rule reads: the storyteller applies it.
    chars = [Character(f"t{i}", f"T{i}", Team.TOWNSFOLK, "x") for i in range(4)]
    horde = Character("horde", "Horde", Team.DEMON, "Most players are Horde. [Most players are Horde]", setup=True,
                      special=(Special("selection", "bag-duplicate"),))
    script = Script("h", "Hordes", "", (*chars, horde), (), ())
    assert setup_problems(script, ["horde"] * 4 + ["t0", "t1", "t2"]) == []


def test_a_table_with_two_clowns_plays_wakes_both_and_saves(tmp_path) -> None:
    game = carnival_game()
    assert game.setup.problems() == []
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "clown":
        game.answer(None)
    prompt = game.prompt
    assert prompt is not None and prompt.wake == (0, 2) and "Ann, Cat" in prompt.question
    game.answer(["text", "thumbs up"])
    assert "The Clown was shown “thumbs up”." in "\n".join(_log(game))
    again = load_game(save_game(game, tmp_path / "g.toml"))
    assert [s.character for s in again.state.seats] == list(TWO_CLOWNS)


def test_random_deals_may_hold_a_duplicating_character_twice() -> None:
    script = load_script(CARNIVAL)
    bags = [random_bag(script, 7, seed=s) for s in range(40)]
    assert all(setup_problems(script, b.characters, unseated=b.unseated) == [] for b in bags)
    assert any(Counter(b.characters)["clown"] > 1 for b in bags)
    assert all(max(Counter(c for c in b.characters if c != "clown").values()) == 1 for b in bags)


def _log(game: Game) -> list[str]:
    from grimoire.present.narrate import story

    return [line for _, body in story(game.rules, game.state) for line in body]
