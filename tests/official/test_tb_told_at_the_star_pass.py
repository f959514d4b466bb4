"""What Trouble Brewing's rules tell of who learned what: the Drunk who thinks they are the
Librarian is an Outsider in play (the truth is never zero then), and the new Imp woken at a
star-pass is told, in the log and in the dawn recap; the star-pass's foresight says the
Poisoner's poisoning ends with her ability."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.dawn_recap import dawn_recap, recap_sections
from grimoire.present.foresight import foresee, quiet_words
from grimoire.present.happening_lines import info_line
from grimoire.present.narrate import story
from grimoire.rules import told as told_rules
from grimoire.scenario.run import run_file
from grimoire.tui.support.told_items import told_items
from tests.official.tb_table import info, night, tb_game

pytestmark = pytest.mark.usefixtures("stand_in")

TB_EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "tb"
ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)
# Ann the Drunk, who thinks she is the Librarian: the only Outsider at the table.
LIBRARIAN_DRUNK = (("Ann", "drunk"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "chef"))


def to_librarian(game: Game) -> Any:
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "librarian":
        game.answer(None if game.prompt.key is None else EVE)  # the Poisoner's choice
    assert game.prompt is not None
    return game.prompt


def test_the_drunk_librarian_the_only_outsider_is_not_offered_zero_as_the_truth() -> None:
    game = tb_game(LIBRARIAN_DRUNK, thinks="librarian")
    prompt = to_librarian(game)
    record = prompt.informs
    assert record.impaired and record.truth == ((ANN, "drunk"),)
    assert "zero" not in told_rules.true_answers(game.rules, record, game.state)
    labels = [i.label for i in told_items(game, prompt, truth_first=True)]
    assert labels[0] == "1 Ann or 2 Ben is the Drunk — the truth", labels
    assert "zero — as if no Outsider were in play" in labels, labels


def test_the_drunk_librarian_told_zero_is_not_logged_as_told_the_truth() -> None:
    game = tb_game(LIBRARIAN_DRUNK, thinks="librarian")
    to_librarian(game)
    game.answer(None, "zero")
    line = info_line(game.rules, game.state, info(game, "librarian"))
    assert line == "1 Ann (Drunk) was told zero (true: 1 Ann is the Drunk), while drunk or poisoned.", line


def star_passed(poisoner: int = CAT) -> Game:
    """Night 2: the Poisoner poisons ``poisoner``, the Imp (Ben) kills himself, the Poisoner (Dan)
    becomes the Imp and is woken to be shown it."""
    game = tb_game()
    night(game, poisoner=CAT)
    night(game, poisoner=poisoner, monk=HAL, imp=BEN)
    return game


def test_the_new_imp_woken_at_the_star_pass_is_told_in_the_log_and_the_recap() -> None:
    game = star_passed()
    g = game.state
    assert g.seats[DAN].character == "imp"
    shown = "4 Dan (Imp) was woken and shown that they are the Imp now (the star-pass)."
    assert shown in dict(story(game.rules, g))["Night 2"]
    told = dict(recap_sections(dawn_recap(game.rules, g, 2)))["Told"]
    assert f"SHOWN: {shown}" in told, told


def test_the_star_pass_foresight_says_the_poisoning_ends() -> None:
    game = tb_game()
    night(game, poisoner=CAT)
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.key != "imp":
        game.answer(None if game.prompt.key is None else {"poisoner": CAT, "monk": HAL}[game.prompt.key])
    words = foresee(game, ev.Answer("imp", BEN)).words(quiet_words(game))
    assert words[:2] == ["2 Ben (Imp) died: the Imp chose themself (the star-pass).",
                         "4 Dan (Poisoner) became the Imp (the star-pass)."], words
    assert any("3 Cat is no longer poisoned (the Poisoner)" in w for w in words), words



def test_the_scarlet_woman_woken_as_the_imp_is_told_in_the_recap() -> None:
    """tb46: the Imp executed by day, the Scarlet Woman wakes at her step that night to learn it."""
    game = run_file(TB_EXAMPLES / "tb46_scarlet_woman_wakes_as_the_imp.toml").game
    g = game.state
    told = dict(recap_sections(dawn_recap(game.rules, g, 3)))["Told"]
    assert "SHOWN: 5 Eve (Imp) was woken and shown that they are the Imp now (the Demon died today)." in told, told
