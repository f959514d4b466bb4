"""Tonight's sheet: done, next, will wake, to do, on receipt, or skipped with the reason; and the
step counter over the whole night's order."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game, SeatSetup
from grimoire.rules.phantom.state import own
from grimoire.simulate import play_day, random_answer, random_table
from night_order import Mark
from tests.phantom_table import phantom_table

SEATS = (
    SeatSetup("Ann", "meg"),
    SeatSetup("Ben", "sorelli"),
    SeatSetup("Cat", "trapdoor_keeper"),
    SeatSetup("Dan", "phantom"),
    SeatSetup("Eve", "usher"),
    SeatSetup("Fay", "stage_designer"),
    SeatSetup("Gus", "claque"),
)


def marks(game: Game) -> dict[str, tuple[Mark, str]]:
    return {e.step: (e.mark, e.why) for e in game.sheet()}


def test_first_night_sheet_before_anything_happens() -> None:
    game = Game(phantom_table(seats=SEATS))
    game.apply(ev.StartNight())
    m = marks(game)
    assert m["dusk"][0] is Mark.NEXT
    assert m["claque"] == (Mark.TO_DO, "")  # the storyteller chooses: nobody wakes
    assert m["monkey_music_box"][0] is Mark.WILL_WAKE
    assert m["punjab_lasso"] == (Mark.SKIPPED, "the Phantom chooses at the Monkey Music Box step")
    assert m["meg"] == (Mark.ON_RECEIPT, "only if receiving")
    assert m["auctioneer"] == (Mark.SKIPPED, "not in play")
    assert m["minioninfo"] == (Mark.WILL_WAKE, "")


def test_only_the_lasso_available_wakes_at_its_own_step() -> None:
    game = Game(phantom_table(seats=SEATS, artifacts=("punjab_lasso",)))
    game.apply(ev.StartNight())
    m = marks(game)
    assert m["monkey_music_box"] == (Mark.SKIPPED, "not available")
    assert m["punjab_lasso"][0] is Mark.WILL_WAKE


def test_marks_follow_the_walker_and_say_why_a_step_was_skipped() -> None:
    game = Game(phantom_table(seats=SEATS))
    game.apply(ev.StartNight())
    answers = {"claque": "clockwise", "artifact": ["monkey_music_box", 1]}
    while game.prompt is not None and game.prompt.step != "sorelli":
        game.answer(answers.get(game.prompt.key) if game.prompt.key else None)
    m = marks(game)
    assert m["dusk"][0] is Mark.DONE and m["claque"][0] is Mark.DONE
    assert m["monkey_music_box"][0] is Mark.DONE
    assert m["punjab_lasso"] == (Mark.SKIPPED, "the Phantom chose the Monkey Music Box")
    assert m["meg"][0] is Mark.SKIPPED  # the artifact never reached her
    assert m["sorelli"][0] is Mark.NEXT
    assert m["dawn"] == (Mark.TO_DO, "")


def test_the_lasso_chosen_at_the_first_step_is_said_chosen_there() -> None:
    """Issue 45: "Punjab Lasso skipped — the Phantom chose at the Punjab Lasso step" named the
    artifact chosen, not the step where it was chosen."""
    game = Game(phantom_table(seats=SEATS))
    game.apply(ev.StartNight())
    answers = {"claque": "clockwise", "artifact": ["punjab_lasso", 1]}
    while game.prompt is not None and game.prompt.step != "sorelli":
        game.answer(answers.get(game.prompt.key) if game.prompt.key else None)
    m = marks(game)
    assert m["monkey_music_box"][0] is Mark.DONE
    assert m["punjab_lasso"] == (Mark.SKIPPED, "the Phantom chose the Punjab Lasso at the Monkey Music Box step")


def _to_night_2(game: Game, day: list[ev.Event] = ()) -> None:  # type: ignore[assignment]
    """Play night 1 with fixed answers, then the day's events, then dusk of night 2."""
    answers = {"claque": "clockwise", "artifact": ["monkey_music_box", 1]}
    while game.prompt is not None:
        game.answer(answers.get(game.prompt.key) if game.prompt.key else None)
    for event in day:
        game.apply(event)
    game.apply(ev.StartNight())


def test_steps_that_wake_nobody_are_to_do_not_will_wake() -> None:
    seats = (*SEATS, SeatSetup("Hal", "primadonna"), SeatSetup("Ivy", "cloak_bearer"))
    game = Game(phantom_table(seats=seats))
    game.apply(ev.StartNight())
    m = marks(game)
    assert m["dawn"] == (Mark.TO_DO, "") and m["claque"] == (Mark.TO_DO, "")
    _to_night_2(game)
    m = marks(game)
    assert m["claque"] == (Mark.TO_DO, "") and m["dawn"] == (Mark.TO_DO, "")
    assert m["primadonna"] == (Mark.SKIPPED, "did not die by execution today")
    assert m["cloak_bearer"] == (Mark.SKIPPED, "did not save the Phantom")


