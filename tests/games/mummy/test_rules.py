"""Night of the Mummy rules against the seed's numbers, examples and guidelines."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.games.mummy import rules
from grimoire.games.mummy.guests import CATALOGUE, GUESTS, other_set_guest, slug
from grimoire.games.mummy.rules import MasqueradeGame, MasqueradeSetup, RuleError

NAMES = ("Alice", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def game_of(dealt: tuple[str, ...], mystery: tuple[str, ...], **kw: object) -> MasqueradeGame:
    """A game where it is the first player's turn (unless ``turn`` says otherwise)."""
    players = NAMES[: len(dealt)]
    setup = MasqueradeSetup(players, tuple(dealt) + tuple(mystery), tuple(mystery), tuple(dealt))
    return attrs.evolve(MasqueradeGame(setup, turn=0), **kw)


def turn(game: MasqueradeGame, seat: int) -> MasqueradeGame:
    return attrs.evolve(game, turn=seat)


def test_ten_guests_from_the_seed() -> None:
    assert len(GUESTS) == 10
    hiders = {g.id for g in GUESTS if g.hides}
    assert hiders == {"mummy", "sarcophagus", "sasquatch", "anubis", "phantom", "dorian_gray"}
    assert {g.id for g in GUESTS if g.advanced} == {"magic_mirror", "phantom", "dorian_gray"}
    assert {g.id for g in GUESTS if not g.may_request_dance} == {"magic_mirror", "dorian_gray"}
    assert {g.id for g in GUESTS if g.must_accept_dance} == {"archeologist", "sarcophagus"}
    assert CATALOGUE["mummy"].inquiry == "always_no"
    assert CATALOGUE["sarcophagus"].inquiry == "always_yes"


@pytest.mark.parametrize(
    ("players", "guests", "mystery"), [(4, 6, 2), (5, 7, 2), (6, 7, 1), (7, 8, 1), (8, 9, 1)]
)
def test_setup_counts(players: int, guests: int, mystery: int) -> None:
    chosen = rules.random_choice(players, random.Random(players))
    assert len(chosen) == guests
    setup = rules.deal(NAMES[:players], chosen, random.Random(1))
    assert len(setup.mystery) == mystery
    assert len(setup.dealt) == players
    assert sorted(setup.mystery + setup.dealt) == sorted(chosen)


@pytest.mark.parametrize("players", [3, 9])
def test_player_count_outside_4_to_8(players: int) -> None:
    with pytest.raises(RuleError, match="8 players: 9 guests"):
        rules.check_setup(NAMES[:3] if players == 3 else (*NAMES, "Ivy"), ())


@given(st.integers(4, 8), st.integers(0, 2**32), st.booleans())
def test_every_deal_keeps_the_mummy_out_of_the_mystery(players: int, seed: int, learning: bool) -> None:
    rng = random.Random(seed)
    if learning and players >= 7:  # only 7 guests are not advanced
        with pytest.raises(RuleError, match="only 7 are not advanced"):
            rules.random_choice(players, rng, learning=learning)
        return
    chosen = rules.random_choice(players, rng, learning=learning)
    setup = rules.deal(NAMES[:players], chosen, rng, learning=learning)
    assert "mummy" in setup.dealt
    assert "mummy" not in setup.mystery
    assert len(setup.chosen) == players + len(setup.mystery)
    if learning:
        assert not any(CATALOGUE[g].advanced for g in setup.chosen)


def test_many_seeded_deals_of_one_selection() -> None:
    chosen = ("mummy", "gargoyle", "sasquatch", "anubis", "phantom", "sarcophagus")
    for seed in range(1000):
        setup = rules.deal(NAMES[:4], chosen, random.Random(seed))
        assert "mummy" in setup.dealt and "mummy" not in setup.mystery


def test_notm_needs_the_mummy() -> None:
    chosen = ("gargoyle", "sasquatch", "anubis", "phantom", "sarcophagus", "archeologist")
    with pytest.raises(RuleError, match="must include The Mummy"):
        rules.check_setup(NAMES[:4], chosen)


