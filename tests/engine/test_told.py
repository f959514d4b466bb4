"""What a player was actually told: recorded next to the truth, checked for shape, saved,
written to scenario files, and the believable lies the app offers."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.game import Game, IllegalAction
from grimoire.rules import told as told_rules
from grimoire.scenario.format import ScenarioError, parse_scenario
from grimoire.scenario.run import run_file, run_scenario
from grimoire.scenario.write import game_to_scenario
from grimoire.simulate import play_random, random_table
from grimoire.store.event_toml import event_texts
from grimoire.store.saves import dumps, game_from_dict

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "scenarios" / "x25_told_drunk_usher_and_mifroid.toml"


def _scenario(told_night2: str = 'told = { usher = "yes" }', extra: str = "") -> dict:
    text = EXAMPLE.read_text(encoding="utf-8")
    head = text.split("[[night]]")[0]
    return tomllib.loads(head + f"""
[[night]]
claque = "clockwise"
artifact = ["monkey_music_box", "Eve"]
inspector_mifroid = ["Fay", "Dan"]
{extra}

[[day]]

[[night]]
holder = "Fay"
meg = "keep"
phantom = "Ben"
{told_night2}
""")


def _played_to(step: str, nights: int = 2) -> Game:
    """The example's game, stopped at ``step`` of its last night (nothing told yet)."""
    outcome = run_file(EXAMPLE)
    assert outcome.passed, outcome.failures
    game = Game(outcome.game.setup)
    for event in outcome.game.events:
        prompt = game.prompt
        if prompt is not None and prompt.step == step and game.state.night == nights:
            return game
        game.apply(ev.Answer(event.step, event.value) if isinstance(event, ev.Answer) else event)
    raise AssertionError(f"never reached {step}")


def test_the_example_records_told_next_to_the_truth() -> None:
    outcome = run_file(EXAMPLE)
    assert outcome.passed, outcome.failures
    g = outcome.game.state
    mifroid = next(r for r in g.nights[0].info if r.character == "inspector_mifroid")
    assert (mifroid.truth, mifroid.told, mifroid.impaired) == ((1,), 2, True)
    usher = next(r for r in g.nights[1].info if r.character == "usher")
    assert (usher.truth, usher.told, usher.impaired) == ("no", "yes", True)
    assert not told_rules.is_true(outcome.game.rules, usher, usher.told)


def test_a_told_answer_is_checked_for_its_shape() -> None:
    game = _played_to("usher")
    for wrong in ("maybe", 3, ["yes"]):
        with pytest.raises(IllegalAction, match="Usher: the told answer is \"yes\" or \"no\""):
            game.answer(None, told=wrong)
    game = _played_to("inspector_mifroid", nights=1)
    game.answer([5, 3])  # Fay, Dan
    for wrong in (3, -1, "two", True):
        with pytest.raises(IllegalAction, match="finger count, 0, 1 or 2"):
            game.answer(None, told=wrong)
    game.answer(None, told=0)
    assert next(r for r in game.state.nights[-1].info if r.character == "inspector_mifroid").told == 0


def test_a_step_that_tells_nobody_anything_refuses_a_told_answer() -> None:
    game = Game(run_file(EXAMPLE).game.setup)
    game.apply(ev.StartNight())
    assert game.prompt.step == "dusk"
    with pytest.raises(IllegalAction, match="nothing is told"):
        game.answer(None, told="yes")
    assert len(game.events) == 1  # nothing changed


def test_a_sober_player_told_a_lie_is_recorded_as_such() -> None:
    game = _played_to("sorelli")
    record = game.prompt.informs
    assert not record.impaired and record.truth == "yes"
    game.answer(None, told="no")
    got = next(r for r in game.state.nights[-1].info if r.character == "sorelli")
    assert got.told == "no" and not told_rules.is_true(game.rules, got, "no")


def test_undo_and_redo_keep_the_told_answer() -> None:
    game = _played_to("usher")
    game.answer(None, told="yes")
    game.undo()
    assert next(r for r in game.state.nights[-1].info if r.character == "usher").told is None
    game.redo()
    assert next(r for r in game.state.nights[-1].info if r.character == "usher").told == "yes"


def test_an_answer_without_told_writes_no_told_key() -> None:
    assert ev.Answer("usher").to_dict() == {"type": "answer", "step": "usher"}
    assert ev.Answer("usher", told="no").to_dict() == {"type": "answer", "step": "usher", "told": "no"}
    assert ev.event_from_dict({"type": "answer", "step": "auctioneer", "told": [2, "meg"]}) == ev.Answer(
        "auctioneer", told=[2, "meg"])
    assert event_texts(ev.Answer("auctioneer", told=[2, "meg"]).to_dict()) is not None


