"""How a vote counts, from the script's ``vote`` specials alone: a secret vote while its
character's ability works, weighted and negative hands for the seats its reminders mark, a
multiplier without a value asked of the script's rules; the block follows the weighted count."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.script import load_script
from grimoire.core.vote_count import VoteSpecials, multiplier_of, tally
from grimoire.rules import day as day_rules
from grimoire.rules.contract import ScriptRules
from tests.votes.ballot import BALLOT, ballot_day


def test_the_multipliers_are_read_from_the_data() -> None:
    script = load_script(str(BALLOT))
    assert multiplier_of(script.character("tallyclerk")) == 3
    assert multiplier_of(script.character("cutpurse")) == -1
    assert multiplier_of(script.character("scrivener")) is None  # the data gives no value
    assert multiplier_of(script.character("lamplighter")) is None


def test_a_secret_vote_while_its_ability_works() -> None:
    game = ballot_day()
    assert day_rules.vote_specials_now(game.rules, game.state).hidden
    game.apply(ev.PlaceToken("Drunk", "hurdygurdy", 4))  # it chose to be drunk
    assert not day_rules.vote_specials_now(game.rules, game.state).hidden
    game.apply(ev.RemoveToken("Drunk", 4))
    game.apply(ev.SetAlive(4, False))
    assert not day_rules.vote_specials_now(game.rules, game.state).hidden
    other = ballot_day(hurdy=False)
    assert not day_rules.vote_specials_now(other.rules, other.state).hidden


def test_the_marked_hands_count_as_their_multiplier() -> None:
    game = ballot_day(hurdy=False)
    assert day_rules.vote_specials_now(game.rules, game.state) == VoteSpecials()
    game.apply(ev.PlaceToken("3 Votes", "tallyclerk", 0))
    game.apply(ev.PlaceToken("Negative Vote", "cutpurse", 1))
    game.apply(ev.PlaceToken("3 Votes", "tallyclerk", 2))
    game.apply(ev.PlaceToken("Negative Vote", "cutpurse", 2))  # both: they multiply
    specials = day_rules.vote_specials_now(game.rules, game.state)
    assert specials.weights == ((0, 3), (1, -1), (2, -3)) and not specials.hidden
    assert tally((0, 1, 3), specials) == 3 - 1 + 1
    game.apply(ev.Nominate(3, 5))
    game.apply(ev.Vote(5, (0, 3, 4)))  # 3 + 1 + 1
    nomination = game.state.today.nominations[0]  # type: ignore[union-attr]
    assert nomination.votes == (0, 3, 4) and nomination.count == 5 and not nomination.hidden
    assert day_rules.on_the_block(game.rules, game.state) == 5  # 5 of 9 alive: enough, weighed


def test_a_negative_hand_can_keep_a_nominee_off_the_block() -> None:
    game = ballot_day(hurdy=False)
    game.apply(ev.PlaceToken("Negative Vote", "cutpurse", 0))
    game.apply(ev.Nominate(3, 5))
    game.apply(ev.Vote(5, (0, 1, 2, 3, 4)))  # five hands, counted as 3
    assert game.state.today.nominations[0].count == 3  # type: ignore[union-attr]
    assert day_rules.on_the_block(game.rules, game.state) is None


def test_a_dead_or_drunk_multiplier_weighs_nothing() -> None:
    game = ballot_day(hurdy=False)
    game.apply(ev.PlaceToken("3 Votes", "tallyclerk", 0))
    game.apply(ev.SetAlive(6, False))  # the Tally Clerk
    assert day_rules.vote_specials_now(game.rules, game.state).weights == ()


def test_a_multiplier_without_a_value_is_the_rules_to_give(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = ballot_day(hurdy=False)
    game.apply(ev.PlaceToken("Marked", "scrivener", 1))
    assert day_rules.vote_specials_now(game.rules, game.state).weights == ()  # the storyteller's judgement: one
    monkeypatch.setattr(ScriptRules, "vote_multiplier", lambda self, c: 2 if c.id == "scrivener" else None)
    assert day_rules.vote_specials_now(game.rules, game.state).weights == ((1, 2),)


def test_a_secret_vote_is_recorded_as_one() -> None:
    game = ballot_day()
    game.apply(ev.Nominate(0, 1))
    game.apply(ev.Vote(1, (0, 2)))
    assert game.state.today.nominations[0].hidden  # type: ignore[union-attr]


weights = st.dictionaries(st.integers(0, 19), st.integers(-3, 5), max_size=20)


@given(weights=weights, voters=st.lists(st.integers(0, 19), unique=True, max_size=20), data=st.data())
def test_the_tally_is_each_hand_by_its_weight_in_any_order(weights: dict[int, int], voters: list[int],
                                                           data: st.DataObject) -> None:
    specials = VoteSpecials(False, tuple(sorted(weights.items())))
    counted = tally(voters, specials)
    assert counted == len(voters) + sum(weights.get(v, 1) - 1 for v in voters)
    assert counted == tally(data.draw(st.permutations(voters)), specials)
    plain = attrs.evolve(specials, weights=())
    assert tally(voters, plain) == len(voters)  # no weights: one a hand
    if all(weights.get(v, 1) == 1 for v in voters):
        assert counted == len(voters)


BASE = ballot_day(hurdy=False)
PLAYERS = [s for s in BASE.state.ring if s < 6]  # the six who are not the marking Travellers


@given(clerk=st.sets(st.sampled_from(PLAYERS)), purse=st.sets(st.sampled_from(PLAYERS)),
       voters=st.sets(st.sampled_from(BASE.state.ring)))
def test_the_weights_are_the_marks_multiplied(clerk: set[int], purse: set[int], voters: set[int]) -> None:
    from grimoire.game import Game

    game = Game(BASE.setup)
    for event in BASE.events:
        game.apply(event)
    for seat in clerk:
        game.apply(ev.PlaceToken("3 Votes", "tallyclerk", seat))
    for seat in purse:
        game.apply(ev.PlaceToken("Negative Vote", "cutpurse", seat))
    specials = day_rules.vote_specials_now(game.rules, game.state)
    expected = {s: (3 if s in clerk else 1) * (-1 if s in purse else 1) for s in clerk | purse}
    assert dict(specials.weights) == expected and not specials.hidden
    assert tally(voters, specials) == sum(expected.get(v, 1) for v in voters)
