"""Setup rules (docs/rules/phantom.md, "Setup", A21)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.core.script import load_script, parse_script
from grimoire.core.setup import (
    Bag,
    Counts,
    SetupError,
    base_counts,
    check_setup,
    demon_bluffs,
    modifier_of,
    random_bag,
    required_counts,
    setup_problems,
)

ROOT = Path(__file__).resolve().parents[2]
PHANTOM = load_script("phantom")
HARBOUR = load_script(ROOT / "examples" / "scripts" / "harbour_lights.json")

# The standard table, written out again here so a changed count in setup.py goes red.
TABLE = {
    5: (3, 0, 1, 1), 6: (3, 1, 1, 1), 7: (5, 0, 1, 1), 8: (5, 1, 1, 1), 9: (5, 2, 1, 1),
    10: (7, 0, 2, 1), 11: (7, 1, 2, 1), 12: (7, 2, 2, 1),
    13: (9, 0, 3, 1), 14: (9, 1, 3, 1), 15: (9, 2, 3, 1),
}  # fmt: skip

TF = ["christine_daae", "auctioneer", "sorelli", "meg", "madame_giry", "persian", "monsieur_reyer",
      "stage_designer", "ubaldo_piangi", "raoul_de_chagny", "usher"]  # fmt: skip  (no setup change)
OS = ["primadonna", "phantoms_favourite", "claque", "doomed"]
MN = ["trapdoor_keeper", "mirror_keeper", "chandelier_rigger", "cloak_bearer"]


def pick(tf: int, os: int, mn: int, *extra: str) -> list[str]:
    return TF[:tf] + OS[:os] + MN[:mn] + ["phantom", *extra]


# --- the table ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", sorted(TABLE))
def test_standard_table(players):
    counts = base_counts(players)
    assert counts == Counts(*TABLE[players])
    assert sum(counts.as_tuple()) == players


@pytest.mark.parametrize("players", [0, 4, 16, 20, -1])
def test_outside_the_table(players):
    with pytest.raises(ValueError, match=rf"a game needs 5 to 15 players \(Travellers not counted\), not {players}$"):
        base_counts(players)


def test_counts_read_as_in_the_rules():
    assert str(Counts(5, 0, 1, 1)) == "5, 0, 1, 1"
    assert Counts(5, 0, 1, 1).describe() == "5 Townsfolk, 0 Outsiders, 1 Minion, 1 Demon"
    assert Counts(9, 1, 3, 1).describe() == "9 Townsfolk, 1 Outsider, 3 Minions, 1 Demon"


# --- modifiers ---------------------------------------------------------------------------------


def test_the_phantom_script_brackets_are_read():
    mifroid = modifier_of(PHANTOM.character("inspector_mifroid"))
    assert mifroid and mifroid.text == "[+1 Outsider]" and mifroid.options[0].outsiders == 1
    managers = modifier_of(PHANTOM.character("managers"))
    assert managers and managers.is_choice
    option_a, option_b = managers.options
    assert (option_a.outsiders, option_a.evil_townsfolk) == (0, 0)
    assert (option_b.outsiders, option_b.evil_townsfolk) == (-1, 1)
    others = [c.id for c in PHANTOM.characters if modifier_of(c)]
    assert others == ["inspector_mifroid", "managers"]


@pytest.mark.parametrize(
    ("ability", "setup", "expected"),
    [
        ("Does a thing. [+2 Outsiders]", True, [(2, 0, 0)]),
        ("Does a thing. [-1 or +1 Outsider]", True, [(-1, 0, 0), (1, 0, 0)]),
        ("Does a thing. [+1 Minion]", True, [(0, 1, 0)]),
        ("Does a thing. [+1 Outsider]", False, None),  # no setup flag: not a setup change
        ("Does a thing. [+the Drunk]", True, None),  # not generic: the ST checks it
        ("Does a thing. [You neighbour the Demon]", True, None),
    ],
)
def test_generic_brackets(ability, setup, expected):
    script = parse_script(
        [{"id": "x", "name": "X", "team": "minion", "ability": ability, "setup": setup}], source="t.json"
    )
    mod = modifier_of(script.character("x"))
    got = None if mod is None else [(o.outsiders, o.minions, o.demons) for o in mod.options]
    assert got == expected


@pytest.mark.parametrize("players", sorted(TABLE))
def test_mifroid_adds_an_outsider(players):
    base = base_counts(players)
    assert required_counts(PHANTOM, players, ["inspector_mifroid"]) == Counts(
        base.townsfolk - 1, base.outsiders + 1, base.minions, base.demons
    )


@pytest.mark.parametrize("players", sorted(TABLE))
def test_managers_option_a_changes_nothing(players):
    assert required_counts(PHANTOM, players, ["managers"]) == base_counts(players)


@pytest.mark.parametrize("players", [p for p in TABLE if TABLE[p][1] > 0])
def test_managers_option_b_trades_an_outsider_for_an_evil_townsfolk(players):
    base = base_counts(players)
    assert required_counts(PHANTOM, players, ["managers"], managers_option_b=True) == Counts(
        base.townsfolk + 1, base.outsiders - 1, base.minions, base.demons
    )


@pytest.mark.parametrize("players", [5, 7, 10, 13])
def test_managers_option_b_refused_below_zero_outsiders(players):
    with pytest.raises(SetupError, match=r"^Managers option B would take Outsiders below 0: "
                       rf"{players} players need \d+ Townsfolk, 0 Outsiders, .* before it; take option A$"):
        required_counts(PHANTOM, players, ["managers"], managers_option_b=True)


def test_option_b_may_remove_mifroids_outsider():
    # Mifroid's change comes first, so at 7 players B takes away the Outsider it added.
    assert required_counts(PHANTOM, 7, ["managers", "inspector_mifroid"], True) == Counts(5, 0, 1, 1)
    assert setup_problems(PHANTOM, pick(3, 0, 1, "managers", "inspector_mifroid"), managers_option_b=True) == []


def test_option_b_without_the_managers():
    problems = setup_problems(PHANTOM, pick(3, 1, 1), managers_option_b=True)
    assert problems == ["Managers option B was chosen without Managers in play"]


# --- setup_problems ----------------------------------------------------------------------------


def test_legal_sets_have_no_problems():
    assert setup_problems(PHANTOM, pick(5, 0, 1)) == []
    assert setup_problems(PHANTOM, pick(3, 1, 1, "inspector_mifroid")) == []
    assert setup_problems(PHANTOM, pick(7, 3, 3, "inspector_mifroid"), travellers=5) == []
    check_setup(PHANTOM, pick(3, 0, 1))


def test_the_message_of_the_rules():
    # Issue 2: the wording of a wrong count.
    chosen = pick(4, 0, 1, "inspector_mifroid")
    assert setup_problems(PHANTOM, chosen) == [
        "7 players need 5 Townsfolk, 0 Outsiders, 1 Minion, 1 Demon; "
        "with Inspector Mifroid: 4, 1, 1, 1; you chose 5, 0, 1, 1"
    ]


def test_both_modifiers_are_listed():
    chosen = pick(4, 0, 1, "inspector_mifroid", "managers")
    assert setup_problems(PHANTOM, chosen, managers_option_b=True) == [
        "8 players need 5 Townsfolk, 1 Outsider, 1 Minion, 1 Demon; with Inspector Mifroid: "
        "4, 2, 1, 1; with Managers option B: 5, 1, 1, 1; you chose 6, 0, 1, 1"
    ]


def test_duplicates_and_strangers():
    problems = setup_problems(PHANTOM, ["meg", "meg", "nobody", *pick(3, 0, 1)])
    assert "Meg is chosen 2 times; a character is in play at most once" in problems
    assert "'nobody' is not a character on MASQUERADE — The Phantom of the Opera" in problems


def test_loric_is_no_players_character():
    problems = setup_problems(PHANTOM, pick(5, 0, 1)[:-2] + ["monkey_music_box", "trapdoor_keeper", "phantom"])
    assert "Monkey Music Box is Loric, not a player's character" in problems


def test_travellers_and_fabled_are_no_players_characters():
    script = parse_script(
        [
            {"id": "a", "name": "A", "team": "townsfolk", "ability": "."},
            {"id": "b", "name": "B", "team": "townsfolk", "ability": "."},
            {"id": "c", "name": "C", "team": "townsfolk", "ability": "."},
            {"id": "m", "name": "M", "team": "minion", "ability": "."},
            {"id": "d", "name": "D", "team": "demon", "ability": "."},
            {"id": "t", "name": "Pilgrim", "team": "traveller", "ability": "."},
            {"id": "f", "name": "Oracle", "team": "fabled", "ability": "."},
        ],
        source="t.json",
    )
    assert setup_problems(script, ["a", "b", "c", "m", "d"]) == []
    problems = setup_problems(script, ["a", "b", "t", "m", "d", "f"])
    assert "Pilgrim is Traveller, not a player's character (Travellers are counted apart, not among the player characters)" in problems
    assert "Oracle is Fabled, not a player's character" in problems


def test_player_count_and_seats():
    assert setup_problems(PHANTOM, pick(2, 0, 1)) == [
        "a game needs 5 to 15 players (Travellers not counted); you chose 4 characters"
    ]
    problems = setup_problems(PHANTOM, pick(9, 2, 3), travellers=6)
    assert problems == [
        "a game has 0 to 5 Travellers, not 6",
        "15 players and 6 Travellers make 21 seats; a game has at most 20",
    ]


def test_outsider_demand_above_what_the_script_has():
    # Harbour Lights has one Outsider; its Wrecker is [+1 Outsider].
    chosen = ["tidewatcher", "ferryman", "beachcomber", "stowaway", "wrecker", "maelstrom"]
    assert setup_problems(HARBOUR, chosen)[-1] == "6 players with Wrecker need 2 Outsiders, but Harbour Lights has only 1"


def test_check_setup_joins_the_messages():
    with pytest.raises(SetupError) as info:
        check_setup(PHANTOM, ["meg", "meg", *pick(3, 0, 1)], travellers=6)
    assert str(info.value).splitlines() == setup_problems(PHANTOM, ["meg", "meg", *pick(3, 0, 1)], travellers=6)
    assert isinstance(info.value, ValueError)


# --- random bag --------------------------------------------------------------------------------


@given(players=st.integers(5, 15), seed=st.integers(), option=st.sampled_from([None, False, True]))
def test_random_bag_is_always_legal(players, seed, option):
    bag = random_bag(PHANTOM, players, seed=seed, managers_option_b=option)
    assert isinstance(bag, Bag) and len(bag.characters) == players
    assert setup_problems(PHANTOM, bag.characters, managers_option_b=bag.managers_option_b) == []
    if option is not None:
        assert bag.managers_option_b is option
    if bag.managers_option_b:
        assert "managers" in bag.characters


def test_random_bag_is_seeded():
    assert random_bag(PHANTOM, 9, seed=42) == random_bag(PHANTOM, 9, seed=42)
    assert len({random_bag(PHANTOM, 9, seed=s).characters for s in range(20)}) > 10
    assert len(random_bag(PHANTOM, 9).characters) == 9  # no seed: still a bag


def test_random_bag_uses_the_modifiers():
    bags = [random_bag(PHANTOM, 7, seed=s) for s in range(300)]
    assert any("inspector_mifroid" in b.characters for b in bags)
    assert any(b.managers_option_b for b in bags)
    assert any("managers" in b.characters and not b.managers_option_b for b in bags)


def test_random_bag_on_another_script():
    bag = random_bag(HARBOUR, 5, seed=1)
    assert setup_problems(HARBOUR, bag.characters) == []
    assert "stowaway" in bag.characters  # the Wrecker, the only Minion, always adds him
    with pytest.raises(SetupError, match=r"no legal set of 6 characters found on Harbour Lights: "):
        random_bag(HARBOUR, 6, seed=1)


def test_random_bag_outside_the_table():
    with pytest.raises(ValueError, match="5 to 15 players"):
        random_bag(PHANTOM, 16)


# --- demon bluffs ------------------------------------------------------------------------------


@given(players=st.integers(5, 15), seed=st.integers())
def test_bluffs_are_three_good_characters_not_in_play(players, seed):
    bag = random_bag(PHANTOM, players, seed=seed)
    bluffs = demon_bluffs(PHANTOM, bag.characters, seed=seed)
    assert len(set(bluffs)) == 3
    assert not set(bluffs) & set(bag.characters)
    assert all(PHANTOM.team_of(b).is_good for b in bluffs)


def test_the_evil_townsfolk_is_never_a_bluff():
    in_play = pick(5, 0, 1, "managers")
    for seed in range(100):
        assert "managers" not in demon_bluffs(PHANTOM, in_play, seed=seed)


def test_bluffs_are_seeded_and_can_run_out():
    assert demon_bluffs(PHANTOM, TF, seed=3) == demon_bluffs(PHANTOM, TF, seed=3)
    good = [c.id for c in PHANTOM.characters if c.team.is_good]
    with pytest.raises(SetupError, match="only 2 good characters .* not in play; the Demon needs 3 bluffs"):
        demon_bluffs(PHANTOM, good[2:])
