"""Every example scenario passes, and the runner reports errors as docs/scenario-format.md says."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.scenario.run import run_file

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "examples" / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_example_scenario_passes(path: Path) -> None:
    outcome = run_file(path)
    assert outcome.passed, "\n".join(outcome.failures)


SEATS = """
[setup]
seats = [
  { name = "Ann", character = "meg" },
  { name = "Ben", character = "auctioneer" },
  { name = "Dan", character = "phantom" },
  { name = "Eve", character = "sorelli" },
  { name = "Ivy", character = "persian" },
  { name = "Lou", character = "stage_designer" },
  { name = "Fay", character = "trapdoor_keeper" },
]
"""

NIGHT1 = """
[[night]]
artifact = ["monkey_music_box", "Ivy"]
persian = "Ann"
"""


def _run(tmp_path: Path, text: str):
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    return run_file(path)


def _failed(outcome, *words: str) -> str:
    assert not outcome.passed
    message = "\n".join(outcome.failures)
    for w in words:
        assert w.casefold() in message.casefold(), message
    return message


def test_small_inline_scenario_passes(tmp_path: Path) -> None:
    outcome = _run(tmp_path, 'title = "ok"\n' + SEATS + NIGHT1 + '[night.expect]\nholder = "Ivy"\n')
    assert outcome.passed, outcome.failures


def test_invalid_toml(tmp_path: Path) -> None:
    _failed(_run(tmp_path, 'title = "broken\n' + SEATS), "TOML", "line")


def test_unknown_character(tmp_path: Path) -> None:
    text = SEATS.replace('"sorelli"', '"sorcerer"') + NIGHT1
    _failed(_run(tmp_path, text), "sorcerer", "unknown character")


def test_unknown_player(tmp_path: Path) -> None:
    text = SEATS + NIGHT1.replace('persian = "Ann"', 'persian = "Zed"')
    _failed(_run(tmp_path, text), "Zed", "unknown player", "persian")


def test_unknown_key(tmp_path: Path) -> None:
    text = SEATS + NIGHT1 + 'rigger = "Ann"\n'
    _failed(_run(tmp_path, text), "rigger", "unknown key")


def test_unknown_expectation_key(tmp_path: Path) -> None:
    text = SEATS + NIGHT1 + '[night.expect]\nholders = "Ivy"\n'
    _failed(_run(tmp_path, text), "holders", "unknown key")


def test_prompt_the_night_does_not_answer(tmp_path: Path) -> None:
    text = SEATS + '[[night]]\nartifact = ["monkey_music_box", "Ivy"]\n'
    _failed(_run(tmp_path, text), "persian", "does not answer")


def test_answer_never_asked(tmp_path: Path) -> None:
    text = SEATS + NIGHT1 + 'meg = "keep"\n'
    _failed(_run(tmp_path, text), "meg", "given but never asked")


def test_holder_passing_to_themselves_is_refused(tmp_path: Path) -> None:
    text = SEATS + NIGHT1 + "[[day]]\n" + '[[night]]\nholder = "Ivy"\nstage_designer = "no"\nphantom = "Ann"\npersian = "Ann"\n'
    message = _failed(_run(tmp_path, text), "holder", "refused")
    assert "another player" in message.casefold() or "themselves" in message.casefold() or "itself" in message.casefold(), message


def test_pass_to_dead_player_refused_under_switch(tmp_path: Path) -> None:
    night2 = '[[night]]\nholder = "Ben"\nstage_designer = "no"\nphantom = "Ann"\npersian = "Ann"\n'
    night3 = '[[night]]\nholder = "Ann"\nstage_designer = "no"\nphantom = "Fay"\npersian = "Ann"\n'
    allowed = _run(tmp_path, SEATS + NIGHT1 + "[[day]]\n" + night2 + "[[day]]\n" + night3 + '[night.expect]\nholder = "Ann"\n')
    assert allowed.passed, allowed.failures
    strict = "[rules]\nholder_pass_requires_alive_recipient = true\n"
    _failed(_run(tmp_path, strict + SEATS + NIGHT1 + "[[day]]\n" + night2 + "[[day]]\n" + night3), "holder", "refused")


def test_failed_expectation_names_night_and_key(tmp_path: Path) -> None:
    outcome = _run(tmp_path, SEATS + NIGHT1 + '[night.expect]\nholder = "Ben"\n')
    assert outcome.failures == ["night 1: holder: expected Ben, got Ivy"]


def test_one_bad_file_does_not_stop_the_others(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("not toml = = =", encoding="utf-8")
    good = tmp_path / "good.toml"
    good.write_text(SEATS + NIGHT1, encoding="utf-8")
    assert not run_file(bad).passed
    assert run_file(good).passed


def test_a_wrong_artifact_answer_says_what_the_phantom_answer_is(tmp_path: Path) -> None:
    text = SEATS + NIGHT1.replace('["monkey_music_box", "Ivy"]', '["imp", "Ivy"]')
    _failed(_run(tmp_path, text), "night 1: artifact", "expected [artifact_id, player]")


def test_an_answer_of_a_player_and_an_option_reads_in_that_order() -> None:
    # The generic shape in either order (the Phantom's artifact first; a player guessed as a
    # character, the player first): the options are the plug-ins' PIECES.
    from grimoire.scenario.format import ScenarioError, _answer

    names = ("Ann", "Ben")
    assert _answer("option_and_player", ["punjab_lasso", "Ben"], names, "here") == ["punjab_lasso", 1]
    assert _answer("player_and_option", ["Ben", "punjab_lasso"], names, "here") == [1, "punjab_lasso"]
    with pytest.raises(ScenarioError, match=r"here: expected \[player, artifact_id\]"):
        _answer("player_and_option", ["punjab_lasso", "Ben"], names, "here")
