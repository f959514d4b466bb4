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
    while game.prompt is not None:
        prompt = game.prompt
        seen.append(prompt.step)
        if prompt.step == "demoninfo":
            assert any("Cat thinks they are the Demon" in n for n in prompt.notes), prompt.notes
        game.answer({"sailor": 6, "pukka": 0, "chambermaid": [4, 6]}.get(prompt.key or ""))
    assert seen.index("lunatic") < seen.index("demoninfo")
    assert game.state.nights[0].info[-1].truth == 2  # the Grandmother and the Sailor woke by their own ability


def test_a_poisoned_information_step_is_flagged_with_believable_lies(stand_in) -> None:
    game = bmr_game(EIGHT, grandchild=0, lunatic="pukka")
    game.apply(ev.StartNight())
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step in ("grandmother", "chambermaid") and prompt.informs is not None:
            record = prompt.informs
            assert prompt.impaired is (prompt.step == "chambermaid")  # the Pukka poisoned Ann
            lies = [t.value for t in told_rules.plausible(game.state, record)]
            assert lies and all(not told_rules.is_true(record, v) for v in lies), lies
        game.answer({"sailor": 6, "pukka": 0, "chambermaid": [4, 6]}.get(prompt.key or ""))
    godfather = next(r for r in game.state.nights[0].info if r.character == "godfather")
    assert godfather.truth == ("lunatic", "tinker")