def test_wrong_guest_count() -> None:
    chosen = ("mummy", "gargoyle", "sasquatch", "anubis", "phantom", "sarcophagus", "archeologist")
    with pytest.raises(RuleError, match="4 players need 6 guests, 7 chosen.*4 players: 6 guests"):
        rules.check_setup(NAMES[:4], chosen)


def test_duplicate_and_unknown_guests() -> None:
    with pytest.raises(RuleError, match="only once"):
        rules.check_setup(NAMES[:4], ("mummy",) * 6)
    with pytest.raises(RuleError, match="Unknown guest"):
        rules.check_setup(NAMES[:4], ("mummy", "dracula", "a", "b", "c", "d"))


def test_player_names() -> None:
    with pytest.raises(RuleError, match="share a name"):
        rules.check_players(("Al", "al", "Bo", "Cy"))
    with pytest.raises(RuleError, match="needs a name"):
        rules.check_players(("Al", " ", "Bo", "Cy"))


def test_learning_game_refuses_advanced_guests() -> None:
    chosen = ("mummy", "gargoyle", "sasquatch", "anubis", "phantom", "sarcophagus")
    with pytest.raises(RuleError, match="don't include any Advanced Guests"):
        rules.check_setup(NAMES[:4], chosen, learning=True)
    assert rules.check_setup(NAMES[:4], chosen) == []


def test_guidelines_are_warnings_in_a_notm_game() -> None:
    chosen = ("mummy", "cat_burglar", "gargoyle", "archeologist", "magic_mirror", "sasquatch")
    warnings = rules.check_setup(NAMES[:4], chosen)
    assert any("at least 3 guests who hide" in w for w in warnings)


def _combined(chosen: tuple[str, ...], extra: list[str]) -> dict:
    catalogue = dict(CATALOGUE)
    for name in extra:
        guest = other_set_guest(name, "New Blood", hides_face=name in {"Dracula", "Ghost"})
        catalogue[guest.id] = guest
    return catalogue


def test_combined_archeologist_without_the_mummy() -> None:
    cat = _combined((), ["Dracula", "Ghost", "Zombie"])
    chosen = ("archeologist", "dracula", "ghost", "zombie", "sarcophagus", "gargoyle")
    with pytest.raises(RuleError, match="If playing with The Archeologist, also include The Mummy"):
        rules.check_setup(NAMES[:4], chosen, combined=True, catalogue=cat)


def test_combined_cat_burglar_with_two_hiders() -> None:
    cat = _combined((), ["Dracula", "Zombie", "Witch"])
    chosen = ("cat_burglar", "dracula", "zombie", "witch", "sarcophagus", "gargoyle")
    with pytest.raises(RuleError, match="include at least 3 guests who hide.*has 2"):
        rules.check_setup(NAMES[:4], chosen, combined=True, catalogue=cat)


def test_combined_lone_hider() -> None:
    cat = _combined((), ["Zombie", "Witch", "Trickster"])
    chosen = ("anubis", "zombie", "witch", "trickster", "archeologist", "gargoyle")
    with pytest.raises(RuleError):
        rules.check_setup(NAMES[:4], chosen, combined=True, catalogue=cat)
    chosen = ("anubis", "zombie", "witch", "trickster", "gargoyle", "cat_burglar")
    with pytest.raises(RuleError, match="at least one other guest who hides"):
        rules.check_setup(NAMES[:4], chosen, combined=True, catalogue=cat)


def test_combined_two_mummies() -> None:
    cat = _combined((), ["The Mummy Promo", "Ghost", "Dracula"])
    assert cat["mummy_promo"].is_mummy
    chosen = ("mummy", "mummy_promo", "ghost", "dracula", "sarcophagus", "gargoyle")
    with pytest.raises(RuleError, match="more than one version of The Mummy"):
        rules.check_setup(NAMES[:4], chosen, combined=True, catalogue=cat)


def test_combined_dracula_guidelines() -> None:
    cat = _combined((), ["Van Helsing", "Ghost", "Dracula", "The Bride of Dracula", "Zombie"])
    chosen = ("van_helsing", "ghost", "zombie", "mummy", "sarcophagus", "gargoyle")
    with pytest.raises(RuleError, match="If you include Van Helsing or Alucard, also include Dracula"):
        rules.check_setup(NAMES[:4], chosen, combined=True, catalogue=cat)
    chosen = ("bride_of_dracula", "ghost", "zombie", "mummy", "sarcophagus", "gargoyle")
    with pytest.raises(RuleError, match="If you include The Bride of Dracula, also include Dracula"):
        rules.check_setup(NAMES[:4], chosen, combined=True, catalogue=cat)


