"""Sects & Violets' setup: which scripts its rules play, the Evil Twin's twin a table needs, and
the setup's pitfalls, each on a concrete table."""

from __future__ import annotations

import json
from pathlib import Path

from grimoire.core.script import load_script
from grimoire.game import SeatSetup, SetupToken, TableSetup
from grimoire.rules.plugins import rules_for
from grimoire.rules.snv.plugin import PLUGIN
from tests.official.conftest import BMR, SNV


def table(*characters: str, twin: int | None = None) -> TableSetup:
    names = "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon".split()
    seats = tuple(SeatSetup(names[i], c) for i, c in enumerate(characters))
    tokens = () if twin is None else (SetupToken("Twin", "eviltwin", twin),)
    return TableSetup(seats=seats, script=str(SNV), tokens=tokens)


def test_the_rules_play_sects_and_violets_and_no_other(stand_in, tmp_path: Path) -> None:
    assert rules_for(load_script(str(SNV))) is PLUGIN
    assert rules_for(load_script(str(BMR))) is not PLUGIN
    ids = json.loads(SNV.read_text(encoding="utf-8"))
    fewer = tmp_path / "fewer.json"
    fewer.write_text(json.dumps([i for i in ids if i != "vortox"]), encoding="utf-8")
    assert rules_for(load_script(str(fewer))) is not PLUGIN  # SnV less one character: the storyteller's


def test_the_evil_twin_needs_a_twin_of_the_other_alignment(stand_in) -> None:
    script = load_script(str(SNV))
    characters = ("eviltwin", "nodashii", "dreamer", "oracle", "sage")
    assert any("choose the twin" in p.text for p in PLUGIN.setup_problems(table(*characters), script))
    same = PLUGIN.setup_problems(table(*characters, twin=1), script)
    assert [p.seat for p in same] == [1] and "other alignment" in same[0].text
    assert PLUGIN.setup_problems(table(*characters, twin=2), script) == []
    assert PLUGIN.setup_problems(table("nodashii", "dreamer", "oracle", "sage", "witch"), script) == []


def test_the_pitfalls_name_the_no_dashiis_neighbours_and_the_vortox(stand_in) -> None:
    script = load_script(str(SNV))
    # Ben is the No Dashii: clockwise Cat is a Minion and Dan the first Townsfolk; anticlockwise Ann.
    said = PLUGIN.setup_pitfalls(table("dreamer", "nodashii", "witch", "oracle", "sage"), script)
    assert "The No Dashii poisons Dan and Ann (its nearest Townsfolk each way) from the first night." in said
    said = PLUGIN.setup_pitfalls(table("dreamer", "vortox", "witch", "oracle", "sage"), script)
    assert any(line.startswith("The Vortox: every Townsfolk's information is false") for line in said)
