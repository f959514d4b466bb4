"""The told picker on Trouble Brewing lists every true answer where the registrations allow
several (the Chef's and the Empath's numbers with a Spy or a Recluse in play, the Fortune
Teller's "either"), each marked as true, the believable false answers after them."""

from __future__ import annotations

from typing import Any

import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.rules import told as told_rules
from grimoire.tui.support.told_items import told_items
from tests.official.tb_table import tb_game
from tests.official.test_tb_answers import NINE, replaced

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL, IVY = range(9)


def to_step(game: Game, character: str, **answers: Any) -> Any:
    """Walk the first night to the step that tells ``character``'s player their answer."""
    game.apply(ev.StartNight())
    while game.prompt is not None:
        record = game.prompt.informs
        if record is not None and record.character == character:
            return game.prompt
        key = game.prompt.key
        if record is not None and record.impaired:
            game.answer(None, told_rules.true_answer(game.rules, record, game.state))
        else:
            game.answer(None if key is None else answers[key])
    raise AssertionError(f"no {character} step")


def labels(game: Game, prompt: Any) -> list[str]:
    return [i.label for i in told_items(game, prompt, truth_first=True)]


def test_the_chefs_possible_numbers_with_a_spy_are_each_true(stand_in) -> None:
    game = tb_game(replaced(NINE, Gus="monk", Cat="spy"))  # Ben the Imp, Cat the Spy, Dan: 0 or 2 pairs
    prompt = to_step(game, "chef", poisoner=IVY, fortuneteller=[ANN, EVE])
    assert told_rules.true_answers(game.rules, prompt.informs, game.state) == [0, 2]
    rows = labels(game, prompt)
    assert rows[:2] == ["0 — true (one of the true answers)", "2 — true (one of the true answers)"]
    assert rows[2].startswith("1") and "true" not in rows[2]  # the false ones after them
    assert {i.value for i in told_items(game, prompt, truth_first=True)} == {0, 1, 2, 3, 4}


def test_the_empaths_possible_numbers_with_a_recluse(stand_in) -> None:
    game = tb_game(replaced(NINE, Dan="recluse", Ann="poisoner"))  # Cat: Ben the Imp, Dan the Recluse
    prompt = to_step(game, "empath", poisoner=CAT, butler=HAL, fortuneteller=[ANN, EVE])
    assert prompt.informs.truth == (1, 2)
    rows = labels(game, prompt)
    assert rows[:2] == ["1 — true (one of the true answers)", "2 — true (one of the true answers)"]
    assert rows[2] == "0 — one off the truth"


def test_the_fortune_tellers_either_lists_yes_and_no(stand_in) -> None:
    game = tb_game(replaced(NINE, Gus="recluse"))
    prompt = to_step(game, "fortuneteller", poisoner=HAL, fortuneteller=[GUS, EVE])
    assert prompt.informs.truth == "either"
    assert labels(game, prompt) == ["YES: nod — true (one of the true answers)",
                                    "NO: shake your head — true (one of the true answers)"]


@pytest.mark.slow  # the told picker by keys: tests/tui/test_told.py
async def test_the_told_picker_offers_either_answer_by_keys(stand_in) -> None:
    from grimoire.tui.app import GrimoireApp
    from grimoire.tui.screens.modals import Pick
    from tests.tui.helpers import SIZE, settle

    game = tb_game(replaced(NINE, Gus="recluse"))
    to_step(game, "fortuneteller", poisoner=HAL, fortuneteller=[GUS, EVE])  # Hal is poisoned
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")  # poisoned: which answer was given?
        await pilot.pause()
        picker = pilot.app.screen
        assert isinstance(picker, Pick)
        rows = [r for r in picker.rows if r.key]
        assert [r.value for r in rows] == ["yes", "no"] and all("true" in r.label for r in rows)
        await pilot.press(rows[1].key, "enter")
        await settle(pilot)
    record = next(r for r in game.state.nights[-1].info if r.character == "fortuneteller")
    assert record.told == "no" and told_rules.is_true(game.rules, record, "no")


def test_the_washerwomans_every_valid_ping_is_true(stand_in) -> None:
    game = tb_game(NINE)  # five other Townsfolk in play: each may be the one shown
    prompt = to_step(game, "washerwoman", poisoner=IVY, butler=HAL, fortuneteller=[ANN, EVE])
    truths = told_rules.true_answers(game.rules, prompt.informs, game.state)
    shown = {(a, c) for a, _b, c in truths}
    assert shown == {(CAT, "empath"), (EVE, "librarian"), (FAY, "investigator"), (HAL, "fortuneteller"),
                     (IVY, "chef")}
    assert all(told_rules.is_true(game.rules, prompt.informs, t) and ANN not in t[:2] for t in truths)
    rows = labels(game, prompt)
    assert len(rows) > 5 and all(r.endswith("— true (one of the true answers)") for r in rows[:5])
    assert "true" not in rows[5]