def test_combined_without_the_mummy_deals() -> None:
    cat = _combined((), ["Dracula", "Ghost", "Zombie"])
    chosen = ("dracula", "ghost", "zombie", "sarcophagus", "gargoyle", "anubis")
    setup = rules.deal(NAMES[:4], chosen, random.Random(3), combined=True, catalogue=cat)
    assert len(setup.mystery) == 2


def test_other_sets_need_combining() -> None:
    cat = _combined((), ["Dracula"])
    chosen = ("mummy", "dracula", "sasquatch", "anubis", "phantom", "sarcophagus")
    with pytest.raises(RuleError, match="combining sets"):
        rules.check_setup(NAMES[:4], chosen, catalogue=cat)


def test_slug() -> None:
    assert slug("The Bride of Dracula") == "bride_of_dracula"
    assert slug("Dr. Jekyll") == "dr_jekyll"


# --------------------------------------------------------------------------------- inquiries

DEALT5 = ("phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar")
MYST5 = ("gargoyle", "sasquatch")


def test_inquiry_answers() -> None:
    game = game_of(DEALT5, MYST5)
    assert not rules.inquire(game, 0, 1, "mummy").last_inquiry.whisper  # the Mummy: always No
    assert rules.inquire(game, 0, 2, "gargoyle").last_inquiry.whisper  # Sarcophagus: always Yes
    assert rules.inquire(game, 0, 3, "archeologist").last_inquiry.whisper
    assert not rules.inquire(game, 0, 3, "gargoyle").last_inquiry.whisper


def test_inquiry_refusals() -> None:
    game = game_of(DEALT5, MYST5)
    with pytest.raises(RuleError, match="You may not make an inquiry of them"):
        rules.inquire(game, 0, 5, "gargoyle")
    with pytest.raises(RuleError, match="Choose another player"):
        rules.inquire(game, 0, 0, "gargoyle")
    with pytest.raises(RuleError, match="continue to play face-up"):
        rules.inquire(rules.reveal(game, 2), 0, 2, "gargoyle")


# ------------------------------------------------------------------------------------ dances


def test_dance_requests_and_answers() -> None:
    game = game_of(("magic_mirror", "dorian_gray", "sarcophagus", "archeologist"), ("mummy", "gargoyle"))
    with pytest.raises(RuleError, match="The Magic Mirror may not request dances"):
        rules.check_dance_request(game, 0, 2)
    with pytest.raises(RuleError, match="Dorian Gray may not request dances"):
        rules.check_dance_request(turn(game, 1), 1, 2)
    with pytest.raises(RuleError, match="It must accept all dance requests"):
        rules.dance(turn(game, 3), 3, 2, accept=False)
    with pytest.raises(RuleError, match="She must accept all dance requests"):
        rules.dance(turn(game, 2), 2, 3, accept=False)
    with pytest.raises(RuleError, match="A revealed Guest may not ask"):
        rules.check_dance_public(turn(rules.reveal(game, 3), 3), 3, 2)
    with pytest.raises(RuleError, match="accept dance requests"):
        rules.check_dance_public(turn(rules.reveal(game, 2), 3), 3, 2)
    with pytest.raises(RuleError, match="ask them to dance"):
        rules.check_dance_public(turn(game, 3), 3, 4)


def test_refusal_then_inquire() -> None:
    game = game_of(("anubis", "gargoyle", "mummy", "sasquatch"), ("phantom", "sarcophagus"))
    game = rules.reveal(rules.reveal(game, 2), 3)
    refused = rules.dance(game, 0, 1, accept=False)
    assert rules.inquiry_targets(refused, 0) == ()  # "your turn ends immediately"
    assert refused.turn == 1
    with pytest.raises(RuleError, match="must reveal a Mystery Guest"):  # no inquiry for him
        rules.inquire(turn(refused, 0), 0, 1, "gargoyle")
    # Anubis, refused, must reveal a Mystery Guest: his card is face-up first.
    with pytest.raises(RuleError, match="reveals their Guest card first"):
        rules.reveal_mystery(refused, 1)
    shown = rules.reveal_mystery(rules.reveal(refused, 0), 1)
    assert shown.mystery_revealed == {1}
    with pytest.raises(RuleError, match="Statue of Anubis has a dance request rejected"):
        rules.reveal_mystery(game, 0)


