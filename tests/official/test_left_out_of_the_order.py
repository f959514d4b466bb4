"""A script's own night order that leaves out a character who wakes: the step is placed by the
official night sheet (not dropped), and the storyteller is told: validate, the setup screen and
the step itself."""

from __future__ import annotations

import json

from grimoire.cli import main
from grimoire.core import events as ev
from grimoire.core.script import load_script
from grimoire.game import Game, SeatSetup, TableSetup

# The official sheet: dusk, whisperer, minioninfo, demoninfo, lanternkeeper, cartographer,
# herbalist, dawn, bellringer (first night); dusk, forger, whisperer, herbalist, gloomwyrm,
# lanternkeeper, dawn (other nights).
SCRIPT = [
    {"id": "_meta", "name": "Short Order", "firstNight": ["dusk", "minioninfo", "demoninfo", "cartographer", "dawn"],
     "otherNight": ["dusk", "gloomwyrm", "dawn"]},
    "lanternkeeper", "cartographer", "herbalist", "hermit", "whisperer", "gloomwyrm",
]
SEATS = (("Ann", "lanternkeeper"), ("Ben", "cartographer"), ("Cat", "hermit"), ("Dan", "whisperer"), ("Eve", "gloomwyrm"))


def short_order(tmp_path):  # type: ignore[no-untyped-def]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(SCRIPT), encoding="utf-8")
    return path


def test_the_steps_left_out_are_placed_by_the_official_sheet(official, tmp_path) -> None:
    script = load_script(short_order(tmp_path))
    assert script.first_night == ("dusk", "whisperer", "minioninfo", "demoninfo", "lanternkeeper", "cartographer",
                                  "herbalist", "dawn")
    assert script.other_night == ("dusk", "whisperer", "herbalist", "gloomwyrm", "lanternkeeper", "dawn")
    assert script.unlisted == {"firstNight": ("whisperer", "lanternkeeper", "herbalist"),
                               "otherNight": ("whisperer", "herbalist", "lanternkeeper")}
    assert "The script's first night order leaves out the Whisperer" in script.order_notes()[0]


def test_validate_and_the_step_say_so(official, tmp_path, capsys) -> None:
    path = short_order(tmp_path)
    assert main(["validate", str(path)]) == 0
    assert "note: The script's other nights order leaves out the Lantern Keeper" in capsys.readouterr().out
    game = Game(TableSetup(seats=[SeatSetup(n, c) for n, c in SEATS], script=str(path)))
    game.apply(ev.StartNight())
    notes = {}
    while game.prompt is not None:
        notes[game.prompt.step] = game.prompt.notes
        game.answer(None)
    assert any("placed here by the official night sheet" in n for n in notes["lanternkeeper"])
    assert not any("official night sheet" in n for n in notes["cartographer"])


def test_the_setup_screen_says_so(official, tmp_path) -> None:
    from grimoire.tui.screens.setup import SetupScreen

    screen = SetupScreen(script=str(short_order(tmp_path)))
    assert "Night order:" in screen._rules_text() and "leaves out the Herbalist" in screen._rules_text()
