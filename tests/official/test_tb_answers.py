"""The true answers of Trouble Brewing's information characters (docs/rules/trouble-brewing.md,
"True answers"), flagged when the player is drunk or poisoned, with the Recluse's and the
Spy's registrations left to the storyteller."""

from __future__ import annotations

from grimoire.core import events as ev
from tests.official.tb_table import info, night, tb_game

# 9 players around the circle: Ann Washerwoman, Ben Imp, Cat Empath, Dan Poisoner, Eve Librarian,
# Fay Investigator, Gus Butler, Hal Fortune Teller, Ivy Chef.
NINE = (("Ann", "washerwoman"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "librarian"),
        ("Fay", "investigator"), ("Gus", "butler"), ("Hal", "fortuneteller"), ("Ivy", "chef"))
ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL, IVY = range(9)


def replaced(seats, **by):  # type: ignore[no-untyped-def]
    return tuple((n, by.get(n, c)) for n, c in seats)


def test_first_night_true_answers(stand_in) -> None:
    game = tb_game(NINE, red_herring=GUS)
    night(game, poisoner=ANN, butler=HAL, fortuneteller=[CAT, GUS])
    townsfolk = {(s, c) for s, c in ((CAT, "empath"), (EVE, "librarian"), (FAY, "investigator"),
                                     (HAL, "fortuneteller"), (IVY, "chef"))}
    assert set(info(game, "washerwoman").truth) == townsfolk
    assert info(game, "washerwoman").impaired  # Dan poisoned her
    assert info(game, "librarian").truth == ((GUS, "butler"),)
    assert info(game, "investigator").truth == ((DAN, "poisoner"),)
    assert info(game, "chef").truth == (0,)
    assert info(game, "empath").truth == (2,)
    assert info(game, "fortuneteller").truth == "yes"  # the red herring
    assert not info(game, "fortuneteller").impaired


def test_the_librarian_learns_zero_and_the_chef_counts_pairs(stand_in) -> None:
    seats = replaced(NINE, Gus="monk", Cat="spy")  # Ben the Imp sits between Ann and Cat the Spy
    game = tb_game(seats)
    night(game, poisoner=ANN, fortuneteller=[ANN, EVE])
    truth = info(game, "librarian").truth
    assert truth != "zero" and truth[-1] == "zero"  # the Spy may register as an Outsider, or not
    assert all(p[0] == CAT for p in truth[:-1])
    assert info(game, "chef").truth == (0, 2)  # Ben, Cat the Spy, Dan: the Spy may register as good
    assert info(game, "fortuneteller").truth == "no"
    game = tb_game(replaced(NINE, Gus="monk"))
    night(game, poisoner=ANN, fortuneteller=[ANN, BEN])
    assert info(game, "librarian").truth == "zero"
    assert info(game, "fortuneteller").truth == "yes"


def test_the_recluse_may_register_as_evil_a_minion_or_the_demon(stand_in) -> None:
    game = tb_game(replaced(NINE, Gus="recluse"))
    night(game, poisoner=ANN, fortuneteller=[GUS, EVE])
    assert info(game, "fortuneteller").truth == "either"
    assert (GUS, "spy") in info(game, "investigator").truth and (DAN, "poisoner") in info(game, "investigator").truth
    assert info(game, "librarian").truth == ((GUS, "recluse"), "zero")  # she might register as a Minion


def test_the_empath_skips_dead_neighbours(stand_in) -> None:
    game = tb_game(NINE)
    night(game, poisoner=ANN, butler=HAL, fortuneteller=[CAT, GUS])
    game.apply(ev.Execute(DAN))  # Cat's other neighbour dies: Eve, good, is her nearest
    night(game, imp=IVY, butler=HAL, fortuneteller=[CAT, GUS])
    assert info(game, "empath").truth == (1,)
    assert info(game, "undertaker") is None