def test_faces_in_a_dance() -> None:
    game = game_of(("sasquatch", "mummy", "gargoyle", "anubis", "magic_mirror"), ("phantom", "cat_burglar"))
    assert not rules.shows_face(game, 1, (2, 1))  # the Mummy hides
    assert rules.shows_face(game, 0, (0, 1))  # Sasquatch dances with his neighbour
    assert not rules.shows_face(game, 0, (0, 2))
    assert rules.shows_face(game, 3, (4, 3))  # the Mirror unmasks
    assert rules.shows_face(game, 2, (2, 3))


def test_dorian_swap() -> None:
    game = game_of(("dorian_gray", "mummy", "gargoyle", "anubis"), ("phantom", "sasquatch"))
    with pytest.raises(RuleError, match="While dancing"):
        rules.dorian_swap(game, 0, 1)
    danced = rules.dance(turn(game, 1), 1, 0, accept=True)
    swapped = rules.dorian_swap(danced, 0, 1)
    assert swapped.setup.dealt[0] == "sasquatch"
    assert swapped.setup.mystery == ("phantom", "dorian_gray")
    with pytest.raises(RuleError, match="Only the Picture of Dorian Gray"):
        rules.dorian_swap(danced, 1, 0)


# ------------------------------------------------------------------------------- accusations

PHANTOM_GAME = ("phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar")


def test_seed_phantom_example_correct() -> None:
    # "She leaves the Gargoyle and the Sasquatch's Accusation cards in the center (as well as her own)"
    game = game_of(PHANTOM_GAME, ("gargoyle", "sasquatch"))
    cards = {1: "mummy", 2: "sarcophagus", 3: "archeologist", 4: "cat_burglar"}
    after, result = rules.accuse(game, 0, cards, random.Random(0))
    assert result.whispers == (True,) * 4
    assert result.won and after.winner == 0
    assert 0 in after.revealed


def test_seed_phantom_example_one_wrong() -> None:
    game = game_of(PHANTOM_GAME, ("gargoyle", "sasquatch"))
    cards = {1: "mummy", 2: "gargoyle", 3: "archeologist", 4: "cat_burglar"}
    after, result = rules.accuse(game, 0, cards, random.Random(0))
    assert sorted(result.whispers) == [False, True, True, True]
    assert not result.won and after.winner is None
    # The cards placed are face-up for all to see; the whispers, shuffled, name no seat.
    assert set(attrs.asdict(result)) == {"accuser", "whispers", "won", "placed", "ended_turn"}  # no seat->answer map
    assert result.placed == tuple(sorted(cards.items()))


def test_shuffle_hides_who_said_no() -> None:
    game = game_of(PHANTOM_GAME, ("gargoyle", "sasquatch"))
    cards = {1: "mummy", 2: "gargoyle", 3: "archeologist", 4: "cat_burglar"}
    positions = {rules.accuse(game, 0, cards, random.Random(s))[1].whispers.index(False) for s in range(40)}
    assert len(positions) > 1


def test_whisper_count_is_unrevealed_others() -> None:
    game = rules.reveal(game_of(PHANTOM_GAME, ("gargoyle", "sasquatch")), 2)
    cards = {1: "mummy", 3: "archeologist", 4: "cat_burglar"}
    _, result = rules.accuse(game, 0, cards, random.Random(0))
    assert len(result.whispers) == 3
    with pytest.raises(RuleError, match="in front of each player who has not yet been revealed"):
        rules.accuse(game, 0, {1: "mummy", 3: "archeologist"}, random.Random(0))
    with pytest.raises(RuleError, match="in front of each player who has not yet been revealed"):
        rules.accuse(game, 0, {**cards, 2: "gargoyle"}, random.Random(0))