def test_a_dead_players_step_is_skipped_as_dead() -> None:
    seats = (*SEATS, SeatSetup("Hal", "primadonna"), SeatSetup("Ivy", "cloak_bearer"), SeatSetup("Jon", "managers"))
    game = Game(phantom_table(seats=seats, evil_townsfolk=4))  # Eve (Usher) is the evil Townsfolk
    game.apply(ev.SetAlive(4, False))
    game.apply(ev.StartNight())
    assert marks(game)["managers"] == (Mark.SKIPPED, "dead")
    died = [ev.SetAlive(seat, False) for seat in (0, 5, 6, 7, 8)]  # Meg, Stage Designer, Claque, ...
    _to_night_2(game, died)
    m = marks(game)
    for step in ("meg", "stage_designer", "claque", "primadonna", "cloak_bearer"):
        assert m[step] == (Mark.SKIPPED, "dead"), step


def test_the_step_counter_counts_the_whole_order() -> None:
    game = Game(phantom_table(seats=SEATS))
    game.apply(ev.StartNight())
    order = [e.step for e in game.sheet()]
    seen = []
    answers = {"claque": "clockwise", "artifact": ["monkey_music_box", 1]}
    while game.prompt is not None:
        k, n = game.step_position()
        assert n == len(order)
        seen.append((k, game.prompt.step))
        game.answer(answers.get(game.prompt.key) if game.prompt.key else None)
    # Every step the walker stopped at is numbered by its place in the whole order.
    assert seen[0] == (1, "dusk") and seen[-1] == (len(order), "dawn")
    assert all(order[k - 1] == step for k, step in seen)
    assert game.step_position() is None  # the day: no step waiting


def _player_of(game: Game, step: str) -> int | None:
    g = game.state
    if step == "managers":
        return own(g).evil_townsfolk  # the step wakes the evil Townsfolk, not the Managers
    seat = g.seat_of(step)
    return None if seat is None else seat.index


@settings(deadline=None)
@given(st.integers(5, 15), st.integers(0, 2**32 - 1))
def test_over_random_games_the_counter_never_jumps_and_marks_tell_the_truth(players: int, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(random_table(players, seed=seed, script="phantom"))
    while game.state.winner is None and game.state.night < 4:
        if game.prompt is None:
            if game.state.phase is Phase.DAY:
                play_day(game, rng)
                if game.state.winner is not None:
                    break
            game.apply(ev.StartNight())
        n_order = len(game.sheet())
        last_k = 0
        ahead: dict[str, Mark] = {}  # each entry's mark while the walker had not reached it
        woken: dict[str, bool] = {}  # whether the entry's own prompts woke anyone
        while game.prompt is not None:
            k, n = game.step_position()
            assert n == n_order and last_k <= k <= n, "the counter only moves forward"
            last_k = k
            record = game.state.nights[-1]
            for i, entry in enumerate(game.sheet()):
                if i + 1 > k:
                    ahead[entry.step] = entry.mark
                player = _player_of(game, entry.step)
                if (entry.mark is Mark.SKIPPED and entry.step not in record.skipped and player is not None
                        and not game.state.seats[player].alive):
                    assert entry.why == "dead", (entry.step, entry.why)
            step = game.sheet()[k - 1].step
            if game.prompt.step == step:
                woken[step] = woken.get(step, False) or bool(game.prompt.wake)
            game.answer(random_answer(game.prompt, game, rng))
        for step, did_wake in woken.items():
            if ahead.get(step) is Mark.TO_DO:
                assert not did_wake, f"{step} was marked to do but woke a player"
            if ahead.get(step) is Mark.WILL_WAKE:
                assert did_wake, f"{step} was marked will wake but woke nobody"


def test_a_wake_on_receipt_shares_the_place_of_the_entry_it_happens_in() -> None:
    game = Game(phantom_table(seats=SEATS))
    game.apply(ev.StartNight())
    game.answer(None)  # Dusk
    game.answer("clockwise")  # the Claque
    mmb = game.step_position()
    assert game.prompt.step == "monkey_music_box"
    game.answer(["monkey_music_box", 0])  # to Ann, the Meg: she wakes on receipt
    assert game.prompt.step == "meg" and game.step_position() == mmb
    m = marks(game)
    assert m["monkey_music_box"][0] is Mark.NEXT and m["meg"][0] is Mark.NEXT
    game.answer("keep")
    assert game.step_position()[0] > mmb[0] and marks(game)["meg"][0] is Mark.DONE