def test_the_undertaker_and_the_ravenkeeper(stand_in) -> None:
    seats = replaced(NINE, Ann="undertaker", Eve="ravenkeeper", Gus="drunk")
    game = tb_game(seats, thinks="monk")
    night(game, poisoner=CAT, fortuneteller=[CAT, GUS])
    game.apply(ev.Execute(GUS))
    night(game, poisoner=CAT, monk=ANN, imp=EVE, ravenkeeper=GUS, fortuneteller=[CAT, DAN])
    assert info(game, "undertaker").truth == "drunk"  # the Drunk shows as the Drunk
    assert info(game, "ravenkeeper").truth == "drunk" and not info(game, "ravenkeeper").impaired
    assert "ravenkeeper" in game.state.nights[-1].woke


def test_the_drunk_investigator_is_flagged(stand_in) -> None:
    game = tb_game(replaced(NINE, Fay="drunk"), thinks="investigator")
    night(game, poisoner=ANN, butler=HAL, fortuneteller=[CAT, GUS])
    record = info(game, "investigator")
    assert record.impaired and record.seat == FAY and record.truth == ((DAN, "poisoner"),)


def test_told_answers_beside_the_truth_and_believable_lies(stand_in) -> None:
    from grimoire.game import IllegalAction
    from grimoire.rules import told as told_rules

    game = tb_game(NINE, red_herring=GUS)
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "washerwoman":
        game.answer(None if game.prompt.key is None else ANN)  # Dan poisons Ann, the Washerwoman
    prompt = game.prompt
    assert prompt is not None and prompt.impaired and told_rules.tells(prompt.informs, game.rules)
    lies = told_rules.plausible(game.rules, game.state, prompt.informs)
    assert lies and not told_rules.is_true(game.rules, prompt.informs, lies[0].value)
    try:
        game.answer(None, told="yes")
        raise AssertionError("a Washerwoman is told two players and a character")
    except IllegalAction as exc:
        assert "[player, player, character]" in str(exc)
    game.answer(None, told=[CAT, DAN, "monk"])
    record = info(game, "washerwoman")
    assert record.told == [CAT, DAN, "monk"] and not told_rules.is_true(game.rules, record, record.told)
    while game.prompt is not None and game.prompt.step != "chef":
        game.answer(None if game.prompt.key is None else HAL)
    assert told_rules.plausible(game.rules, game.state, game.prompt.informs)[0].value == 1
    game.answer(None, told=0)
    assert told_rules.is_true(game.rules, info(game, "chef"), 0)


def test_the_pings_a_spy_may_give_are_grouped_by_player(stand_in) -> None:
    from grimoire.rules.tb.told import truth_words
    from tests.official.tb_table import night_prompts

    game = tb_game(replaced(NINE, Cat="spy"))
    prompts = night_prompts(game, poisoner=ANN, butler=HAL, fortuneteller=[CAT, GUS])
    [step] = [p for p in prompts if p.step == "washerwoman" and p.truth_text]
    record = info(game, "washerwoman")
    assert len([p for p in record.truth if p[0] == CAT]) > 5  # the Spy may register as any Townsfolk
    for text in (step.truth_text, truth_words(game.state, record)):
        assert text.count("Cat") == 1, text  # her name once, with every Townsfolk she may show as
        assert text.count("Eve") == 1 and "Librarian" in text and "Investigator" in text


def test_a_washerwoman_with_no_other_townsfolk_may_be_told_zero(stand_in) -> None:
    from grimoire.rules import told as told_rules

    # 5 players with the Baron: the Washerwoman is the only Townsfolk.
    five = (("Ann", "washerwoman"), ("Ben", "imp"), ("Cat", "baron"), ("Dan", "saint"), ("Eve", "recluse"))
    game = tb_game(five)
    game.apply(ev.StartNight())
    while game.prompt is not None and not (game.prompt.informs and game.prompt.informs.character == "washerwoman"):
        game.answer(None)
    record = game.prompt.informs
    assert record.truth == "zero" or "zero" in record.truth
    assert told_rules.check(game.rules, game.state, record, "zero") == "zero"
    game.answer(None, told="zero")  # recorded, not refused
    assert info(game, "washerwoman").told == "zero"
