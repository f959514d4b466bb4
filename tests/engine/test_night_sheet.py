"""Tonight's sheet: done, next, will wake, on receipt, or skipped with the reason."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from night_order import Mark

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
    game = Game(TableSetup(seats=SEATS))
    game.apply(ev.StartNight())
    m = marks(game)
    assert m["dusk"][0] is Mark.NEXT
    assert m["claque"][0] is Mark.WILL_WAKE
    assert m["monkey_music_box"][0] is Mark.WILL_WAKE
    assert m["punjab_lasso"] == (Mark.SKIPPED, "the Phantom chooses at the Monkey Music Box step")
    assert m["meg"] == (Mark.ON_RECEIPT, "only if receiving")
    assert m["auctioneer"] == (Mark.SKIPPED, "not in play")
    assert m["minioninfo"] == (Mark.WILL_WAKE, "")


def test_only_the_lasso_available_wakes_at_its_own_step() -> None:
    game = Game(TableSetup(seats=SEATS, artifacts=("punjab_lasso",)))
    game.apply(ev.StartNight())
    m = marks(game)
    assert m["monkey_music_box"] == (Mark.SKIPPED, "not available")
    assert m["punjab_lasso"][0] is Mark.WILL_WAKE


def test_marks_follow_the_walker_and_say_why_a_step_was_skipped() -> None:
    game = Game(TableSetup(seats=SEATS))
    game.apply(ev.StartNight())
    answers = {"claque": "clockwise", "artifact": ["monkey_music_box", 1]}
    while game.prompt is not None and game.prompt.step != "sorelli":
        game.answer(answers.get(game.prompt.key) if game.prompt.key else None)
    m = marks(game)
    assert m["dusk"][0] is Mark.DONE and m["claque"][0] is Mark.DONE
    assert m["monkey_music_box"][0] is Mark.DONE
    assert m["punjab_lasso"] == (Mark.SKIPPED, "the Phantom chose at the Monkey Music Box step")
    assert m["meg"][0] is Mark.SKIPPED  # the artifact never reached her
    assert m["sorelli"][0] is Mark.NEXT
    assert m["dawn"][0] is Mark.WILL_WAKE
