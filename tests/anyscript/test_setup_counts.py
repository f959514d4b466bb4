"""Setup counts and modifiers for any script: the standard table and the bracketed changes
of characters with ``setup: true`` (no scenario, no script file)."""

from __future__ import annotations

import attrs
import pytest

from grimoire.core.script import Character, Script, Team
from grimoire.core.setup import (
    Counts,
    base_counts,
    modifier_of,
    required_counts,
    setup_notes,
    setup_problems,
    unchecked_setup,
)

STANDARD = {
    5: (3, 0, 1, 1), 6: (3, 1, 1, 1), 7: (5, 0, 1, 1), 8: (5, 1, 1, 1), 9: (5, 2, 1, 1),
    10: (7, 0, 2, 1), 11: (7, 1, 2, 1), 12: (7, 2, 2, 1), 13: (9, 0, 3, 1), 14: (9, 1, 3, 1),
    15: (9, 2, 3, 1),
}


def char(cid: str, team: Team, ability: str = "Something.", setup: bool = False) -> Character:
    return Character(cid, cid.capitalize(), team, ability, setup=setup)


BARON = char("baron", Team.MINION, "There are extra Outsiders in play. [+2 Outsiders]", setup=True)
SHRINKER = char("shrinker", Team.MINION, "Fewer good players. [-1 Townsfolk]", setup=True)
SENTINEL = char("sentinel", Team.TOWNSFOLK, "There might be 1 extra or 1 fewer Outsider. [+1 or -1 Outsider]", setup=True)
ODDITY = char("oddity", Team.DEMON, "Strange things. [Most players are Oddity]", setup=True)


def script(*extra: Character) -> Script:
    chars = [char(f"t{i}", Team.TOWNSFOLK) for i in range(9)]
    chars += [char(f"o{i}", Team.OUTSIDER) for i in range(3)]
    chars += [char(f"m{i}", Team.MINION) for i in range(3)]
    chars += [char("d0", Team.DEMON), *extra]
    return Script("test", "Test", "", tuple(chars), (), ())


@pytest.mark.parametrize("players", sorted(STANDARD))
def test_the_standard_counts(players: int) -> None:
    assert base_counts(players).as_tuple() == STANDARD[players]


@pytest.mark.parametrize("players", [4, 16])
def test_outside_five_to_fifteen_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="5 to 15 players"):
        base_counts(players)


def test_plus_two_outsiders() -> None:
    sc = script(BARON)
    assert required_counts(sc, 7, ["baron"]) == Counts(3, 2, 1, 1)


def test_plus_one_or_minus_one_outsider_is_the_storytellers_choice() -> None:
    mod = modifier_of(SENTINEL)
    assert mod is not None and mod.is_choice
    assert [o.outsiders for o in mod.options] == [1, -1]
    sc = script(SENTINEL)
    assert required_counts(sc, 8, ["sentinel"]) == Counts(4, 2, 1, 1)
    assert required_counts(sc, 8, ["sentinel"], True) == Counts(6, 0, 1, 1)


def test_a_bracket_that_cannot_be_read_is_shown_for_the_storyteller() -> None:
    sc = script(ODDITY, SHRINKER)
    assert modifier_of(ODDITY) is None and modifier_of(SHRINKER) is None
    assert unchecked_setup(sc, ["oddity", "shrinker", "t1"]) == ["oddity", "shrinker"]
    notes = setup_notes(sc, ["oddity", "shrinker", "t1"])
    assert any("Oddity" in n and "[Most players are Oddity]" in n for n in notes)
    assert any("Shrinker" in n and "[-1 Townsfolk]" in n for n in notes)


def test_an_unreadable_modifier_lets_the_storyteller_decide_the_counts() -> None:
    sc = script(ODDITY)
    # The Oddity's bracket changes the counts in a way no rule here reads: any split is
    # the storyteller's to apply, so the counts alone do not stop the start.
    chars = ["t0", "t1", "t2", "t3", "oddity"]
    assert not any("players need" in p for p in setup_problems(sc, chars))