def test_the_investigators_pings_with_a_recluse_are_each_true(stand_in) -> None:
    game = tb_game(replaced(NINE, Gus="recluse"))  # Dan the Poisoner, or Gus the Recluse as any Minion
    prompt = to_step(game, "investigator", poisoner=IVY, fortuneteller=[ANN, EVE])
    shown = {(a, c) for a, _b, c in told_rules.true_answers(game.rules, prompt.informs, game.state)}
    assert shown == {(DAN, "poisoner"), (GUS, "poisoner"), (GUS, "spy"), (GUS, "scarletwoman"), (GUS, "baron")}
    # the believable false answers are false: a Minion "not in play" may be the Recluse's
    lies = told_rules.plausible(game.rules, game.state, prompt.informs)
    assert not any(told_rules.is_true(game.rules, prompt.informs, t.value) for t in lies)


def test_the_undertaker_sees_an_executed_recluse_as_any_minion_or_the_imp(stand_in) -> None:
    from tests.official.tb_table import info, night

    game = tb_game(replaced(NINE, Ann="undertaker", Gus="recluse"))
    night(game, poisoner=CAT, fortuneteller=[CAT, GUS])
    game.apply(ev.Execute(GUS))
    night(game, poisoner=CAT, imp=EVE, fortuneteller=[CAT, DAN])
    record = info(game, "undertaker")
    minions_and_imp = ["baron", "imp", "poisoner", "recluse", "scarletwoman", "spy"]
    assert told_rules.true_answers(game.rules, record, game.state) == minions_and_imp
    assert all(told_rules.is_true(game.rules, record, c) for c in minions_and_imp) and not told_rules.is_true(game.rules, record, "saint")
    assert "the Baron or the Imp or the Poisoner or the Recluse" in told_rules.truth_words(game.rules, game.state, record)
    assert all(told_rules.plausible(game.rules, game.state, record)) and not any(
        t.value in minions_and_imp for t in told_rules.plausible(game.rules, game.state, record))


def test_the_librarian_told_zero_with_a_spy_and_no_outsider_is_told_the_truth(stand_in) -> None:
    from grimoire.rules.words import given_words
    game = tb_game(replaced(NINE, Gus="monk", Cat="spy"))  # the Spy only might register as an Outsider
    prompt = to_step(game, "librarian", poisoner=IVY, fortuneteller=[ANN, EVE])
    record = prompt.informs
    assert not record.impaired
    assert "zero" in told_rules.true_answers(game.rules, record, game.state) and told_rules.is_true(game.rules, record, "zero")
    assert "zero" not in [t.value for t in told_rules.plausible(game.rules, game.state, record)]
    zero = next(i for i in told_items(game, prompt, truth_first=True) if i.value == "zero")
    assert "true" in zero.label
    game.answer(None, "zero")
    told = next(r for r in game.state.nights[-1].info if r.character == "librarian")
    assert "sober and healthy" not in given_words(game.rules, game.state, told)


def test_the_step_groups_the_washerwomans_pings_by_player_with_a_spy(stand_in) -> None:
    game = tb_game(replaced(NINE, Cat="spy"))  # the Spy may register as any Townsfolk
    prompt = to_step(game, "washerwoman", poisoner=IVY, butler=HAL, fortuneteller=[ANN, EVE])
    every = told_items(game, prompt, truth_first=True)
    step = told_items(game, prompt, truth_first=True, every=False)
    spy_rows = [i for i in every if "3 Cat or" in i.label and "true" in i.label]
    assert len(spy_rows) > 10  # the picker still offers each of her pings
    [grouped] = [i for i in step if "3 Cat or" in i.label and "true" in i.label]
    assert not grouped.key and grouped.value is None  # no letter: the picker says which
    assert "Chef" in grouped.label and "Librarian" in grouped.label and "Washerwoman" in grouped.label
    assert len(step) < len(every) - 10
    # The other true pings keep their letters, and a letter still records its answer.
    eve = next(i for i in step if i.label.startswith("5 Eve"))
    assert eve.key and eve.value is not None
