"""The server reads a growing save by its new events only (grimoire.web.follow_save), and gets
the same game as a reading from the start, whatever the grimoire did in between."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from grimoire.core.public import public_view
from grimoire.game import Game
from grimoire.simulate import play_random, random_table
from grimoire.store.saves import SaveError, load_game, save_game
from grimoire.web.follow_save import SaveFollower


def played(seed: int) -> Game:
    return play_random(Game(random_table(9, seed=seed, script="phantom")), random.Random(seed), max_nights=4)


def test_a_growing_save_is_followed_by_its_new_events_to_the_same_game(tmp_path: Path) -> None:
    full = played(3)
    path = tmp_path / "game.toml"
    game = Game(full.setup)
    follower = SaveFollower()
    save_game(game, path)
    first = follower.read(path)
    for event in full.events:
        game.apply(event)
        save_game(game, path)
        read = follower.read(path)
        assert read is first  # brought up to date, not read again
        assert read.events == game.events and public_view(read.state) == public_view(load_game(path).state)


def test_an_undo_takes_events_off_and_another_game_is_read_whole(tmp_path: Path) -> None:
    full = played(5)
    path = tmp_path / "game.toml"
    save_game(full, path)
    follower = SaveFollower()
    first = follower.read(path)
    for _ in range(3):
        full.undo()
    save_game(full, path)
    assert follower.read(path) is first and first.events == full.events
    assert public_view(first.state) == public_view(full.state)
    other = played(6)
    save_game(other, path)
    read = follower.read(path)
    assert read is not first and read.events == other.events


def test_a_save_the_game_refuses_is_read_whole_and_says_what_is_wrong(tmp_path: Path) -> None:
    full = played(7)
    path = tmp_path / "game.toml"
    save_game(full, path)
    follower = SaveFollower()
    follower.read(path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text + '\n[[events]]\ntype = "set_alive"\nseat = 99\nalive = false\n', encoding="utf-8")
    with pytest.raises(SaveError, match="seat 99"):
        follower.read(path)
    save_game(full, path)
    assert follower.read(path).events == full.events
