"""examples/games: a finished Phantom game and its session logs, for a newcomer to see what a
record looks like before playing. Kept in step with the save and export formats: the save
opens, and its logs are what `grimoire export` writes of it now.

To write them again after a change of format: GRIMOIRE_WRITE_EXAMPLES=1 make test
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import attrs
import pytest

from grimoire.game import Game
from grimoire.present.export import to_html, to_markdown
from grimoire.simulate import play_random, random_table
from grimoire.store.saves import load_game, save_game

GAMES = Path(__file__).resolve().parents[2] / "examples" / "games"
SAVE = GAMES / "a_finished_phantom_game.toml"
LOGS = {".md": to_markdown, ".html": to_html}
SEED = 4  # nine players; good wins on the fifth night


def finished_game() -> Game:
    setup = attrs.evolve(random_table(9, seed=SEED, script="phantom"), title="A finished game (an example)")
    return play_random(Game(setup), random.Random(SEED), max_nights=12, tell=True)


@pytest.mark.skipif(not os.environ.get("GRIMOIRE_WRITE_EXAMPLES"), reason="writes examples/games when asked")
def test_write_the_example_game_again() -> None:
    game = finished_game()
    save_game(game, SAVE)
    for suffix, export in LOGS.items():
        SAVE.with_suffix(suffix).write_text(export(load_game(SAVE)), encoding="utf-8")


def test_the_example_game_is_finished_and_opens() -> None:
    game = load_game(SAVE)
    assert game.state.winner is not None and game.events == finished_game().events


@pytest.mark.parametrize("suffix", sorted(LOGS))
def test_the_example_logs_are_what_export_writes_now(suffix: str) -> None:
    written = SAVE.with_suffix(suffix).read_text(encoding="utf-8")
    assert written == LOGS[suffix](load_game(SAVE)), (
        f"{SAVE.with_suffix(suffix).name} is not what export writes now: GRIMOIRE_WRITE_EXAMPLES=1 make test")