def test_accusation_card_refusals() -> None:
    game = game_of(PHANTOM_GAME, ("gargoyle", "sasquatch"))
    with pytest.raises(RuleError, match="placed twice"):
        rules.accuse(game, 0, {1: "mummy", 2: "mummy", 3: "archeologist", 4: "cat_burglar"}, random.Random(0))
    with pytest.raises(RuleError, match="reveal your Guest card"):
        rules.accuse(game, 0, {1: "mummy", 2: "phantom", 3: "archeologist", 4: "cat_burglar"}, random.Random(0))


def test_archeologist_first_accusation() -> None:
    game = game_of(("archeologist", "gargoyle", "mummy", "sasquatch"), ("phantom", "sarcophagus"))
    full = {1: "gargoyle", 2: "mummy", 3: "sasquatch"}
    with pytest.raises(RuleError, match="only uses The Mummy's Accusation card"):
        rules.accuse(game, 0, full, random.Random(0))
    after, result = rules.accuse(game, 0, {2: "mummy"}, random.Random(0))
    assert result.whispers == (True,) and result.won
    after, result = rules.accuse(game, 0, {1: "mummy"}, random.Random(0))
    assert result.whispers == (False,) and after.archeologist_accused
    assert after.turn == 1  # a wrong accusation ends her turn
    _, second = rules.accuse(turn(after, 0), 0, full, random.Random(0))
    assert second.won


def test_phantom_single_target() -> None:
    game = game_of(PHANTOM_GAME, ("gargoyle", "sasquatch"))
    asked = rules.inquire(turn(game, 3), 3, 0, "gargoyle")
    with pytest.raises(RuleError, match="accusing only the player who made the inquiry"):
        rules.accuse(asked, 0, {1: "mummy"}, random.Random(0), ability="phantom")
    after, result = rules.accuse(asked, 0, {3: "archeologist"}, random.Random(0), ability="phantom")
    assert result.won
    with pytest.raises(RuleError, match="Only right after she whispered No"):
        rules.accuse(game, 0, {3: "archeologist"}, random.Random(0), ability="phantom")
    with pytest.raises(RuleError, match="cannot be used once the Guest is revealed"):
        rules.accuse(rules.reveal(asked, 0), 0, {3: "archeologist"}, random.Random(0), ability="phantom")


def test_cat_burglar_single_target() -> None:
    game = game_of(("cat_burglar", "mummy", "gargoyle", "sasquatch"), ("phantom", "sarcophagus"))
    danced = rules.dance(game, 0, 1, accept=True)
    _, result = rules.accuse(danced, 0, {1: "mummy"}, random.Random(0), ability="cat_burglar")
    assert result.won
    with pytest.raises(RuleError, match="did not hide their face"):
        rules.accuse(rules.dance(game, 0, 2, accept=True), 0, {2: "gargoyle"}, random.Random(0), ability="cat_burglar")
    assert danced.turn == 1  # her ability answers a dance: it is out of turn
    with pytest.raises(RuleError, match="accusing only that player"):
        rules.accuse(danced, 0, {1: "mummy", 2: "gargoyle"}, random.Random(0), ability="cat_burglar")


def test_a_reveal_to_accusation_is_checked_before_the_card_is_shown() -> None:
    game = game_of(PHANTOM_GAME, ("gargoyle", "sasquatch"))
    asked = rules.inquire(turn(game, 3), 3, 0, "gargoyle")  # the Phantom whispers No to Dan
    assert rules.reveal_to_abilities(asked, 0) == ("phantom",)
    assert rules.reveal_to_targets(asked, 0, "phantom") == (3,)
    with pytest.raises(RuleError, match="only a “reveal to” ability accuses"):
        rules.reveal_to_abilities(rules.inquire(turn(game, 3), 3, 1, "gargoyle"), 1)  # Bob, the Mummy
    with pytest.raises(RuleError, match="Only right after she whispered No"):
        rules.reveal_to_abilities(rules.inquire(turn(game, 3), 3, 0, "phantom"), 0)  # she whispered Yes
    with pytest.raises(RuleError, match="cannot be used once the Guest is revealed"):
        rules.reveal_to_abilities(rules.reveal(asked, 0), 0)
    danced = rules.dance(turn(game, 4), 4, 1, accept=True)  # Eve, the Cat Burglar, and the Mummy
    assert rules.reveal_to_abilities(danced, 4) == ("cat_burglar",)
    assert rules.reveal_to_targets(danced, 4, "cat_burglar") == (1,)
    with pytest.raises(RuleError, match="Dan did not hide their face"):  # the Archeologist shows hers
        rules.reveal_to_abilities(rules.dance(turn(game, 4), 4, 3, accept=True), 4)