# --- the official characters' brackets, looked up by id ------------------------------------------
def test_each_official_bracket_means_what_its_character_says(stand_in) -> None:
    from grimoire.core.script import load_script
    from tests.official.conftest import BMR, TB

    bmr, tb = load_script(BMR), load_script(TB)
    godfather = modifier_of(bmr.character("godfather"))
    assert godfather is not None and [o.outsiders for o in godfather.options] == [-1, 1]
    assert not any(o.evil_townsfolk for o in godfather.options)  # option B is no Managers' option B
    assert [o.outsiders for o in modifier_of(tb.character("baron")).options] == [2]
    others = {c.id: c for c in stand_in.roles.values()}
    assert [o.outsiders for o in modifier_of(others["balloonist"]).options] == [0, 1]
    assert [o.outsiders for o in modifier_of(others["hermit"]).options] == [0, -1]
    assert [o.outsiders for o in modifier_of(others["fanggu"]).options] == [1]
    assert [o.outsiders for o in modifier_of(others["vigormortis"]).options] == [-1]


def test_the_drunk_and_the_marionette_keep_the_counts_checked(stand_in) -> None:
    from grimoire.core.script import load_script
    from tests.official.conftest import TB

    tb = load_script(TB)
    # 8 players: 5 Townsfolk, 1 Outsider (the Drunk), 1 Minion, 1 Demon.
    chars = ["chef", "empath", "monk", "slayer", "mayor", "drunk", "poisoner", "imp"]
    assert unchecked_setup(tb, chars) == [] and setup_notes(tb, chars) == []
    assert setup_problems(tb, chars) == []
    wrong = ["chef", "empath", "monk", "slayer", "mayor", "virgin", "drunk", "imp"]
    assert any("8 players need" in p for p in setup_problems(tb, wrong))
    marionette = modifier_of(stand_in.roles["marionette"])
    assert marionette is not None and not any(o.changes_counts for o in marionette.options)
    # Her seat, next to the Demon, is the storyteller's to see to.
    with_her = attrs.evolve(tb, characters=(*tb.characters, stand_in.roles["marionette"]))
    notes = setup_notes(with_her, ["chef", "empath", "monk", "slayer", "mayor", "drunk", "marionette", "imp"])
    assert notes == ["Marionette [You neighbor the Demon]: yours to see to; the counts are checked"]


def test_lil_monstas_bracket_adds_a_minion_to_a_table_whose_demon_no_seat_holds() -> None:
    # The official Lil' Monsta, held by no seat (bag-disabled): 7 players are 5/0/2/0.
    from grimoire.core.script import Special
    from grimoire.core.setup import Counts, required_counts

    monsta = attrs.evolve(char("lilmonsta", Team.DEMON, "Minions babysit. [+1 Minion]", setup=True),
                          special=(Special("selection", "bag-disabled"),))
    mod = modifier_of(monsta)
    assert mod is not None and [o.minions for o in mod.options] == [1]
    assert unchecked_setup(script(monsta), ["lilmonsta"]) == []
    seated = [c.id for c in script().characters if c.team is Team.TOWNSFOLK][:5] + [
        c.id for c in script().characters if c.team is Team.MINION][:2]
    assert required_counts(script(monsta), 7, [*seated, "lilmonsta"]) == Counts(5, 0, 2, 0)


def test_a_bracket_worded_otherwise_is_read_from_its_own_words() -> None:
    # An id of the lookup with another bracket (a homebrew character, another release): its words.
    hermit = char("hermit", Team.OUTSIDER, "Registers oddly. [+1 Outsider]", setup=True)
    mod = modifier_of(hermit)
    assert mod is not None and [o.outsiders for o in mod.options] == [1]


def test_option_a_below_zero_says_to_take_option_b(stand_in) -> None:
    from grimoire.core.script import load_script
    from grimoire.core.setup import SetupError
    from tests.official.conftest import BMR

    bmr = load_script(BMR)
    with pytest.raises(SetupError, match="take option B$"):
        required_counts(bmr, 5, ["godfather"])
    assert required_counts(bmr, 5, ["godfather"], True) == Counts(2, 1, 1, 1)


def test_a_random_bad_moon_rising_bag_has_no_evil_townsfolk(stand_in) -> None:
    from grimoire.core.script import load_script
    from grimoire.core.setup import random_bag
    from tests.official.conftest import BMR

    bmr = load_script(BMR)
    bags = [random_bag(bmr, players, seed=seed) for players in (6, 8, 11) for seed in range(30)]
    assert any(b.managers_option_b and "godfather" in b.characters for b in bags)
    assert all(b.evil_townsfolk == 0 for b in bags)


