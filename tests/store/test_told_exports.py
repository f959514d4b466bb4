"""The log and the exports say what each player was told, with the truth where they differ."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import attrs
import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.card import seat_card
from grimoire.present.export import to_html, to_json, to_markdown
from grimoire.present.narrate import story
from grimoire.scenario.format import parse_scenario
from grimoire.scenario.run import run_file, run_scenario
from grimoire.tui.support.text import log_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "scenarios" / "x25_told_drunk_usher_and_mifroid.toml"

MIFROID = "2 Ben (Inspector Mifroid) chose 6 Fay, 4 Dan and was told 2 (true: 1), while drunk or poisoned."
USHER = "3 Cat (Usher) was told yes (true: no), while drunk or poisoned."


def _game() -> Game:
    outcome = run_file(EXAMPLE)
    assert outcome.passed, outcome.failures
    return outcome.game


def test_markdown_and_html_say_what_was_told_and_the_truth() -> None:
    game = _game()
    md = to_markdown(game)
    assert MIFROID in md and USHER in md
    assert "5 Eve (Sorelli) learned: yes." in md  # told the truth: said once
    page = to_html(game)
    assert "was told 2 (true: 1), while drunk or poisoned." in page
    assert "3 Cat (Usher) was told yes (true: no)" in page


def test_json_keeps_both_answers() -> None:
    data = json.loads(to_json(_game()))
    usher = next(i for i in data["information"] if i["character"] == "usher")
    assert usher == {"night": 2, "seat": 2, "character": "usher", "about": [], "truth": "no", "told": "yes",
                     "impaired": True, "words": "was told yes (true: no), while drunk or poisoned"}
    assert {"type": "answer", "step": "usher", "told": "yes"} in data["events"]
    mifroid = next(i for i in data["information"] if i["character"] == "inspector_mifroid")
    assert (mifroid["truth"], mifroid["told"]) == ([1], 2)


def test_the_seat_card_says_what_was_told() -> None:
    game = _game()
    text = seat_card(game, 2).text()
    assert "told yes (true: no), while drunk or poisoned" in text


def test_an_old_record_of_an_impaired_player_keeps_the_caveat() -> None:
    game = _game()
    replay = Game(game.setup)  # the same game as a save from before told answers were kept
    for event in game.events:
        replay.apply(attrs.evolve(event, told=None) if isinstance(event, ev.Answer) else event)
    text = "\n".join(line for _, lines in story(replay.rules, replay.state) for line in lines)
    assert "3 Cat (Usher) learned: no (drunk or poisoned: may have been told otherwise)." in text
    assert "(true:" not in text


def test_nothing_is_said_told_while_the_step_is_open() -> None:
    """The Usher's step waits: the log and the exports say nothing of what Cat was told until
    the storyteller confirms it, and then what was told."""
    game = _game()
    replay = Game(game.setup)
    while not (replay.prompt is not None and replay.prompt.step == "usher"):
        replay.apply(game.events[len(replay.events)])
    assert replay.prompt.informs is not None
    said = [line for _, body in story(replay.rules, replay.state, pending=replay.pending) for line in body]
    assert not any("(Usher)" in line for line in said), said
    for export in (to_markdown(replay), to_html(replay), to_json(replay)):
        assert "3 Cat (Usher)" not in export
    assert not any(i["character"] == "usher" for i in json.loads(to_json(replay))["information"])
    assert "(Usher)" not in log_text(replay)
    replay.answer(None, told="yes")
    assert replay.pending is None or replay.pending.character != "usher"
    assert USHER in to_markdown(replay)
    assert any(USHER in line for _, body in story(replay.rules, replay.state, pending=replay.pending) for line in body)
    assert USHER in log_text(replay)




IMPAIRED_NIGHT_1 = """
title = "Night 1: the Claque's drunkenness on Cat (Mirror Keeper) or on Ben (Inspector Mifroid)"
script = "phantom"
strict_setup = false
[setup]
seats = [
  { name = "Ann", character = "claque" },
  { name = "Cat", character = "mirror_keeper" },
  { name = "Dan", character = "phantom" },
  { name = "Eve", character = "sorelli" },
  { name = "Fay", character = "meg" },
  { name = "Gus", character = "usher" },
  { name = "Ben", character = "inspector_mifroid" },
]
mirror_target = "Eve"
[[night]]
claque = "%s"
artifact = ["punjab_lasso", "Gus"]
inspector_mifroid = ["Cat", "Dan"]
told = { %s }
"""


@pytest.mark.parametrize("claque, told, line", [
    ("clockwise", 'mirror_keeper = "Fay"',  # shown another Mirror target while drunk
     "2 Cat (Mirror Keeper) was shown 5 Fay as their Mirror target (true: 4 Eve), while drunk or poisoned."),
    ("anticlockwise", "inspector_mifroid = 1",  # one of two true counts, while drunk
     "7 Ben (Inspector Mifroid) chose 2 Cat, 3 Dan and was told 1 (true: 1 or 2), while drunk or poisoned."),
])
def test_every_answer_told_to_an_impaired_player_says_so_on_night_1(claque: str, told: str, line: str) -> None:
    outcome = run_scenario(parse_scenario(tomllib.loads(IMPAIRED_NIGHT_1 % (claque, told))))
    assert outcome.passed, outcome.failures
    game = outcome.game
    assert all(r.impaired for r in game.state.nights[0].info if r.told is not None)
    assert line in dict(story(game.rules, game.state))["Night 1"]
    assert line in to_markdown(game) and line in to_html(game)
