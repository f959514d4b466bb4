"""Saves written before the Phantom's rules moved into their plug-in load unchanged: every one
under tests/data/saves_before (format 1) and every saved game under examples/ reopens at the
same step, with the same state and the same story as the release that wrote it showed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from grimoire.present.export import FORMATS
from grimoire.rules.phantom.state import PhantomState
from grimoire.store.saves import FORMAT, load_game, save_game

ROOT = Path(__file__).resolve().parents[2]
BEFORE = ROOT / "tests" / "data" / "saves_before"
# Words the story has changed on purpose since that release (old, new): the rest is the same.
REWORDED = [
    ("first holder the Raoul de Chagny", "first holder Raoul de Chagny"),  # a person is named without "the"
]
EXAMPLES = ROOT / "examples" / "games"
# Sections the story has gained since that release: the dawn recap under each dawn's grimoire.
ADDED = re.compile(r"\*\*The recap at dawn \d+\*\*\n\n(?:-.*\n|  -.*\n)*\n")


def facts(path: Path) -> dict[str, object]:
    game = load_game(path)
    g = game.state
    p = game.prompt
    own = g.script_state
    return {
        "events": len(game.events),
        "prompt": None if p is None else [p.step, p.title, p.question],
        "phase": g.phase.value, "night": g.night, "day": g.day,
        "winner": None if g.winner is None else g.winner.value,
        "dead": [s.index for s in g.seats if not s.alive],
        "tokens": sorted([t.seat, t.shown] for t in g.tokens),
        "holder": own.artifact.holder if isinstance(own, PhantomState) else None,
        "markdown": ADDED.sub("", FORMATS["md"](game)),
    }


@pytest.mark.parametrize("path", sorted(BEFORE.glob("*.toml")), ids=lambda p: p.stem)
def test_a_save_of_the_release_before_reopens_as_it_was(path: Path, stand_in: object, tmp_path: Path) -> None:
    assert "format = 1" in path.read_text(encoding="utf-8")
    then = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    for old, new in REWORDED:
        then["markdown"] = then["markdown"].replace(old, new)
    assert facts(path) == then
    # Written again by today's release (format 2), it is still the same game.
    again = save_game(load_game(path), tmp_path / path.name)
    assert f"format = {FORMAT}" in again.read_text(encoding="utf-8")
    assert facts(again) == then


def test_the_saves_of_the_release_before_hold_what_moved() -> None:
    texts = {p.stem: p.read_text(encoding="utf-8") for p in BEFORE.glob("*.toml")}
    assert "managers = " in texts["phantom_managers_mid_night"]  # the Execute's answer, as it was named
    assert 'type = "move_artifact"' in texts["phantom_artifact_moved_by_hand"]
    assert "mirror_target = " in texts["phantom_random_mid_night"]
    assert "artifacts = []" in texts["trouble_brewing_by_day"]  # another script's keys, written empty


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_an_example_save_tells_the_story_beside_it(path: Path) -> None:
    game = load_game(path)
    assert FORMATS["md"](game) == path.with_suffix(".md").read_text(encoding="utf-8")