# The official Sentinel: a Fabled placed for the table, no bracket ("there might be 1 extra or
# 1 fewer Outsider"); stand-in words.
OFFICIAL_SENTINEL = Character("sentinel", "Sentinel", Team.FABLED, "There might be one extra or one fewer Outsider.",
                              setup=True)


@pytest.mark.parametrize("outsiders, legal", [(0, False), (1, True), (2, True), (3, True)])
def test_the_sentinel_placed_for_the_table_allows_one_extra_or_one_fewer_outsider(outsiders: int, legal: bool) -> None:
    sc = script(BARON)  # 7 players with the Baron: two Outsiders; with the Sentinel, one to three
    chars = ["baron", "d0", *(f"t{i}" for i in range(5 - outsiders)), *(f"o{i}" for i in range(outsiders))]
    problems = setup_problems(sc, chars, table=[OFFICIAL_SENTINEL])
    assert (problems == []) is legal, problems
    if outsiders == 3:  # without the Sentinel, the Baron's table has two Outsiders
        assert setup_problems(sc, chars) != []
    assert modifier_of(OFFICIAL_SENTINEL) is not None and modifier_of(OFFICIAL_SENTINEL).is_might


def test_the_sentinel_not_flagged_as_setup_is_read_all_the_same() -> None:
    sentinel = attrs.evolve(OFFICIAL_SENTINEL, setup=False)
    chars = ["baron", "d0", "t0", "t1", "o0", "o1", "o2"]
    assert setup_problems(script(BARON), chars, table=[sentinel]) == []


# Every setup change of the official data, as OFFICIAL_SETUP reads it (stand-in words around the
# bracket): each of its options makes a legal 9-player table, and no other count does.
TEAM_OF = {"baron": Team.MINION, "godfather": Team.MINION, "balloonist": Team.TOWNSFOLK, "hermit": Team.OUTSIDER,
           "fanggu": Team.DEMON, "vigormortis": Team.DEMON, "drunk": Team.OUTSIDER, "marionette": Team.MINION,
           "sentinel": Team.FABLED}


def _official(cid: str) -> Character:
    from grimoire.core.setup import OFFICIAL_SETUP

    bracket = OFFICIAL_SETUP[cid][0]
    return Character(cid, cid.capitalize(), TEAM_OF[cid], "Stand-in words." + (f" {bracket}" if bracket else ""),
                     setup=True)


def _table(official: Character, counts: Counts) -> list[str]:
    own = [official.id] if official.team is not Team.FABLED else []
    need = dict(zip((Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON), counts.as_tuple(), strict=True))
    if own:
        need[official.team] -= 1
    prefix = {Team.TOWNSFOLK: "t", Team.OUTSIDER: "o", Team.MINION: "m", Team.DEMON: "d"}
    return own + [f"{prefix[t]}{i}" for t, n in need.items() for i in range(n)]


@pytest.mark.parametrize("cid", sorted(TEAM_OF))
def test_every_official_setup_change_is_read_and_checked(cid: str) -> None:
    from grimoire.core.setup import OFFICIAL_SETUP

    official = _official(cid)
    mod = modifier_of(official)
    options = OFFICIAL_SETUP[cid][1]
    assert mod is not None and options is not None and mod.options == options
    chars = [char(f"t{i}", Team.TOWNSFOLK) for i in range(9)] + [char(f"o{i}", Team.OUTSIDER) for i in range(4)]
    chars += [char(f"m{i}", Team.MINION) for i in range(3)] + [char(f"d{i}", Team.DEMON) for i in range(2)]
    sc = Script("test", "Test", "", (*chars, official), (), ())
    table = [official] if official.team is Team.FABLED else []
    legal = set()
    for n, option in enumerate(options):
        counts = base_counts(9).shifted(option.outsiders, option.minions, option.demons)
        legal.add(counts)
        chosen = _table(official, counts)
        assert setup_problems(sc, chosen, managers_option_b=mod.is_choice and n == 1, table=table) == [], (n, chosen)
    for outsiders in range(0, 5):  # every other count of Outsiders is refused
        counts = Counts(7 - outsiders, outsiders, 1, 1)
        if counts in legal or counts.townsfolk < 0:
            continue
        for option_b in (False, True):
            assert setup_problems(sc, _table(official, counts), managers_option_b=option_b, table=table), outsiders
