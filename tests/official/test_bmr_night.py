"""Bad Moon Rising's night in the walker: the Lunatic's first night and the Demon shown the
Lunatic, the impaired flags with believable false answers, and who woke for the Chambermaid."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.rules import told as told_rules
from tests.official.test_bmr_record import bmr_game

EIGHT = (("Ann", "chambermaid"), ("Ben", "pukka"), ("Cat", "lunatic"), ("Dan", "godfather"), ("Eve", "grandmother"),
         ("Fay", "gossip"), ("Gus", "sailor"), ("Hal", "tinker"))


def test_the_lunatic_wakes_on_the_first_night_and_the_demon_learns_them(stand_in) -> None:
    game = bmr_game(EIGHT, grandchild=0, lunatic="pukka")
    game.apply(ev.StartNight())
    seen = []
    asked = []
    while game.prompt is not None:
        prompt = game.prompt
        seen.append(prompt.step)
        if prompt.step == "demoninfo":
            assert any("Cat thinks they are the Demon" in n for n in prompt.notes), prompt.notes
        if prompt.key == "lunatic":
            asked.append(prompt.question)
        game.answer({"sailor": 6, "pukka": 0, "lunatic": 3, "chambermaid": [4, 6]}.get(prompt.key or ""))
    assert seen.index("lunatic") < seen.index("demoninfo")
    # The Pukka chooses on night 1: so does the Lunatic who thinks they are it; the Demon is shown it.
    assert asked == ["Wake Cat (Lunatic): as the Pukka, they choose a player."], asked
    shown = next(r for r in game.state.nights[0].info if r.character == "lunatic")
    assert (shown.seat, shown.truth) == (1, (3,))
    assert game.state.nights[0].info[-1].truth == 2  # the Grandmother and the Sailor woke by their own ability


def test_a_poisoned_information_step_is_flagged_with_believable_lies(stand_in) -> None:
    game = bmr_game(EIGHT, grandchild=0, lunatic="pukka")
    game.apply(ev.StartNight())
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step in ("grandmother", "chambermaid") and prompt.informs is not None:
            record = prompt.informs
            assert prompt.impaired is (prompt.step == "chambermaid")  # the Pukka poisoned Ann
            lies = [t.value for t in told_rules.plausible(game.rules, game.state, record)]
            assert lies and all(not told_rules.is_true(game.rules, record, v) for v in lies), lies
        game.answer({"sailor": 6, "pukka": 0, "lunatic": 3, "chambermaid": [4, 6]}.get(prompt.key or ""))
    godfather = next(r for r in game.state.nights[0].info if r.character == "godfather")
    assert godfather.truth == ("lunatic", "tinker")


def _until(game, key: str, **answers: object) -> None:  # type: ignore[no-untyped-def]
    while game.prompt is not None and game.prompt.key != key:
        game.answer(answers.get(game.prompt.key) if game.prompt.key else None)


def test_choices_the_rules_refuse(stand_in) -> None:
    import pytest

    from grimoire.game import IllegalAction

    rows = (("Ann", "exorcist"), ("Ben", "zombuul"), ("Cat", "chambermaid"), ("Dan", "devilsadvocate"),
            ("Eve", "gossip"), ("Fay", "fool"), ("Gus", "minstrel"))
    game = bmr_game(rows)
    game.apply(ev.StartNight())
    _until(game, "", devilsadvocate=4, chambermaid=[0, 4])
    game.apply(ev.Execute(1))  # the Zombuul registers as dead
    game.apply(ev.StartNight())
    _until(game, "devilsadvocate")
    with pytest.raises(IllegalAction, match="not the player chosen last night"):
        game.answer(4)
    game.answer(5)
    _until(game, "chambermaid", exorcist=6)
    with pytest.raises(IllegalAction, match="a living player"):
        game.answer([1, 4])  # the Zombuul registers as dead: not a living player
    with pytest.raises(IllegalAction, match="another player"):
        game.answer([2, 4])
    game.answer([0, 4])
    _until(game, "")
    game.apply(ev.StartNight())
    _until(game, "exorcist", devilsadvocate=4)
    with pytest.raises(IllegalAction, match="not the player chosen last night"):
        game.answer(6)
    game.answer(1)  # the Demon: it does not wake tonight
    _until(game, "", chambermaid=[0, 4])
    assert game.state.nights[-1].skipped["zombuul"] == "exorcised"


def test_the_courtiers_choice_is_offered_by_the_characters_names(stand_in) -> None:
    from grimoire.tui.support.view import choice_items

    rows = (("Ann", "courtier"), ("Ben", "pukka"), ("Cat", "gossip"), ("Dan", "mastermind"), ("Eve", "fool"))
    game = bmr_game(rows)
    game.apply(ev.StartNight())
    _until(game, "courtier")
    labels = {item.value: item.label for item in choice_items(game, game.prompt)}
    assert labels["none"] == "none" and labels["devilsadvocate"] == "Devil's Advocate"