def test_old_answers_mean_the_truth_for_the_sober_and_unknown_for_the_impaired() -> None:
    outcome = run_scenario(parse_scenario(_scenario(told_night2="")))
    assert outcome.passed, outcome.failures
    usher = next(r for r in outcome.game.state.nights[1].info if r.character == "usher")
    sorelli = next(r for r in outcome.game.state.nights[1].info if r.character == "sorelli")
    assert told_rules.given(outcome.game.rules, usher) is None
    assert told_rules.given(outcome.game.rules, sorelli) == "yes"


def test_the_believable_lies() -> None:
    game = _played_to("usher")
    usher = game.prompt.informs
    assert [t.value for t in told_rules.plausible(game.rules, game.state, usher)] == ["yes"]
    assert "closer" in told_rules.plausible(game.rules, game.state, usher)[0].why
    game = _played_to("inspector_mifroid", nights=1)
    game.answer([5, 3])  # Fay (good) and Dan (the Phantom): 1
    lies = told_rules.plausible(game.rules, game.state, game.prompt.informs)
    assert [t.value for t in lies] == [0, 2]
    assert lies[0].why == "as if Dan registered as good and not an Outsider"
    assert lies[1].why == "as if Fay registered as evil"


def test_an_unasked_told_answer_fails_the_scenario_clearly() -> None:
    outcome = run_scenario(parse_scenario(_scenario(told_night2='told = { usher = "yes", persian = "no" }')))
    assert any("told.persian: given but never asked" in f for f in outcome.failures), outcome.failures
    outcome = run_scenario(parse_scenario(_scenario(told_night2='told = { usher = ["yes", "no"] }')))
    assert any("told.usher: given but never asked" in f for f in outcome.failures), outcome.failures


@pytest.mark.parametrize("told, words", [
    ('told = { usher = 3 }', 'told.usher: expected "yes" or "no"'),
    ('told = { inspector_mifroid = 5 }', "told.inspector_mifroid: expected a finger count"),
    ('told = { madame_giry = "Ann" }', "'madame_giry' is told nothing"),
    ('told = { mirror_keeper = "Zed" }', "unknown player 'Zed'"),
    ('told = "yes"', "told: expected { character = answer given }"),
])
def test_a_told_answer_of_the_wrong_shape_is_a_clear_scenario_error(told: str, words: str) -> None:
    with pytest.raises(ScenarioError, match=words.replace("{", r"\{").replace("(", r"\(")):
        parse_scenario(_scenario(told_night2=told))


@settings(max_examples=25, deadline=None)
@given(st.integers(5, 12), st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_told_answers_round_trip_through_save_load_and_scenario_files(players, seed, nights) -> None:
    game = play_random(Game(random_table(players, seed=seed, script="phantom")), random.Random(seed), max_nights=nights, tell=True)
    again = game_from_dict(tomllib.loads(dumps(game)))
    assert again.events == game.events
    assert again.state == game.state
    text = game_to_scenario(game)
    replayed = run_scenario(parse_scenario(tomllib.loads(text)))
    assert replayed.passed, "\n".join(replayed.failures) + "\n" + text
    nights_told = [[told_rules.given(game.rules, r) for r in n.info] for n in game.state.nights]
    assert [[told_rules.given(game.rules, r) for r in n.info] for n in replayed.game.state.nights[: len(nights_told)]] == nights_told


OPEN = ROOT / "examples" / "scenarios" / "x26_open_answer_mifroid.toml"


def open_answer_game() -> Game:
    """Sober Mifroid's step, his true answer "1 or 2" (the Mirror Keeper counts either way)."""
    outcome = run_file(OPEN)
    assert outcome.passed, outcome.failures
    game = Game(outcome.game.setup)
    for event in outcome.game.events:
        prompt = game.prompt
        if prompt is not None and prompt.informs is not None and prompt.step == "inspector_mifroid":
            return game
        game.apply(ev.Answer(event.step, event.value) if isinstance(event, ev.Answer) else event)
    raise AssertionError("never reached Mifroid's answer")


def test_an_open_answer_is_one_of_several_truths() -> None:
    game = open_answer_game()
    record = game.prompt.informs
    assert not record.impaired and record.truth == (1, 2)
    assert told_rules.open_answer(game.rules, record, game.state)
    game = _played_to("usher")  # one truth: "no"
    assert not told_rules.open_answer(game.rules, game.prompt.informs, game.state)
