"""The vote by keys, round the circle: y/n a seat from the one after the nominee, a ghost vote
spent, a dead player without one skipped; Enter records one Vote, Escape nothing; seat numbers
toggle; the players' pages get the vote going round (the live file) and the phones' hands come
in; a burst of keys never breaks it."""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from pilot_keys import until

from grimoire.core import events as ev
from grimoire.simulate import random_answer
from grimoire.store import live_table
from grimoire.store.live_table import LiveTable, PhoneHands
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.screens.vote import VoteScreen
from grimoire.tui.widgets.seats import SeatCircle
from grimoire.tui.widgets.side import SidePanel

from .helpers import SIZE, first_night, notes, open_vote, settle
from .storm import calm, check_stack, storm
from .test_kept_rows import same_as_textual
from .test_vote_round import with_the_dead

DEEP = settings.default.max_examples > 100


def panel(screen: VoteScreen) -> str:
    return screen.query_one("#vote-panel", SidePanel).text("round")


def row(screen: VoteScreen, seat: int) -> str:
    name = screen.session.game.state.name(seat)
    return next(line for line in panel(screen).splitlines() if f"{seat + 1} {name}" in line)


def live(app: GrimoireApp) -> LiveTable:
    return live_table.read_live(app.autosave_path())


async def test_the_round_from_the_seat_after_the_nominee_records_one_vote() -> None:
    game = with_the_dead()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = len(game.events)
        vote = await open_vote(pilot)
        same_as_textual(vote)  # its own rows, under its widgets, as Textual draws them (BlankRows)
        assert vote.round.at == 5 and "▶" in row(vote, 5)  # Fay: the seat after Eve
        assert "ghost vote: spends it" in panel(vote)
        assert "no vote" in row(vote, 6)  # Gus spent his
        assert vote.query_one(SeatCircle)._cursor == 5  # marked on the circle too
        await pilot.press("y")  # Fay spends her ghost vote
        assert vote.round.at == 7  # Gus skipped
        await pilot.press("n", "space", "y", "n", "backspace")  # Hal down, Ivy up, Ann up, Ben down, back to Ben
        assert vote.round.at == 1 and vote.round.up == (5, 8, 0)
        await pilot.press("n", "n", "y", "y")  # Ben, Cat down; Dan, Eve (the nominee, last) up
        assert vote.round.at is None
        text = vote.query_one("#vote-panel", SidePanel).text("head")
        assert "5 hands up" in text and "4 needed" in text and "Round done" in text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen)
        assert len(game.events) == before + 1
        assert game.events[-1] == ev.Vote(4, (5, 8, 0, 3, 4))  # in the round's order
        assert not game.state.seats[5].ghost_vote  # spent