def test_no_actions_after_a_win() -> None:
    game = game_of(PHANTOM_GAME, ("gargoyle", "sasquatch"))
    cards = {1: "mummy", 2: "sarcophagus", 3: "archeologist", 4: "cat_burglar"}
    after, _ = rules.accuse(game, 0, cards, random.Random(0))
    with pytest.raises(RuleError, match="the game is over"):
        rules.inquire(after, 1, 2, "mummy")


# ------------------------------------------------------------------- turns (play continues clockwise)


def test_only_the_player_whose_turn_it_is_acts() -> None:
    game = game_of(PHANTOM_GAME, ("gargoyle", "sasquatch"))
    with pytest.raises(RuleError, match="It is Alice's turn"):
        rules.inquire(game, 1, 2, "mummy")
    with pytest.raises(RuleError, match="It is Alice's turn"):
        rules.check_dance_public(game, 2, 3)
    with pytest.raises(RuleError, match="It is Alice's turn"):
        rules.accuse(game, 1, {0: "phantom", 2: "sarcophagus", 3: "archeologist", 4: "cat_burglar"}, random.Random(0))
    after = rules.inquire(game, 0, 1, "mummy")
    assert after.turn == 1
    assert rules.dance(after, 1, 2, accept=True).turn == 2
    with pytest.raises(RuleError, match="Choose who goes first"):
        rules.inquire(attrs.evolve(game, turn=None), 0, 1, "mummy")
    assert rules.first_player(attrs.evolve(game, turn=None), 3).turn == 3


def test_after_a_refusal_only_an_inquiry_of_someone_else() -> None:
    game = game_of(("archeologist", "gargoyle", "mummy", "sasquatch"), ("phantom", "sarcophagus"))
    refused = rules.dance(game, 0, 1, accept=False)
    assert refused.turn == 0 and refused.must_inquire
    with pytest.raises(RuleError, match="not a dance request"):
        rules.check_dance_public(refused, 0, 2)
    with pytest.raises(RuleError, match="not a dance request"):
        rules.accuse(refused, 0, {1: "mummy"}, random.Random(0))
    assert rules.inquire(refused, 0, 2, "mummy").turn == 1


def test_a_wrong_accusation_ends_the_turn_a_reveal_to_one_does_not() -> None:
    game = game_of(PHANTOM_GAME, ("gargoyle", "sasquatch"))
    asked = rules.inquire(turn(game, 3), 3, 0, "gargoyle")  # Dan asks the Phantom; Eve is next
    after, result = rules.accuse(asked, 0, {3: "mummy"}, random.Random(0), ability="phantom")
    assert not result.won and after.turn == 4  # out of turn: Eve still plays next
    cards = {1: "mummy", 2: "gargoyle", 3: "archeologist", 4: "cat_burglar"}
    after, result = rules.accuse(game, 0, cards, random.Random(0))
    assert not result.won and after.turn == 1


def test_the_statue_of_anubis_reveals_then_accuses_out_of_turn() -> None:
    game = game_of(("anubis", "gargoyle", "mummy", "sasquatch"), ("phantom", "sarcophagus"))
    game = rules.reveal(rules.reveal(game, 2), 3)
    refused = rules.dance(game, 0, 1, accept=False)  # nobody left to inquire of: the turn ends
    assert refused.turn == 1
    with pytest.raises(RuleError, match="reveals their Guest card first"):
        rules.check_anubis(refused)
    shown = rules.reveal_mystery(rules.reveal(refused, 0), 0)
    assert shown.anubis_accuses == 0
    with pytest.raises(RuleError, match="One Mystery Guest"):
        rules.reveal_mystery(shown, 1)
    after, _ = rules.accuse(shown, 0, {1: "gargoyle"}, random.Random(0))
    assert after.winner == 0


