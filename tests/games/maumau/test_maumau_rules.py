"""The Vampir Mau Mau rules core against the seed's examples and the design's checks."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.games.maumau import rules as r
from grimoire.games.maumau.rules import (
    CLOCK,
    WEREWOLF,
    Draw,
    EndDeal,
    Play,
    RuleError,
    StartDiscard,
    Wish,
    mau,
)

FOUR = ["Sara", "Luigi", "Mario", "Giovanni"]


def started(players=FOUR, deals=3, top=mau("red", "tombstone"), **kw) -> r.Game:  # noqa: B008 (a frozen card)
    game = r.new_game(players, deals, **kw)
    return r.apply(game, StartDiscard((top,)))


def on_turn(game: r.Game, seat: int) -> r.Game:
    return r.apply(game, r.SetTurn(seat))


def plays(game: r.Game, seat: int, count: int) -> r.Game:
    """``seat`` plays ``count`` red cards (each fits the red top), each on a turn of its own."""
    for n in range(count):
        game = r.apply(on_turn(game, seat), Play(mau("red", f"symbol {n}")))
    return game


# --- scoring ------------------------------------------------------------------------------


def test_seed_example_3_scores():
    game = started()
    game = r.apply(game, EndDeal(0, (0, 1, 2, 4)))
    assert game.results[-1].scores == (9, 6, 5, 3)
    assert game.totals == (9, 6, 5, 3)


def test_three_player_scores():
    game = started(["A", "B", "C"])
    game = r.apply(game, EndDeal(0, (0, 3, 5)))
    assert game.totals == (10, 5, 3)


@pytest.mark.parametrize(
    "ender, counts, quote",
    [
        (0, (1, 1, 2, 4), "empties their hand"),
        (0, (0, -1, 2, 4), "0 or more"),
        (0, (0, 1, 2), "one hand count per player"),
    ],
)
def test_bad_end_counts_refused(ender, counts, quote):
    game = started()
    with pytest.raises(RuleError, match=quote):
        r.apply(game, EndDeal(ender, counts))
    assert game.results == ()


@given(st.lists(st.integers(0, 30), min_size=2, max_size=6), st.data())
def test_deal_scores_follow_the_rule(counts, data):
    ender = data.draw(st.integers(0, len(counts) - 1))
    counts = [c + 1 for c in counts]  # only the ender has emptied their hand
    counts[ender] = 0
    game = started([f"P{i}" for i in range(len(counts))])
    game = r.apply(game, EndDeal(ender, tuple(counts)))
    scores = game.results[-1].scores
    for i, score in enumerate(scores):
        opponents = sum(c for j, c in enumerate(counts) if j != i)
        assert score == opponents + (2 if i == ender else 0)
    # The ender never scores less than anyone else: they hold 0 cards and get the bonus.
    assert scores[ender] == max(scores)


# --- the end of a deal ----------------------------------------------------------------------


def test_deal_cannot_end_on_a_special_card():
    game = on_turn(started(), 2)
    game = r.apply(game, Play(CLOCK))
    with pytest.raises(RuleError, match="cannot end a deal by playing a Special card"):
        r.apply(game, EndDeal(2, (3, 1, 0, 4)))
    assert game.deal is not None and game.results == ()


def test_seed_example_1_werewolf_then_wish():
    game = started(["Mario", "Sara"], top=mau("red", "axe"))  # Mario deals, Sara starts
    game = r.apply(game, Play(WEREWOLF, target=0))  # Sara blocks Mario... then it's Mario's turn
    game = on_turn(game, 1)
    game = r.apply(game, Play(WEREWOLF, target=1))  # someone put it on Sara
    game = on_turn(game, 0)
    with pytest.raises(RuleError, match="you may place one only on your own Character"):
        r.apply(game, Play(WEREWOLF, target=1))
    game = r.apply(game, Play(WEREWOLF, target=0))
    assert game.deal.werewolf_on == 0
    assert "discarded" in game.log[-1]
    game = r.apply(game, Wish("green"))
    assert game.deal.wish == "green"
    # He could not have ended on that Werewolf.
    with pytest.raises(RuleError, match="Special card"):
        r.apply(game, EndDeal(0, (0, 5)))


def test_seed_example_2_ends_by_ability():
    roster = {
        "Countess": r.CharacterDef("Countess", 5, ("meat", "axe"), "nail", "blue"),
    }
    game = started(["Mario", "Sara"], characters=["Count", "Countess"])
    game = attrs_night(game)
    game = on_turn(game, 1)
    game = r.apply(game, Play(mau("blue", "tombstone")), roster)
    assert game.deal.top == mau("blue", "tombstone")
    assert any("Sara may give 1 card" in line for line in game.log)
    game = r.apply(game, EndDeal(1, (4, 0)))
    assert game.results[-1].scores == (0, 6)


def attrs_night(game: r.Game) -> r.Game:
    for _ in range(game.n):
        game = r.apply(game, Play(CLOCK))
    assert game.deal.is_night
    return game


# --- clocks and wishes ----------------------------------------------------------------------


def test_clocks_flip_day_and_night_at_the_number_of_players():
    game = started()
    game = r.apply(game, Play(WEREWOLF, target=1))  # on Luigi
    for n in (1, 2, 3):
        game = r.apply(game, Play(CLOCK))
        assert (game.deal.clocks, game.deal.is_night) == (n, False)
        with pytest.raises(RuleError, match="one or more Special cards are discarded"):
            r.apply(game, Wish("red"))
    game = r.apply(game, Play(CLOCK))
    d = game.deal
    assert (d.clocks, d.is_night, d.werewolf_on) == (0, True, None)
    game = r.apply(game, Wish("purple"))
    assert game.deal.wish == "purple"
    for _ in range(4):
        game = r.apply(game, Play(CLOCK))
    assert game.deal.is_night is False


def test_first_werewolf_opens_no_wish():
    game = r.apply(started(), Play(WEREWOLF, target=2))
    with pytest.raises(RuleError, match="you may wish for a colour"):
        r.apply(game, Wish("green"))


def test_wish_passes_if_not_taken_at_once():
    game = r.apply(started(), Play(WEREWOLF, target=2))
    game = r.apply(game, Play(WEREWOLF, target=3))
    game = r.apply(game, Draw())
    with pytest.raises(RuleError):
        r.apply(game, Wish("green"))


def test_wish_rules():
    game = r.apply(started(), Play(WEREWOLF, target=2))
    game = r.apply(game, Play(WEREWOLF, target=3))
    game = r.apply(game, Wish("green"))
    with pytest.raises(RuleError, match="wished colour"):
        r.apply(game, Play(mau("blue", "tombstone")))  # matches the top, not the wish
    game = r.apply(game, Play(mau("green", "spider")))
    assert game.deal.wish is None and game.deal.top == mau("green", "spider")
    with pytest.raises(RuleError, match="same colour or the same symbol"):
        r.apply(game, Play(mau("red", "axe")))
    game = r.apply(game, Play(mau("red", "spider")))
    game = r.apply(game, Play(mau("red", "axe")))
    assert game.deal.top == mau("red", "axe")


def test_specials_play_on_anything_and_collect_the_set_aside():
    roster = {"Hermit": r.CharacterDef("Hermit", 8, ("meat", "axe"), "nail", "blue")}
    game = started(characters=["Hermit", None, None, None])
    game = on_turn(game, 0)
    game = r.apply(game, Play(mau("red", "axe")), roster)
    assert "a: set aside" in game.log[-1]
    game = r.apply(game, r.SetAside())
    game = r.apply(on_turn(game, 0), Play(mau("red", "meat")), roster)
    game = r.apply(game, r.SetAside())
    assert game.deal.set_aside == 4
    game = r.apply(game, Play(CLOCK))  # Luigi
    assert game.deal.set_aside == 0
    assert "Luigi takes all 4 set-aside cards" in game.log[-1]


def test_werewolf_blocks_the_ability_hint():
    roster = {"Hermit": r.CharacterDef("Hermit", 5, ("meat", "axe"), "nail", "blue")}
    game = started(characters=["Hermit", None, None, None])
    game = r.apply(game, Play(WEREWOLF, target=0))
    game = on_turn(game, 0)
    game = r.apply(game, Play(mau("red", "axe")), roster)
    assert "Werewolf blocks" in game.log[-1]


def test_unconfigured_character_is_never_guessed():
    game = on_turn(started(characters=["Dracula", None, None, None]), 0)
    game = r.apply(game, Play(mau("red", "axe")), {})
    assert "Dracula is not configured" in game.log[-1]


def test_wishing_abilities_open_a_wish():
    roster = {
        "Left": r.CharacterDef("Left", 1, ("meat", "axe"), "nail", "blue"),
        "Again": r.CharacterDef("Again", 2, ("spider", "nail"), "axe", "red"),
    }
    game = on_turn(started(characters=["Left", "Again", None, None]), 0)
    game = r.apply(game, Play(mau("red", "axe")), roster)
    game = r.apply(game, Wish("blue"))
    assert "Luigi wishes for blue" in game.log[-1]
    game = r.apply(game, Play(mau("blue", "spider")), roster)  # Luigi: wish and play again
    game = r.apply(game, Wish("green"))
    assert game.deal.wish == "green"
    assert game.deal.turn == 1  # "Wish for a colour. Then immediately take another turn."


def test_an_ability_not_used_gives_no_other_turn():
    # "you may use the special ability": a player who does not, passes the turn as usual.
    roster = {
        "Again": r.CharacterDef("Again", 2, ("spider", "nail"), "axe", "red"),
        "Swapper": r.CharacterDef("Swapper", 4, ("meat", "axe"), "nail", "blue"),
    }
    game = on_turn(started(characters=["Again", "Swapper", None, None]), 0)
    game = r.apply(game, Play(mau("red", "spider")), roster)
    assert game.deal.turn == 1
    game = r.apply(game, Play(mau("red", "axe")), roster)
    assert game.deal.turn == 2
    game = r.apply(game, Play(mau("red", "meat")), roster)
    assert game.deal.turn == 3 and "Mario plays red meat" in "\n".join(game.log)


def test_swap_moves_the_werewolf_with_the_character():
    roster = {"Swapper": r.CharacterDef("Swapper", 4, ("meat", "axe"), "nail", "blue")}
    game = started(characters=["Swapper", "B", "C", "D"])
    game = r.apply(game, Play(WEREWOLF, target=2))
    game = on_turn(game, 0)
    game = r.apply(game, Play(mau("red", "axe")), roster)
    game = r.apply(game, r.Swap(2))
    assert game.deal.turn == 0  # "Then immediately take another turn."
    assert game.characters == ("C", "B", "Swapper", "D")
    assert game.deal.werewolf_on == 0


def test_penalties_do_not_end_the_deal():
    game = r.apply(plays(started(), 1, 4), r.Penalty(1, "maumau"))
    assert game.deal is not None and "the deal goes on" in game.log[-1]
    game = r.apply(game, r.Penalty(1, "mau"))
    assert "1 penalty card" in game.log[-1]


# --- setup and the starting discard ---------------------------------------------------------


def test_starting_discard_skips_specials():
    game = r.new_game(FOUR, 3)
    game = r.apply(game, StartDiscard((CLOCK, WEREWOLF, mau("red", "tombstone"))))
    assert game.deal.top == mau("red", "tombstone")
    assert "2 Special cards reshuffled" in game.log[-1]
    with pytest.raises(RuleError, match="keep drawing"):
        r.apply(r.new_game(FOUR, 3), StartDiscard((CLOCK,)))


@pytest.mark.parametrize("n, size", [(2, 8), (4, 8), (5, 7), (6, 6)])
def test_hand_sizes(n, size):
    assert r.new_game([f"P{i}" for i in range(n)], 3).hand_size == size


def test_setup_refusals():
    with pytest.raises(RuleError, match="2 copies"):
        r.new_game([f"P{i}" for i in range(7)], 3)
    assert r.new_game([f"P{i}" for i in range(7)], 3, two_copies=True).hand_size == 8
    with pytest.raises(RuleError, match="share a name"):
        r.new_game(["Ann", "ann"], 3)
    with pytest.raises(RuleError, match="needs a name"):
        r.new_game(["Ann", " "], 3)
    with pytest.raises(RuleError, match="at least 2"):
        r.new_game(["Ann"], 3)
    with pytest.raises(RuleError, match="agree on the number of deals"):
        r.new_game(["Ann", "Ben"], 0)


def test_random_characters_need_a_big_enough_roster():
    rng = random.Random(4)
    assert sorted(r.random_characters(["a", "b", "c"], 3, rng)) == ["a", "b", "c"]
    with pytest.raises(RuleError, match="at random"):
        r.random_characters(["a"], 2, rng)


@pytest.mark.parametrize(
    "text, card",
    [
        ("b tombstone", mau("blue", "tombstone")),
        ("Purple  Clock Face", mau("purple", "clock face")),
        ("clock", CLOCK),
        ("c", CLOCK),
        ("w", WEREWOLF),
    ],
)
def test_parse_card(text, card):
    assert r.parse_card(text) == card


@pytest.mark.parametrize("text", ["", "x axe", "red", "orange axe"])
def test_parse_card_refuses(text):
    with pytest.raises(RuleError):
        r.parse_card(text)


# --- across deals ---------------------------------------------------------------------------


def test_dealer_rotation_and_tiebreak():
    game = started(["A", "B", "C"])
    dealers = [game.deal.dealer]
    for ender, counts in [(0, (0, 2, 2)), (1, (2, 0, 2)), (2, (2, 2, 0))]:
        game = r.apply(game, EndDeal(ender, counts))
        if game.deal:
            dealers.append(game.deal.dealer)
            game = r.apply(game, StartDiscard((mau("red", "axe"),)))
    assert dealers == [0, 1, 2, 0]
    assert game.totals == (10, 10, 10)
    assert game.tiebreak and not game.over
    assert any("play a tie-break deal" in line for line in game.log)
    assert game.deal.is_night is False and game.deal.last_play is None
    game = r.apply(game, EndDeal(1, (1, 0, 1)))
    assert game.over and game.winners == (1,)
    with pytest.raises(RuleError, match="game is over"):
        r.apply(game, Draw())


def test_tiebreak_repeats_while_tied():
    game = started(["A", "B"], deals=1)
    game = r.apply(game, EndDeal(0, (0, 2)))
    assert game.over and game.winners == (0,)
    # A and B lead 20 : 20 after an earlier deal; D keeps ending deals that leave them tied.
    earlier = r.DealResult(ender=0, counts=(0, 0, 0, 0), scores=(20, 20, 0, 0), dealer=0)
    game = attrs.evolve(started(["A", "B", "C", "D"], deals=2), results=(earlier,))
    game = r.apply(game, EndDeal(3, (1, 1, 1, 0)))
    assert game.totals == (22, 22, 2, 5) and game.tiebreak and game.deal.number == 2
    game = r.apply(game, EndDeal(3, (1, 1, 1, 0)))
    assert game.totals == (24, 24, 4, 10) and game.tiebreak and game.deal.number == 3
    game = r.apply(game, EndDeal(0, (0, 1, 1, 1)))
    assert game.over and game.winners == (0,)
    assert game.log[-1] == "Game over: A wins with 29 points."


def test_first_player_is_left_of_dealer_and_night_resets():
    game = started(dealer=3)
    assert game.deal.turn == 0
    game = attrs_night(game)
    game = r.apply(game, EndDeal(0, (0, 1, 1, 1)))
    assert game.deal.dealer == 0 and game.deal.turn == 1
    assert game.deal.is_night is False


def test_keep_day_night_house_rule():
    game = attrs_night(started(keep_day_night=True))
    game = r.apply(game, EndDeal(1, (1, 0, 1, 1)))
    assert game.deal.is_night is True


def test_characters_pass_left():
    game = started(["A", "B", "C"], characters=["x", "y", "z"], rotate_characters=True)
    game = r.apply(game, EndDeal(0, (0, 1, 1)))
    assert game.characters == ("z", "x", "y")  # seat 1 now holds seat 0's Character
    kept = started(["A", "B", "C"], characters=["x", "y", "z"])
    assert r.apply(kept, EndDeal(0, (0, 1, 1))).characters == ("x", "y", "z")


def test_no_play_before_the_starting_discard():
    with pytest.raises(RuleError, match="first card of the discard pile"):
        r.apply(r.new_game(FOUR, 3), Play(CLOCK))


# --- abilities are checked against the Character and the card (issue 14) --------------------

COUNTESS = r.CharacterDef("Countess", 7, ("tombstone", "spider"), "nail", "blue")
IGOR = r.CharacterDef("Igor", 8, ("axe", "meat"), "skull", "red")
BARON = r.CharacterDef("Baron", 4, ("coffin", "skull"), "axe", "green")
HERMIT = r.CharacterDef("Hermit", 5, ("skull", "nail"), "meat", "purple")
ROSTER = {c.name: c for c in (COUNTESS, IGOR, BARON, HERMIT)}


def cast(top=mau("red", "axe")) -> r.Game:  # noqa: B008 (a frozen card)
    """Sara deals; Luigi is Igor, Mario the Countess, Giovanni the Baron, Sara the Hermit."""
    return started(characters=["Hermit", "Igor", "Countess", "Baron"], top=top)


def test_set_aside_is_refused_for_a_character_without_that_ability():
    game = on_turn(cast(top=mau("red", "axe")), 2)
    game = r.apply(game, Play(mau("red", "skull")), ROSTER)  # Mario, the Countess
    with pytest.raises(RuleError, match="Countess's Human ability is number 7") as err:
        r.apply(game, r.SetAside(), ROSTER)
    assert "Each Human has 1 special ability" in str(err.value)
    game = on_turn(game, 1)
    game = r.apply(game, Play(mau("red", "nail")), ROSTER)  # Luigi, Igor: not his symbol
    with pytest.raises(RuleError, match=r"neither of Igor's two symbols \(axe, meat\)") as err:
        r.apply(game, r.SetAside(), ROSTER)
    assert "Each time you play a card with one of these two symbols" in str(err.value)
    assert game.deal.set_aside == 0
    assert not any("sets aside" in line for line in game.log)


def test_set_aside_once_per_card_played():
    game = r.apply(cast(), Play(mau("red", "axe")), ROSTER)  # Luigi is Igor
    game = r.apply(game, r.SetAside(), ROSTER)
    assert game.deal.set_aside == 2
    with pytest.raises(RuleError, match="already set aside cards for this red axe"):
        r.apply(game, r.SetAside(), ROSTER)
    game = on_turn(game, 1)
    game = r.apply(game, Play(mau("red", "meat")), ROSTER)
    game = r.apply(game, r.SetAside(), ROSTER)
    assert game.deal.set_aside == 4
    assert "Luigi sets aside 2 cards (4 now set aside)." in game.log[-1]


def test_an_ability_passes_once_the_table_moves_on():
    game = r.apply(cast(), Play(mau("red", "axe")), ROSTER)  # Igor may set aside …
    game = r.apply(game, Draw())  # … but Mario draws first
    with pytest.raises(RuleError, match="Luigi played red axe, and play has moved on since"):
        r.apply(game, r.SetAside(), ROSTER)


def test_no_human_ability_at_night_and_none_from_a_special_card():
    game = on_turn(attrs_night(cast()), 1)
    game = r.apply(game, Play(mau("green", "axe")), ROSTER)  # Igor's Day symbol, but Night
    with pytest.raises(RuleError, match="It is Night") as err:
        r.apply(game, r.SetAside(), ROSTER)
    assert "identical abilities as Vampires" in str(err.value)
    game = r.apply(on_turn(cast(), 1), Play(CLOCK), ROSTER)
    with pytest.raises(RuleError, match="a Special card triggers no ability"):
        r.apply(game, r.SetAside(), ROSTER)


def test_an_unknown_character_is_not_guessed_for_an_ability():
    game = started(characters=[None, "Dracula", None, None])
    game = r.apply(game, Play(mau("red", "axe")), ROSTER)
    with pytest.raises(RuleError, match="Dracula is not configured"):
        r.apply(game, r.SetAside(), ROSTER)
    with pytest.raises(RuleError, match="Luigi's Character is not set"):
        r.apply(r.apply(started(), Play(mau("red", "axe"))), r.SetAside(), ROSTER)


def test_swap_is_refused_for_an_ability_5_character_and_once_per_card():
    game = on_turn(cast(top=mau("red", "skull")), 0)
    game = r.apply(game, Play(mau("blue", "skull")), ROSTER)  # Sara, the Hermit: ability 5
    with pytest.raises(RuleError, match="Hermit's Human ability is number 5"):
        r.apply(game, r.Swap(1), ROSTER)
    game = on_turn(game, 3)
    game = r.apply(game, Play(mau("blue", "coffin")), ROSTER)  # Giovanni, the Baron: swap
    game = r.apply(game, r.Swap(1), ROSTER)
    assert game.characters == ("Hermit", "Baron", "Countess", "Igor")
    assert game.deal.turn == 3  # "Then immediately take another turn."
    with pytest.raises(RuleError, match="already swapped"):
        r.apply(game, r.Swap(2), ROSTER)
    assert r.ability_problem(game, r.ABILITY_SWAP, ROSTER) is not None


def test_only_the_ender_can_hold_no_cards():
    game = started()
    with pytest.raises(RuleError, match="Luigi holds 0 cards too") as err:
        r.apply(game, EndDeal(0, (0, 0, 2, 4)))
    assert "At the moment you play your last card, the deal ends." in str(err.value)


def test_the_penalty_for_a_special_last_card_is_logged():
    game = r.apply(on_turn(plays(started(), 2, 3), 2), Play(CLOCK))
    game = r.apply(game, r.Penalty(2, "special"))
    assert game.log[-1] == (
        "Mario played a Special card as the last card: draws 2 penalty cards; the deal does not "
        "end."
    )
    assert game.deal is not None


# --- tracked hand sizes, so the app can prompt for "Mau" (issue 14) --------------------------


def tracked(players=("Ann", "Ben", "Cy"), **kw) -> r.Game:
    return started(list(players), track_hands=True, **kw)


def test_hands_are_not_tracked_unless_asked():
    assert started().deal.hands is None
    assert tracked().deal.hands == (8, 8, 8)


def test_plays_draws_and_penalties_move_the_tracked_hands():
    game = tracked()  # Ann deals, Ben starts
    game = r.apply(game, Play(mau("red", "meat")))  # Ben: 7
    game = r.apply(game, Draw())  # Cy: 9
    game = r.apply(game, r.Pass())
    game = r.apply(game, r.SetHand(0, 1))
    game = r.apply(game, r.Penalty(0, "mau"))  # Ann: 2
    game = r.apply(game, r.SetHand(1, 0))
    game = r.apply(game, r.Penalty(1, "maumau"))  # Ben: 2
    assert game.deal.hands == (2, 2, 9)
    game = r.apply(game, r.SetHand(2, 3))
    assert game.deal.hands == (2, 2, 3)
    assert game.log[-1] == "Cy holds 3 cards (the app counted 9)."


def test_set_aside_and_taking_it_move_the_tracked_hands():
    game = tracked(characters=[None, "Igor", None])
    game = r.apply(game, Play(mau("red", "axe")), ROSTER)  # Ben, Igor: 7
    game = r.apply(game, r.SetAside(), ROSTER)  # 1 from his hand: 6
    assert game.deal.hands == (8, 6, 8)
    game = r.apply(game, Play(CLOCK))  # Cy: 7, then takes the 2 set aside
    assert game.deal.hands == (8, 6, 9)


def test_a_special_card_as_the_last_tracked_card_draws_2_penalty_cards():
    game = r.apply(tracked(), r.SetHand(1, 1))
    game = r.apply(game, Play(WEREWOLF, target=2))
    assert game.deal.hands == (8, 2, 8)
    assert game.log[-1] == (
        "Ben played a Special card as the last card: draws 2 penalty cards; the deal does not "
        "end."
    )
    assert game.deal is not None


def test_no_play_from_an_empty_tracked_hand():
    game = r.apply(tracked(), r.SetHand(1, 0))
    with pytest.raises(RuleError, match="Ben holds no cards by the app's count"):
        r.apply(game, Play(mau("red", "meat")))


def test_the_app_prompts_for_mau_and_mau_mau():
    game = r.apply(tracked(), r.SetHand(1, 2))
    after = r.apply(game, Play(mau("red", "meat")))
    assert r.hand_calls(game, after) == (
        'Mau! Ben holds 1 card: did Ben say "Mau"? (m: 1 penalty card)',
    )
    later = r.apply(on_turn(after, 1), Play(mau("red", "nail")))
    assert r.hand_calls(after, later) == (
        'Mau Mau! Ben has played the last card: did Ben say "Mau Mau"? (e: end the deal · m: '
        "2 penalty cards)",
    )
    assert r.hand_calls(started(), r.apply(started(), Draw())) == ()


def test_each_deal_starts_with_full_tracked_hands():
    game = r.apply(tracked(), r.SetHand(1, 0))
    game = r.apply(game, EndDeal(1, (3, 0, 5)))
    assert game.deal.hands == (8, 8, 8) and game.track_hands


# --- drawing: "you may play the card you have just drawn" (issue 51) -----------------------


def test_a_draw_keeps_the_turn_so_the_card_just_drawn_may_be_played():
    game = r.apply(started(), Draw())  # Luigi
    assert game.deal.turn == 1 and game.deal.drawn
    assert game.log[-1] == "Luigi draws 1 card, and may play it if it fits, or pass."
    game = r.apply(game, Play(mau("blue", "tombstone")))
    assert game.deal.top == mau("blue", "tombstone")
    assert game.deal.turn == 2 and not game.deal.drawn  # "Your turn then ends."


def test_the_card_just_drawn_is_played_only_if_it_fits():
    game = r.apply(started(), Draw())
    with pytest.raises(RuleError, match="matches neither the colour nor the symbol"):
        r.apply(game, Play(mau("green", "axe")))
    game = r.apply(game, Play(CLOCK))  # a Special fits "regardless of the card on top"
    assert game.deal.clocks == 1 and game.deal.turn == 2


def test_after_drawing_the_player_may_pass_and_the_turn_ends():
    game = r.apply(r.apply(started(), Draw()), r.Pass())
    assert game.deal.turn == 2 and not game.deal.drawn
    assert game.log[-1] == "Luigi keeps the card drawn; Mario's turn."


def test_one_draw_a_turn_and_no_pass_without_drawing():
    with pytest.raises(RuleError, match="Luigi has not drawn") as err:
        r.apply(started(), r.Pass())
    assert "you must draw 1 card from the draw pile" in str(err.value)
    game = r.apply(started(), Draw())
    with pytest.raises(RuleError, match="Luigi has drawn already this turn"):
        r.apply(game, Draw())
    assert not r.apply(game, r.SetTurn(3)).deal.drawn  # another player's turn: a draw of their own


def test_a_draw_is_counted_in_a_tracked_hand_and_the_card_played_after():
    game = r.apply(tracked(), Draw())  # Ben: 9
    assert game.deal.hands == (8, 9, 8)
    game = r.apply(game, Play(mau("red", "meat")))
    assert game.deal.hands == (8, 8, 8) and game.deal.turn == 2


# --- penalties: "Mau" at 1 card, "Mau Mau" and a Special as the last card at none -----------


def test_no_forgotten_mau_for_a_player_the_count_says_holds_8():
    with pytest.raises(RuleError, match="Ben holds 8 cards by the app's count, not 1 card") as err:
        r.apply(tracked(), r.Penalty(1, "mau"))
    assert "when you have only 1 card left in your hand" in str(err.value)
    game = r.apply(tracked(), r.SetHand(1, 2))
    game = r.apply(game, Play(mau("red", "meat")))  # Ben: 1 card, and no "Mau"
    game = r.apply(game, r.Penalty(1, "mau"))
    assert game.deal.hands == (8, 2, 8) and game.log[-1] == 'Ben forgot "Mau": draws 1 penalty card.'
    with pytest.raises(RuleError, match="Ben holds 2 cards by the app's count, not none"):
        r.apply(game, r.Penalty(1, "maumau"))


def test_untracked_a_penalty_needs_enough_cards_played_to_be_down_to_one():
    with pytest.raises(RuleError, match="Luigi has played 0 cards this deal, so still holds at least 8 of "
                                        "the 8 dealt, not 1 card"):
        r.apply(started(), r.Penalty(1, "mau"))
    # A card played, and at most one more given or set aside by its ability: 3 plays leave 2.
    with pytest.raises(RuleError, match="Luigi has played 3 cards this deal, so still holds at least 2"):
        r.apply(plays(started(), 1, 3), r.Penalty(1, "mau"))
    game = r.apply(plays(started(), 1, 4), r.Penalty(1, "mau"))
    assert game.log[-1] == 'Luigi forgot "Mau": draws 1 penalty card.'
    with pytest.raises(RuleError, match="Mario has played 0 cards"):
        r.apply(game, r.Penalty(2, "maumau"))


def test_the_special_card_penalty_needs_the_special_card_just_played():
    game = plays(started(), 2, 4)
    with pytest.raises(RuleError, match="Mario did not just play a Special card"):
        r.apply(game, r.Penalty(2, "special"))
    # By the count, the 2 penalty cards were drawn with the Special itself: not twice.
    game = r.apply(r.apply(tracked(), r.SetHand(1, 1)), Play(CLOCK))
    with pytest.raises(RuleError, match="Ben holds 2 cards by the app's count"):
        r.apply(game, r.Penalty(1, "special"))


def test_a_deal_saved_before_plays_were_counted_leaves_penalties_unchecked():
    game = attrs.evolve(started(), deal=attrs.evolve(started().deal, played=None))
    assert r.apply(game, r.Penalty(1, "mau")).log[-1].startswith("Luigi forgot")
