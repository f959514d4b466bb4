"""Travellers, Fabled and Loric of any script: the script's own (its entries of those teams)
as well as the official ones, official Loric too, at any moment of the game; the Phantom's
Loric (its artifacts) stay its rules'."""

from __future__ import annotations

import json
import shutil

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.core.script import load_script
from grimoire.game import Game, IllegalAction
from grimoire.present.narrate import story
from grimoire.rules.visitors import joinable_travellers, table_characters
from tests.anyscript.test_duplicates import carnival_game
from tests.engine.test_travellers_and_fabled import TABLE as PHANTOM_TABLE
from tests.official.conftest import DATA, write_release


def log(game: Game) -> str:
    return "\n".join(line for _, body in story(game.rules, game.state) for line in body)


def walk(game: Game) -> list[str]:
    steps = []
    while game.prompt is not None:
        steps.append(game.prompt.step)
        game.answer(None)
    return steps


@pytest.fixture
def official_with_loric(tmp_path):  # type: ignore[no-untyped-def]
    from grimoire.store.official_data import import_from

    source = tmp_path / "source"
    source.mkdir()
    for name in ("nightsheet.json", "jinxes.json"):
        shutil.copy(DATA / name, source / name)
    roles = json.loads((DATA / "roles.json").read_text(encoding="utf-8"))
    roles.append({"id": "hushlaw", "name": "Hush Law", "team": "loric", "ability": "Nobody speaks at night."})
    (source / "roles.json").write_text(json.dumps(roles), encoding="utf-8")
    return import_from(write_release(tmp_path / "release", source=source))  # at a release's size


def test_the_scripts_own_fabled_and_loric_are_offered_and_placed_without_the_data() -> None:
    game = carnival_game()
    assert [c.id for c in table_characters(game.rules, game.script)] == ["bigtop", "patron"]
    game.apply(ev.PlaceFabled("patron"))  # before the first night
    game.apply(ev.StartNight())
    assert "patron" in walk(game)  # its own place in the script's order
    game.apply(ev.PlaceFabled("bigtop"))
    assert game.state.fabled == ("patron", "bigtop")
    assert "The Big Top (Loric) is in play." in log(game)


def test_an_official_loric_is_offered_and_placed(official_with_loric) -> None:
    game = carnival_game()
    offered = [c.id for c in table_characters(game.rules, game.script)]
    assert offered[:2] == ["bigtop", "patron"] and {"hushlaw", "oldmoon"} <= set(offered)
    game.apply(ev.StartNight())
    game.apply(ev.PlaceFabled("hushlaw"))  # at night too
    assert "The Hush Law (Loric) is in play." in log(game)


def test_the_scripts_own_traveller_joins_and_wakes_from_the_next_night() -> None:
    game = carnival_game()
    game.apply(ev.StartNight())
    game.answer(None)  # dusk: a latecomer arrives during the night
    assert [c.id for c in joinable_travellers(game.rules, game.state)] == ["barker"]
    game.apply(ev.AddTraveller("Tia", "barker", "evil", after=0))
    assert game.phase is Phase.NIGHT and game.state.seats[7].character == "barker"
    assert "barker" not in walk(game)  # tonight's order was set at dusk
    game.apply(ev.StartNight())
    titles = []
    while game.prompt is not None:
        titles.append(game.prompt.title)
        game.answer(None)
    assert "Barker (Traveller)" in titles
    game.apply(ev.RemoveTraveller(7))  # by day, or at night: a Traveller may leave at any time


def test_the_phantoms_artifacts_are_its_rules_not_the_tables(official) -> None:
    game = Game(PHANTOM_TABLE)
    assert not {"monkey_music_box", "punjab_lasso"} & {c.id for c in table_characters(game.rules, load_script("phantom"))}
    with pytest.raises(IllegalAction, match="not an official Fabled or Loric"):
        game.apply(ev.PlaceFabled("monkey_music_box"))