@pytest.mark.slow  # the vote screen: the tests around it
async def test_escape_records_nothing_and_asks_first_once_hands_are_counted() -> None:
    game = with_the_dead()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = list(game.events)
        await open_vote(pilot)
        await pilot.press("escape")  # nothing counted yet: it just closes
        await pilot.pause()
        assert isinstance(pilot.app.screen, GrimoireScreen)
        vote = await open_vote(pilot)
        await pilot.press("y", "y", "escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)  # two hands would be thrown away: asked
        await pilot.press("escape")  # keep counting
        await pilot.pause()
        assert pilot.app.screen is vote and vote.round.up == (5, 7)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("t", "enter")  # [t] Throw the hands away
        await settle(pilot)
        assert isinstance(pilot.app.screen, GrimoireScreen)
        assert list(game.events) == before
        assert game.state.seats[5].ghost_vote  # nothing spent


async def test_a_seat_number_toggles_that_seat_and_one_with_no_vote_is_refused() -> None:
    game = with_the_dead()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        vote = await open_vote(pilot)
        await pilot.press("3", "1", "3")  # Cat up, Ann up, Cat down again
        await pilot.press("7")  # Gus: no vote left
        await pilot.pause()
        assert vote.round.up == (0,) and vote.round.at == 5  # the seat asked stays where it was
        assert any("Seat 7 (Gus, dead: no vote left)" in n for n in notes(pilot.app))
        await pilot.press("enter", "enter")  # the first ends the number 7; the second records
        await settle(pilot)
        assert game.events[-1] == ev.Vote(4, (0,))


@pytest.mark.slow
async def test_the_players_pages_get_the_vote_going_round_and_none_once_it_closes() -> None:
    game = with_the_dead()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        vote = await open_vote(pilot)
        await until(pilot, lambda: live(pilot.app).vote is not None, "the vote on the pages")
        shown = live(pilot.app).vote
        assert shown is not None and (shown.nominator, shown.nominee, shown.at, shown.up) == (1, 4, 5, ())
        assert shown.key == vote.key
        await pilot.press("y", "n")
        await until(pilot, lambda: live(pilot.app).vote == live_table.VoteInProgress(vote.key, 1, 4, 8, (5,)),
                    "the vote as it goes round")
        await pilot.press("escape", "t", "enter")  # cancelled: the pages show no vote
        await until(pilot, lambda: live(pilot.app) == LiveTable(), "no vote")
        again = await open_vote(pilot)
        assert again.key != vote.key  # a key of its own at each opening
        await until(pilot, lambda: (live(pilot.app).vote or vote).key == again.key, "the new vote")
        await pilot.press("enter")  # recorded: no vote either
        await until(pilot, lambda: live(pilot.app) == LiveTable(), "no vote")


async def test_phone_hands_count_when_the_clock_reaches_them_unless_the_storyteller_keyed_the_seat() -> None:
    game = with_the_dead()  # the round: Fay (5), Gus (6, no vote), Hal, Ivy, Ann (0), Ben, Cat, Dan, Eve
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        path = pilot.app.autosave_path()
        vote = await open_vote(pilot)
        await until(pilot, lambda: live(pilot.app).vote is not None, "the vote on the pages")
        key = live(pilot.app).vote.key  # type: ignore[union-attr]  # as the server reads it

        # Another vote's hands (an old file, a late phone): read, and ignored.
        seen = vote.hands_read
        live_table.write_hands(path, PhoneHands("0ther0ld0key").with_hand(3, True))
        await until(pilot, lambda: vote.hands_read > seen, "the hands file read")
        assert vote.round.up == ()

        # This vote's: Ann and Cat raise theirs, Gus (no vote left) tries to. The clock is at
        # Fay: raised, shown as raised, not counted (here, on the pages, or when recorded).
        hands = PhoneHands(key).with_hand(0, True).with_hand(2, True).with_hand(6, True)
        live_table.write_hands(path, hands)
        await until(pilot, lambda: vote.round.raised == (0, 2), "the phones' hands")
        assert vote.round.up == ()
        assert "📱 raised" in row(vote, 0) and "📱 raised" in row(vote, 2) and "no vote" in row(vote, 6)
        assert "📱 raised" in vote.query_one(SeatCircle).seat_words(0)
        await until(pilot, lambda: live(pilot.app).vote.raised == (0, 2), "the pages show them")  # type: ignore[union-attr]
        assert live(pilot.app).vote.up == ()  # type: ignore[union-attr]

        await pilot.press("y", "n", "n")  # Fay's ghost vote, Hal and Ivy down: the clock at Ann
        await until(pilot, lambda: vote.round.up == (5, 0), "Ann's hand counted")
        assert "📱 up" in row(vote, 0) and "2 hands up" in vote.query_one("#vote-panel", SidePanel).text("head")
        await until(pilot, lambda: (live(pilot.app).vote.up, live(pilot.app).vote.raised) == ((5, 0), (2,)),  # type: ignore[union-attr]
                    "the pages count it")

        await pilot.press("1")  # the storyteller saw Ann's hand down: their key wins
        await pilot.pause()
        assert vote.round.up == (5,) and "📱" not in row(vote, 0)
        seen = vote.hands_read
        live_table.write_hands(path, hands.with_hand(3, True))  # Ann's phone still says up; Dan raises his
        await until(pilot, lambda: vote.hands_read > seen, "the hands file read")
        assert vote.round.up == (5,) and vote.round.raised == (2, 3)

        await pilot.press("right", "right", "right")  # on to Ben, Cat, Dan: their phones' hands count
        await until(pilot, lambda: vote.round.up == (5, 2, 3), "Cat's and Dan's hands counted")
        await until(pilot, lambda: live(pilot.app).vote.up == (5, 2, 3), "the pages count them")  # type: ignore[union-attr]
        await pilot.press("enter")  # one count: the one shown is the one recorded
        await settle(pilot)
        assert game.events[-1] == ev.Vote(4, (5, 2, 3))


@pytest.mark.slow  # the soak storms the vote in make test
async def test_a_burst_of_vote_keys_never_breaks_the_app() -> None:
    keys = ["v", "y", "n", "space", "backspace", "left", "right", "enter", "escape", "1", "2", "3", "t"]
    for seed in range(3 if DEEP else 1):  # make test-deep: more storms
        game = with_the_dead()
        rng = random.Random(seed)
        async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
            await settle(pilot)
            for _ in range(4):
                await storm(pilot, ["v"] + [rng.choice(keys) for _ in range(40)], rng)
                await pilot.pause()
            await calm(pilot)
            check_stack(pilot.app, bottom=GrimoireScreen)
            nominations = game.state.today.nominations  # type: ignore[union-attr]
            assert nominations[0].votes is None or set(nominations[0].votes) <= {0, 1, 2, 3, 4, 5, 7, 8}


async def test_a_read_only_window_refuses_the_vote() -> None:
    app = GrimoireApp(game=with_the_dead())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        watched = GrimoireScreen(with_the_dead(), read_only="this game is open in another window",
                                 path=app.autosave_path())
        app.push_screen(watched)
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is watched and any("Read-only" in n for n in notes(app))


async def test_at_80x24_the_seat_asked_stays_in_sight_in_a_long_round() -> None:
    game = first_night(players=15, seed=3)
    rng = random.Random(1)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    alive = [s.index for s in game.state.seats if s.alive]
    game.apply(ev.Nominate(alive[0], alive[1]))
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        vote = await open_vote(pilot)
        side = vote.query_one("#vote-panel", SidePanel)
        while vote.round.at is not None:
            drawn = [side.render_line(y).text for y in range(side.size.height)]
            asked = f"{vote.round.at + 1} {game.state.name(vote.round.at)}"
            assert any("▶" in line and asked in line for line in drawn), drawn
            await pilot.press("y")
        await pilot.press("left")  # back from the end: the nominee, at the bottom
        assert any("▶" in side.render_line(y).text for y in range(side.size.height))
