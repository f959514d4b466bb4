"""Under the Vortox, what a sober Townsfolk was told is false by the rules: the log says so, and
never that the storyteller lied to a sober and healthy player."""

from __future__ import annotations

from pathlib import Path

from grimoire.core.official import OfficialData
from grimoire.rules.words import given_words
from grimoire.scenario.run import run_file

VORTOX = sorted((Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "snv").glob("snv_13_*.toml"))[0]


def test_a_vortox_lie_is_worded_as_the_rules_making_it_false(stand_in: OfficialData) -> None:
    outcome = run_file(VORTOX)
    assert outcome.passed, outcome.failures
    game = outcome.game
    assert game is not None
    g = game.state
    told = [r for r in g.nights[0].info if r.told is not None and r.told != r.truth and not r.impaired]
    assert told, "the scenario tells sober players falsely under the Vortox"
    for record in told:
        line = given_words(game.rules, g, record)
        assert "though sober and healthy" not in line, line
        assert "the Vortox" in line, line
