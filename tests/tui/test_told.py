"""At a step that tells a player something, the storyteller records what was actually given:
Enter for the truth, f for another answer; a drunk or poisoned player's step asks which."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pilot_keys import type_text, until

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.rules import told as told_rules
from grimoire.scenario.run import run_file
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.side import SidePanel

from .helpers import export_by_keys, settle

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "scenarios" / "x25_told_drunk_usher_and_mifroid.toml"


def at_step(step: str, night: int) -> Game:
    """The example's game (the Claque's drunkenness on Mifroid on night 1, on the Usher on
    night 2), stopped at ``step`` of ``night``, nothing told yet."""
    outcome = run_file(EXAMPLE)
    assert outcome.passed, outcome.failures
    game = Game(outcome.game.setup)
    for event in outcome.game.events:
        if game.prompt is not None and game.prompt.step == step and game.state.night == night:
            if step == "inspector_mifroid" and game.prompt.informs is None:
                game.apply(event)  # Mifroid chooses first; then he is told
                continue
            return game
        game.apply(ev.Answer(event.step, event.value) if isinstance(event, ev.Answer) else event)
    raise AssertionError(step)


def side(pilot) -> str:  # type: ignore[no-untyped-def]
    return pilot.app.screen.query_one("#side", SidePanel).text("step")


def log(pilot) -> str:  # type: ignore[no-untyped-def]
    return pilot.app.screen.query_one("#log", SidePanel).text("log")


@pytest.mark.parametrize("step, night, lie, told, size", [
    ("usher", 2, "NO", "3 Cat (Usher) was told yes (true: no), while drunk or poisoned.", (140, 45)),
    ("inspector_mifroid", 1, "2 fingers", "was told 2 (true: 1), while drunk or poisoned.", (80, 24)),
])
async def test_a_drunk_players_step_asks_what_was_given(tmp_path: Path, step, night, lie, told, size) -> None:  # type: ignore[no-untyped-def]
    game = at_step(step, night)
    prompt = game.prompt
    assert prompt.step == step and prompt.informs.impaired
    async with GrimoireApp(game=game).run_test(size=size) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        text = side(pilot)
        assert "Which answer was given?" in text and "the truth" in text
        events = len(screen.game.events)
        await pilot.press("enter")  # never records the truth unasked: it asks
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "the picker")
        picker = pilot.app.screen
        assert isinstance(picker, Pick) and len(screen.game.events) == events
        labels = [item.label for item in picker.rows]
        assert "— the truth" in labels[0]  # drunk: the truth first, marked, then the lies
        offered = next(item for item in picker.rows[1:] if item.label.startswith(lie if step == "inspector_mifroid" else "YES"))
        await pilot.press("escape")
        await settle(pilot)
        assert len(screen.game.events) == events
        # The step's own letter for that false answer records it.
        await pilot.press(offered.key)
        await settle(pilot)
        assert len(screen.game.events) == events + 1
        assert screen.game.events[-1].told == offered.value
        # The whole night to dawn, then the log and the exports.
        while screen.game.prompt is not None:
            screen.session.answer(None)  # nobody else is drunk: the truth was given
        await settle(pilot)
        assert told in log(pilot)
        md = await export_by_keys(pilot, "md", tmp_path / "log.md")
        data = await export_by_keys(pilot, "json", tmp_path / "log.json")
    assert told in md
    info = json.loads(data)["information"]
    assert any(told.endswith(i["words"] + ".") and i["told"] == offered.value for i in info), info
    assert any(e.get("told") == offered.value for e in json.loads(data)["events"])


async def test_enter_gives_the_truth_and_f_another_answer_for_a_sober_player() -> None:
    game = at_step("sorelli", 2)
    assert not game.prompt.informs.impaired
    async with GrimoireApp(game=game).run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert "f: another answer was given" in side(pilot)
        await pilot.press("f")
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "the picker")
        picker = pilot.app.screen
        assert isinstance(picker, Pick)
        assert picker.rows[0].label.startswith("NO: shake your head — as if neither")  # the false answers first
        assert picker.rows[-1].label == "YES: nod — the truth"
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("f", "f")  # a second question key while the first is open does nothing
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "the picker")
        await pilot.pause()
        assert sum(isinstance(s, Pick) for s in pilot.app.screen_stack) == 1
        await pilot.press("ctrl+u")  # the filter, in case the second f reached it
        await type_text(pilot, "no")
        await pilot.press("enter")
        await settle(pilot)
        assert screen.game.events[-1] == ev.Answer("sorelli", told="no")
        assert "5 Eve (Sorelli) was told no (true: yes), though sober and healthy." in log(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert screen.game.prompt.step == "sorelli" and "was told no" not in log(pilot)
        await pilot.press("U")
        await settle(pilot)
        assert "was told no (true: yes)" in log(pilot)
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("enter")  # sober: Enter gives the truth, as always
        await settle(pilot)
        assert screen.game.events[-1] == ev.Answer("sorelli")
        assert "5 Eve (Sorelli) learned: yes." in log(pilot)


TOLD_SIZES = [(80, 24), (140, 45)]


# At 140x45 in make test-deep only.
@pytest.mark.parametrize("size", [TOLD_SIZES[0], pytest.param(TOLD_SIZES[1], marks=pytest.mark.slow)],
                         ids=[f"{w}x{h}" for w, h in TOLD_SIZES])
def test_snapshot_a_drunk_ushers_step(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    """The step asks which answer was given: the truth marked, the believable lie by its letter."""
    assert snap_compare(GrimoireApp(game=at_step("usher", 2)), terminal_size=size)


async def test_an_open_answer_asks_which_truth_was_given() -> None:
    """Sober Mifroid's "1 or 2": the step asks which was told, the truths first, and the
    record says it (never "learned: 1 or 2", which no player was ever told)."""
    played = run_file(ROOT / "examples" / "scenarios" / "x26_open_answer_mifroid.toml").game
    game, events = Game(played.setup), played.events
    while not (game.prompt is not None and game.prompt.informs is not None and game.prompt.step == "inspector_mifroid"):
        event = events[len(game.events)]
        game.apply(ev.Answer(event.step, event.value) if isinstance(event, ev.Answer) else event)
    assert not game.prompt.informs.impaired
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert "Which answer was given?" in side(pilot)
        count = len(screen.game.events)
        await pilot.press("enter")  # one of two truths is never assumed: it asks
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "the picker")
        labels = [item.label for item in pilot.app.screen.rows]
        assert labels[0].startswith("1 finger — true") and labels[1].startswith("2 fingers — true")
        two = pilot.app.screen.rows[1]
        await pilot.press("escape")
        await settle(pilot)
        assert len(screen.game.events) == count
        await pilot.press(two.key)
        await settle(pilot)
        assert screen.game.events[-1].told == 2
        while screen.game.prompt is not None:
            screen.session.answer(None)
        await settle(pilot)
        assert "chose 3 Cat, 4 Dan and was told 2 (true: 1 or 2)." in log(pilot)


async def test_an_answer_given_in_the_picker_is_saved_without_waiting_for_anything() -> None:
    # The answer is recorded as the picker closes, and handed to the writer after the next
    # frame (and from a timer, should that frame's callbacks be dropped with the picker's
    # screen). Nothing here waits for the save (no quitting, no autosave_done): it must reach
    # the disk alone.
    game = at_step("sorelli", 2)
    async with GrimoireApp(game=game).run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "the picker")
        await type_text(pilot, "no")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, GrimoireScreen), "the picker closed")
        assert pilot.app.screen.game.events[-1] == ev.Answer("sorelli", told="no")
        saved = pilot.app.autosave_path()
        await until(pilot, lambda: saved.exists() and 'told = "no"' in saved.read_text(encoding="utf-8"),
                    "the answer on disk", timeout=5)


async def test_next_typed_again_in_the_which_answer_picker_is_not_its_filter(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from textual.widgets import Input

    from grimoire.tui import guard

    game = at_step("inspector_mifroid", 1)  # drunk: n asks which answer was given
    async with GrimoireApp(game=game).run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        events = len(screen.game.events)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "the picker")
        picker = pilot.app.screen
        picker.drawn_at = 0.0  # (drawn long ago: past its first moment)
        monkeypatch.setattr(guard, "MOMENT", 0.0)
        # A storyteller still stepping on: n again, and again, then Enter. The n's filter nothing
        # (a list reordered by them would put a false answer first for that Enter).
        await pilot.press("n", "n", "n")
        await pilot.pause()
        assert picker.query_one(Input).value == ""
        assert "— the truth" in picker.rows[picker._shown[0]].label
        await pilot.press("o", "n")  # after another letter, n is text like any other
        await pilot.pause()
        assert picker.query_one(Input).value == "on"
        await pilot.press("backspace", "backspace", "enter")
        await settle(pilot)
        assert len(screen.game.events) == events + 1
        [record] = [r for r in screen.game.state.nights[-1].info if r.character == "inspector_mifroid"]
        assert told_rules.is_true(game.rules, record, record.told)  # the truth, highlighted first, as Enter gave it