def test_only_the_statue_of_anubis_reveals_a_mystery_guest() -> None:
    game = game_of(("gargoyle", "anubis", "mummy", "sasquatch"), ("phantom", "sarcophagus"))
    refused = rules.reveal(rules.dance(game, 0, 1, accept=False), 0)
    with pytest.raises(RuleError, match="Only the Statue of Anubis"):
        rules.reveal_mystery(refused, 0)


def test_the_statue_of_anubis_is_asked_before_his_card_is_shown() -> None:
    game = game_of(("gargoyle", "anubis", "mummy", "sasquatch"), ("phantom", "sarcophagus"))
    with pytest.raises(RuleError, match="Only the Statue of Anubis"):  # Alice, the Gargoyle, face-down
        rules.check_anubis_card(rules.dance(game, 0, 1, accept=False))
    assert rules.check_anubis_card(rules.dance(turn(game, 1), 1, 2, accept=False)) == 1
    with pytest.raises(RuleError, match="Only after a rejected dance request"):
        rules.check_anubis_card(turn(game, 1))


# --------------------------------------------------------------- the dance: faces and abilities


def test_dorian_gray_who_swapped_showed_the_picture() -> None:
    game = game_of(("mummy", "dorian_gray", "sarcophagus", "gargoyle"), ("magic_mirror", "sasquatch"))
    danced = rules.dance(game, 0, 1, accept=True)
    assert rules.dance_faces(danced) == ((0, None), (1, None))
    swapped = rules.dorian_swap(danced, 1, 0)
    assert swapped.guest(1).id == "magic_mirror"
    # Both dancers saw the Picture of Dorian Gray; never the card he took.
    assert rules.dance_faces(swapped) == ((0, None), (1, "dorian_gray"))


def test_cat_burglar_cannot_accuse_dorian_gray_who_showed_his_face() -> None:
    game = game_of(("cat_burglar", "dorian_gray", "sarcophagus", "gargoyle"), ("mummy", "anubis"))
    danced = rules.dance(game, 0, 1, accept=True)
    swapped = rules.dorian_swap(danced, 1, 1)  # he is now the Statue of Anubis, a hider
    with pytest.raises(RuleError, match="did not hide their face"):
        rules.accuse(swapped, 0, {1: "anubis"}, random.Random(0), ability="cat_burglar")


SASQ = ("mummy", "archeologist", "cat_burglar", "sasquatch", "gargoyle")  # Dan is the Sasquatch


def test_the_gargoyle_joins_and_his_neighbour_sasquatch_shows_his_face() -> None:
    game = game_of(SASQ, ("sarcophagus", "anubis"))
    danced = rules.dance(game, 0, 3, accept=True)  # Alice is not Dan's neighbour
    assert dict(rules.dance_faces(danced))[3] is None
    joined = rules.gargoyle_join(danced, 4)  # Eve, the Gargoyle, sits next to Dan
    assert joined.last_dance is not None and joined.last_dance.dancers == (0, 3, 4)
    faces = dict(rules.dance_faces(joined))
    assert faces[3] == "sasquatch" and faces[4] == "gargoyle"
    with pytest.raises(RuleError, match="Only the Gargoyle"):
        rules.gargoyle_join(danced, 1)
    with pytest.raises(RuleError, match="Already in this dance"):
        rules.gargoyle_join(joined, 4)
    with pytest.raises(RuleError, match="No dance to join"):
        rules.gargoyle_join(game, 4)
    with pytest.raises(RuleError, match="cannot be used once the Guest is revealed"):
        rules.gargoyle_join(rules.reveal(danced, 4), 4)


def test_the_sasquatch_looks_at_a_mystery_guest_only_showing_his_face() -> None:
    game = game_of(SASQ, ("sarcophagus", "anubis"))
    hidden = rules.dance(game, 0, 3, accept=True)
    with pytest.raises(RuleError, match="hides his face in this dance"):
        rules.sasquatch_look(hidden, 3, 0)
    shown = rules.gargoyle_join(hidden, 4)
    after, guest_id = rules.sasquatch_look(shown, 3, 1)
    assert guest_id == "anubis"
    with pytest.raises(RuleError, match="has looked at a Mystery Guest in this dance"):
        rules.sasquatch_look(after, 3, 0)
    with pytest.raises(RuleError, match="Only the Sasquatch"):
        rules.sasquatch_look(shown, 0, 0)
    with pytest.raises(RuleError, match="Not dancing now"):
        rules.sasquatch_look(game, 3, 0)


