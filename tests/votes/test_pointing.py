"""The players' pointing, for a character whose ability has them point (its ``pointing``
special): typed seat by seat, recorded as one event (saved and read back), told in the log with
the most pointed at first; P on the grimoire records it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pilot_keys import until

from grimoire.core import events as ev
from grimoire.core.vote_count import point_tally, pointing_in_play
from grimoire.game import IllegalAction
from grimoire.present.happening_lines import happening_line
from grimoire.rules.visitors import in_play
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import AskText
from grimoire.tui.support.pointing import most_words, parse_points
from tests.tui.helpers import SIZE, settle
from tests.votes.ballot import ballot_day


def test_the_seats_typed_in_order() -> None:
    ring = (0, 1, 2, 3, 4)
    assert parse_points("5 5 1 - 5", ring) == ((0, 1, 2, 4), (4, 4, 0, 4))
    assert parse_points(" 2,3;4 5 1 ", ring) == ((0, 1, 2, 3, 4), (1, 2, 3, 4, 0))
    with pytest.raises(ValueError, match="4 given for 5 players"):
        parse_points("1 2 3 4", ring)
    with pytest.raises(ValueError, match="seat 2: '9' is no seat"):
        parse_points("1 9 3 4 5", ring)
    with pytest.raises(ValueError, match="seat 3: 'x'"):
        parse_points("1 2 x 4 5", ring)


@given(st.lists(st.integers(0, 19), max_size=20))
def test_the_tally_counts_every_point_the_most_first(targets: list[int]) -> None:
    counted = point_tally(targets)
    assert sum(c for _, c in counted) == len(targets)
    assert dict(counted) == {t: targets.count(t) for t in set(targets)}
    assert [c for _, c in counted] == sorted((c for _, c in counted), reverse=True)


def test_the_pointing_is_recorded_saved_and_told() -> None:
    game = ballot_day(hurdy=False)
    g = game.state
    assert pointing_in_play(g, {**game.script.by_id, **in_play(g)}) == ()
    game.apply(ev.PlaceFabled("herald"))
    assert [c.id for c in pointing_in_play(game.state, {**game.script.by_id, **in_play(game.state)})] == ["herald"]
    event = ev.Point("herald", (0, 1, 2, 3), (4, 4, 0, 4))
    assert ev.event_from_dict(event.to_dict()) == event
    game.apply(event)
    line = happening_line(game.rules, game.state, game.state.today.happenings[-1])  # type: ignore[union-attr]
    assert line == "The players pointed for the Herald: 5 Eve 3 (1 Ann, 2 Ben, 4 Dan); 1 Ann 1 (3 Cat)."
    assert most_words([s.name for s in game.state.seats], event.targets) == "Most pointed at (3): 5 Eve"
    assert most_words(["A", "B"], (0, 1)) == "Most pointed at (1): a tie, 1 A, 2 B"
    with pytest.raises((IllegalAction, ValueError)):
        game.apply(ev.Point("herald", (0, 0), (1, 2)))  # a player points once


async def test_p_records_the_pointing() -> None:
    game = ballot_day(hurdy=False)
    game.apply(ev.PlaceFabled("herald"))
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = len(game.events)
        await pilot.press("P")
        await until(pilot, lambda: isinstance(pilot.app.screen, AskText), "the pointing asked")
        await pilot.press(*"5 5 1", "enter")  # too few: asked again, saying so
        await until(pilot, lambda: isinstance(pilot.app.screen, AskText) and "3 given for 9" in
                    pilot.app.screen.title_text, "the slip said")
        await pilot.press(*"5 5 1 - 5 5 1 5 5", "enter")  # typed again whole (what was typed is selected)
        await until(pilot, lambda: len(game.events) == before + 1, "the pointing recorded")
        assert game.events[-1] == ev.Point("herald", (0, 1, 2, 4, 5, 6, 7, 8), (4, 4, 0, 4, 4, 0, 4, 4))
