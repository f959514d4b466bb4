"""The vote going round, without the screen: the order, who is asked, the storyteller's keys
against the phones' hands, and the words the screen shows (plain pytest)."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.tui.support.vote_round import VoteRound
from grimoire.tui.support.vote_view import (
    GHOST,
    NO_VOTE,
    PHONE_RAISED,
    PHONE_UP,
    UP,
    hand_words,
    round_list,
    seat_marks,
)

from .test_table_keys import day_game


def with_the_dead() -> Game:
    """Day one; Fay dead with her ghost vote, Gus dead with his spent; Ben nominates Eve."""
    game = day_game()
    game.apply(ev.SetAlive(5, False))
    game.apply(ev.SetAlive(6, False))
    game.apply(ev.SetGhostVote(6, False))
    game.apply(ev.Nominate(1, 4))
    return game


def test_the_round_starts_after_the_nominee_and_skips_who_may_not_vote() -> None:
    g = with_the_dead().state
    rnd = VoteRound.start(g, 4)
    assert rnd.order == (5, 6, 7, 8, 0, 1, 2, 3, 4) and rnd.at == 5
    assert 6 not in rnd.voting and 5 in rnd.voting
    rnd = rnd.hand(True)  # Fay's ghost vote
    assert rnd.at == 7  # Gus, who has spent his, is not asked
    rnd = rnd.hand(False).hand(True)  # Hal down, Ivy up
    assert rnd.up == (5, 8) and rnd.at == 0
    rnd = rnd.back()
    assert rnd.at == 8
    rnd = rnd.hand(False)  # Ivy's hand down after all
    assert rnd.up == (5,) and rnd.at == 0
    for _ in range(5):
        rnd = rnd.hand(True)
    assert rnd.at is None and rnd.up == (5, 0, 1, 2, 3, 4)
    assert rnd.hand(True) == rnd  # past the nominee nobody is asked
    assert rnd.back().at == 4  # back from the end: the nominee


def test_back_at_the_first_seat_stays_and_skip_keeps_the_hand_as_it_stands() -> None:
    rnd = VoteRound.start(with_the_dead().state, 4)
    assert rnd.back() == rnd
    rnd = rnd.with_phones({5: True}).skip()
    assert rnd.at == 7 and rnd.up == (5,) and rnd.keyed == ()


def test_a_phones_hand_counts_when_the_clock_reaches_its_seat() -> None:
    rnd = VoteRound.start(with_the_dead().state, 4)  # the clock at Fay (5); Ann (0) and Cat (2) further on
    rnd = rnd.with_phones({0: True, 2: True, 5: True})
    assert rnd.up == (5,) and rnd.raised == (0, 2)  # raised, shown, not counted yet
    assert hand_words(rnd, 0) == PHONE_RAISED and hand_words(rnd, 5) == PHONE_UP
    for _ in range(3):  # on past Hal and Ivy, to Ann: her hand counts now
        rnd = rnd.skip()
    assert rnd.at == 0 and rnd.up == (5, 0) and rnd.raised == (2,)
    rnd = rnd.back()  # back to Ivy: Ann's hand waits for the clock again
    assert rnd.up == (5,) and rnd.raised == (0, 2)
    rnd = rnd.toggle(2)  # the storyteller's key counts at once, wherever the clock is
    assert rnd.up == (5, 2) and rnd.raised == (0,)
    while rnd.at is not None:
        rnd = rnd.skip()
    assert rnd.up == (5, 0, 2) and rnd.raised == ()  # round done: every phone's hand counted


def test_the_storytellers_key_wins_over_a_phone_and_a_phone_for_no_vote_is_ignored() -> None:
    rnd = VoteRound.start(with_the_dead().state, 4)
    while rnd.at is not None:  # the clock all the way round: every phone's hand counts
        rnd = rnd.skip()
    rnd = rnd.with_phones({0: True, 2: True, 6: True})  # 6: Gus has no vote left
    assert rnd.up == (0, 2) and rnd.by_phone(0) is True and rnd.by_phone(6) is None
    rnd = rnd.toggle(0)  # the storyteller saw Ann's hand down
    assert rnd.up == (2,) and rnd.by_phone(0) is None
    rnd = rnd.with_phones({0: True, 2: False})  # Ann's phone insists; Cat lowers hers
    assert rnd.up == () and rnd.touched
    assert rnd.toggle(6) == rnd  # a seat that may not vote: nothing changes


def test_words_for_each_hand_and_the_ghost_vote() -> None:
    game = with_the_dead()
    g = game.state
    rnd = VoteRound.start(g, 4).with_phones({0: True, 7: True}).hand(True)  # the clock at Hal (7), Ann ahead
    assert hand_words(rnd, 5) == UP and hand_words(rnd, 7) == PHONE_UP and hand_words(rnd, 0) == PHONE_RAISED
    assert hand_words(rnd, 6) == NO_VOTE and hand_words(rnd, 8) == ""
    rows = round_list(g, rnd)
    assert "▶" in rows[[i for i, r in enumerate(rows) if "8 Hal" in r][0]]
    assert any(GHOST in r for r in rows)  # under Fay, who spends it
    assert any("7 Gus" in r and NO_VOTE in r for r in rows)
    assert seat_marks(g, rnd)[5] == UP and seat_marks(g, rnd)[6] == NO_VOTE


def test_one_who_registers_as_dead_votes_as_the_dead_do() -> None:
    game = day_game()
    game.apply(ev.SetGhostVote(2, False))  # Cat (alive) registers as dead and has spent her ghost vote
    game.apply(ev.Nominate(1, 4))
    g = game.state
    assert 2 in VoteRound.start(g, 4).voting  # the living vote
    assert 2 not in VoteRound.start(g, 4, registers_dead={2}).voting