def test_a_revealed_guest_keeps_their_accusation_card() -> None:
    game = rules.reveal(game_of(PHANTOM_GAME, ("gargoyle", "sasquatch")), 2)  # Cat: the Sarcophagus
    cards = {1: "sarcophagus", 3: "archeologist", 4: "cat_burglar"}
    with pytest.raises(RuleError, match="The Sarcophagus stays in front of Cat, who is revealed"):
        rules.accuse(game, 0, cards, random.Random(0))


# ------------------------------------------------ issue 45: Anubis's "must", the Cat Burglar's window


def test_the_refused_statue_of_anubis_must_reveal_a_mystery_guest_and_accuse() -> None:
    game = game_of(("anubis", "gargoyle", "mummy", "sasquatch"), ("phantom", "sarcophagus"))
    refused = rules.dance(game, 0, 1, accept=False)
    assert refused.anubis_owes == 0 and refused.turn == 0
    with pytest.raises(RuleError, match="must reveal a Mystery Guest"):
        rules.inquire(refused, 0, 2, "mummy")  # no inquiry instead
    with pytest.raises(RuleError, match="A Mystery Guest first"):
        rules.accuse(rules.reveal(refused, 0), 0, {1: "gargoyle", 2: "mummy", 3: "sasquatch"}, random.Random(0))
    shown = rules.reveal_mystery(rules.reveal(refused, 0), 1)
    after, result = rules.accuse(shown, 0, {1: "gargoyle", 2: "mummy", 3: "sasquatch"}, random.Random(0))
    assert result.won and after.anubis_owes is None


def test_nobody_plays_on_while_the_statue_of_anubis_owes_his_accusation() -> None:
    game = game_of(("anubis", "gargoyle", "mummy", "sasquatch"), ("phantom", "sarcophagus"))
    game = rules.reveal(rules.reveal(game, 2), 3)
    refused = rules.dance(game, 0, 1, accept=False)  # nobody to inquire of: Bob's turn
    assert refused.turn == 1 and refused.anubis_owes == 0
    with pytest.raises(RuleError, match="Alice first"):
        rules.inquire(refused, 1, 0, "mummy")
    with pytest.raises(RuleError, match="Alice first"):
        rules.check_dance_public(refused, 1, 0)
    a_refusal_to_someone_else = rules.dance(turn(game_of(("gargoyle", "anubis", "mummy", "sasquatch"),
                                                         ("phantom", "sarcophagus")), 0), 0, 1, accept=False)
    assert a_refusal_to_someone_else.anubis_owes is None


def test_the_cat_burglars_window_closes_with_the_next_turn() -> None:
    game = game_of(("cat_burglar", "mummy", "gargoyle", "sasquatch"), ("phantom", "sarcophagus"))
    danced = rules.dance(game, 0, 1, accept=True)  # Bob plays next
    assert rules.reveal_to_abilities(danced, 0) == ("cat_burglar",)
    later = rules.inquire(danced, 1, 2, "mummy")  # Bob's turn is under way
    with pytest.raises(RuleError, match="Only the player she just danced with"):
        rules.reveal_to_abilities(later, 0)
    with pytest.raises(RuleError, match="Only the player she just danced with"):
        rules.accuse(later, 0, {1: "mummy"}, random.Random(0), ability="cat_burglar")


def test_dorian_gray_who_took_the_cat_burglar_danced_as_the_picture() -> None:
    game = game_of(("mummy", "dorian_gray", "sarcophagus", "gargoyle"), ("cat_burglar", "sasquatch"))
    danced = rules.dance(game, 0, 1, accept=True)  # the Mummy hides her face all dance long
    swapped = rules.dorian_swap(danced, 1, 0)
    assert swapped.guest(1).id == "cat_burglar"
    with pytest.raises(RuleError, match="danced as the Picture of Dorian Gray"):
        rules.reveal_to_abilities(swapped, 1)
