"""What a storyteller found playing Bad Moon Rising by hand: the recap, the log and the day
word each rule as the rules have it (the players named, the true reasons, the saves in the
rules' order, the ghost vote of the Zombuul registering dead, the tokens that go at dusk)."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.core.public import public_view
from grimoire.game import IllegalAction
from grimoire.present.dawn_recap import dawn_recap, recap_sections
from grimoire.present.narrate import day_lines
from tests.official.test_bmr_record import answer, bmr_game


def _recap_text(game, night: int) -> str:
    r = dawn_recap(game.rules, game.state, night)
    return "\n".join(f"{heading}: {line}" for heading, lines in recap_sections(r) for line in lines)


def test_the_recap_names_the_players_the_demon_was_shown(stand_in) -> None:
    game = bmr_game((("Ann", "exorcist"), ("Ben", "zombuul"), ("Cat", "lunatic"), ("Dan", "fool"),
                     ("Eve", "gossip")), lunatic="zombuul")
    game.apply(ev.StartNight())
    answer(game)
    game.apply(ev.StartNight())
    answer(game, exorcist=1, lunatic=0)
    text = _recap_text(game, 2)
    assert "2 Ben (Zombuul) was shown whom the Lunatic chose: 1 Ann." in text, text
    assert "2 Ben (Zombuul) learned: 1 Ann is the Exorcist." in text, text
    assert "(0,)" not in text and "learned: 0." not in text, text


def test_the_zombuul_registering_dead_spends_its_ghost_vote(stand_in) -> None:
    game = bmr_game((("Ann", "gossip"), ("Ben", "zombuul"), ("Cat", "fool"), ("Dan", "sailor"), ("Eve", "mastermind")))
    game.apply(ev.StartNight())
    answer(game, sailor=3, sailor_drunk=3)
    game.apply(ev.Execute(1))  # its first death: it registers as dead
    game.apply(ev.StartNight())
    answer(game, sailor=3, sailor_drunk=3)
    game.apply(ev.Nominate(0, 2))
    game.apply(ev.Vote(2, (1,)))
    g = game.state
    assert g.seats[1].alive and not g.seats[1].ghost_vote
    seat = next(s for s in public_view(g, registers_dead=game.rules.registers_dead(g)).seats if s.name == "Ben")
    assert not seat.alive and not seat.ghost_vote
    game.apply(ev.Nominate(3, 4))
    with pytest.raises(IllegalAction, match="spent their ghost vote"):
        game.apply(ev.Vote(4, (1,)))


def test_the_devils_advocate_saves_before_the_pacifist_is_asked(stand_in) -> None:
    game = bmr_game((("Ann", "pacifist"), ("Ben", "devilsadvocate"), ("Cat", "gossip"), ("Dan", "zombuul"),
                     ("Eve", "fool")))
    game.apply(ev.StartNight())
    answer(game, devilsadvocate=2)
    assert "Survives Execution on 3 Cat" in _recap_text(game, 1)  # it goes at today's dusk
    assert game.rules.execution_question(game.state, 2) is None
    game.apply(ev.Execute(2))  # no question: the Devil's Advocate's save comes first
    assert game.state.seats[2].alive
    assert game.rules.execution_question(game.state, 4) is not None  # the Pacifist's, for another good player
    game.apply(ev.StartNight())
    answer(game, devilsadvocate=4, zombuul=4)
    assert "Tokens expired: At dusk: removed Survives Execution (3 Cat)" in _recap_text(game, 2)


def test_a_drunk_players_reminder_goes_because_they_died(stand_in) -> None:
    game = bmr_game((("Ann", "goon"), ("Ben", "sailor"), ("Cat", "gossip"), ("Dan", "zombuul"), ("Eve", "fool")))
    game.apply(ev.StartNight())
    answer(game, sailor=0)  # the Goon chosen: Ben is drunk until dusk
    assert "Ending at dusk today: Drunk on 2 Ben" in _recap_text(game, 1)
    game.apply(ev.Execute(1))  # the drunk Sailor dies
    lines = day_lines(game.rules, game.state, game.state.days[0])
    assert any("Drunk removed from 2 Ben: they died" in line for line in lines), lines
    assert not any("the Goon died" in line for line in lines), lines


MASTERMIND = (("Ann", "gossip"), ("Ben", "pukka"), ("Cat", "fool"), ("Dan", "mastermind"), ("Eve", "goon"))


def _demon_executed():
    game = bmr_game(MASTERMIND)
    game.apply(ev.StartNight())
    answer(game, pukka=0)
    return game


def test_the_mastermind_is_announced_when_the_demon_is_executed(stand_in) -> None:
    from grimoire.present.export import to_markdown
    from grimoire.present.foresight import foresee

    game = _demon_executed()
    said = "4 Dan (Mastermind) lives, sober and healthy: the game goes on for one more night and day"
    foreseen = foresee(game, ev.Execute(1)).words()
    assert any(said in line for line in foreseen), foreseen
    game.apply(ev.Execute(1))
    assert game.state.winner is None
    assert any(said in line for line in day_lines(game.rules, game.state, game.state.days[0]))
    assert said in to_markdown(game)


def test_the_mastermind_day_without_an_execution_ends_at_its_dusk(stand_in) -> None:
    from grimoire.present.export import to_markdown
    from grimoire.present.reveal import game_reveal, reveal_sections

    game = _demon_executed()
    game.apply(ev.Execute(1))
    game.apply(ev.StartNight())
    answer(game)
    game.apply(ev.StartNight())  # the Mastermind's day ends with no execution: good wins, no night
    g = game.state
    assert g.winner is not None and g.winner.value == "good" and len(g.nights) == 2 and game.prompt is None
    text = to_markdown(game)
    reveal = " ".join(line.text for _h, lines in reveal_sections(game_reveal(game)) for line in lines)
    assert "Night 3" not in text and "night 3" not in reveal.lower(), (text, reveal)


def test_an_execution_on_the_mastermind_day_is_not_said_to_survive(stand_in) -> None:
    game = _demon_executed()
    game.apply(ev.Execute(1))
    game.apply(ev.StartNight())
    answer(game)
    game.apply(ev.Execute(2))  # good is executed: evil wins
    lines = day_lines(game.rules, game.state, game.state.days[1])
    assert "3 Cat (Fool) was executed and the game ends with it, on the Mastermind's day (whether they die is " \
           "not decided)." in lines, lines
    assert not any("survived" in line for line in lines), lines


def test_the_foresight_of_the_pacifists_question_says_what_each_answer_does(stand_in) -> None:
    from grimoire.present.foresight import foresee, quiet_words

    game = bmr_game((("Ann", "pacifist"), ("Ben", "gossip"), ("Cat", "fool"), ("Dan", "zombuul"), ("Eve", "goon")))
    game.apply(ev.StartNight())
    answer(game)
    words = foresee(game, ev.Execute(1)).words(quiet_words(game))
    assert "Nobody dies, and the game goes on." not in words, words
    assert any(line.startswith("They die: 2 Ben (Gossip) was executed and died.") for line in words), words
    assert any(line.startswith("They live (the Pacifist's save): 2 Ben (Gossip) was executed and survived")
               for line in words), words
    assert words[-1].startswith("Then you are asked:"), words


def test_the_day_panel_names_the_pacifists_answers(stand_in) -> None:
    from grimoire.tui.support.text import day_text

    game = bmr_game((("Ann", "pacifist"), ("Ben", "gossip"), ("Cat", "fool"), ("Dan", "zombuul"), ("Eve", "goon")))
    game.apply(ev.StartNight())
    answer(game)
    game.apply(ev.Nominate(0, 1))
    game.apply(ev.Vote(1, (0, 2, 3)))
    text = day_text(game)
    assert "will be asked: They live (the Pacifist's save) or They die" in text, text
    assert " or decline" not in text, text


def test_the_log_tells_the_choices_and_the_recap_the_goon_turning(stand_in) -> None:
    from grimoire.present.narrate import night_lines

    game = bmr_game((("Ann", "sailor"), ("Ben", "innkeeper"), ("Cat", "gambler"), ("Dan", "zombuul"),
                     ("Eve", "fool"), ("Fay", "lunatic"), ("Gus", "goon")), lunatic="zombuul")
    game.apply(ev.StartNight())
    answer(game, sailor=2, sailor_drunk=2, innkeeper=[0, 4], innkeeper_drunk=4)
    game.apply(ev.StartNight())
    answer(game, sailor=1, sailor_drunk=0, innkeeper=[0, 2], innkeeper_drunk=0, gambler=[3, "zombuul"], lunatic=4,
           zombuul=6)
    lines = night_lines(game.rules, game.state, game.state.nights[1])
    text = "\n".join(lines)
    for said in ("1 Ann (Sailor) chose 2 Ben", "2 Ben (Innkeeper) chose 1 Ann and 3 Cat: neither can die tonight",
                 "3 Cat (Gambler) guessed that 4 Dan is the Zombuul: right, they live",
                 "6 Fay (Lunatic) chose 5 Eve as the Demon they think they are"):
        assert said in text, (said, lines)
    goon = ("4 Dan (Zombuul) chose the Goon (7 Gus): the choice fails and they are drunk until dusk; the Goon turns "
            "evil")
    assert goon in text, lines
    assert f"Changed tonight: {goon}" in _recap_text(game, 2)


def test_the_goon_chosen_by_its_own_alignment_stays_as_it_is(stand_in) -> None:
    from grimoire.present.narrate import night_lines

    game = bmr_game((("Ann", "goon"), ("Ben", "sailor"), ("Cat", "gossip"), ("Dan", "zombuul"), ("Eve", "fool")))
    game.apply(ev.StartNight())
    answer(game, sailor=0)
    lines = night_lines(game.rules, game.state, game.state.nights[0])
    assert ("2 Ben (Sailor) chose the Goon (1 Ann): the choice fails and they are drunk until dusk; the Goon's "
            "alignment stays as it is.") in lines, lines
    assert "Changed tonight" not in _recap_text(game, 1)


def test_the_pos_choices_after_the_goon_fail_and_the_foresight_says_so(stand_in) -> None:
    from grimoire.present.foresight import foresee

    game = bmr_game((("Ann", "po"), ("Ben", "goon"), ("Cat", "fool"), ("Dan", "gossip"), ("Eve", "tealady")))
    game.apply(ev.StartNight())
    answer(game)
    game.apply(ev.StartNight())
    answer(game, po="none")
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "po":
        game.answer(None)
    words = foresee(game, ev.Answer("po", [2, 1, 3])).words()
    assert any("chose the Goon (2 Ben): the choice fails and they are drunk until dusk" in line for line in words), words
    assert any("1 Ann (Po) chose 4 Dan after the Goon: that choice fails too" in line for line in words), words


def test_an_execution_saved_is_told_once(stand_in) -> None:
    game = bmr_game((("Ann", "tealady"), ("Ben", "gossip"), ("Cat", "zombuul"), ("Dan", "mastermind"),
                     ("Eve", "fool")))
    game.apply(ev.StartNight())
    answer(game)
    game.apply(ev.Execute(1))
    lines = day_lines(game.rules, game.state, game.state.days[0])
    assert lines == ["2 Ben (Gossip) was executed and survived (a good neighbour of the Tea Lady)."], lines


def test_the_fools_first_death_is_a_death_prevented(stand_in) -> None:
    game = bmr_game((("Ann", "fool"), ("Ben", "zombuul"), ("Cat", "gossip"), ("Dan", "mastermind"), ("Eve", "goon")))
    game.apply(ev.StartNight())
    answer(game)
    game.apply(ev.StartNight())
    answer(game, zombuul=0)
    sections = dict(recap_sections(dawn_recap(game.rules, game.state, 2)))
    assert sections["Deaths"] == ["Nobody died."]
    assert any("1 Ann (Fool) is the Fool: their first death does not happen" in line
               for line in sections["Deaths prevented"]), sections


def test_the_demon_a_dead_lunatic_thought_they_were_is_not_in_play(stand_in) -> None:
    from grimoire.game import Game, SeatSetup, TableSetup
    from grimoire.rules.bmr.state import BmrSetup
    from tests.official.conftest import BMR

    seats = (SeatSetup("Ann", "gossip"), SeatSetup("Ben", "zombuul"), SeatSetup("Cat", "lunatic", thinks="pukka"),
             SeatSetup("Dan", "mastermind"), SeatSetup("Eve", "goon"))
    game = Game(TableSetup(seats=seats, script=str(BMR), script_setup=BmrSetup()))
    game.apply(ev.StartNight())
    answer(game, lunatic=0)  # as the Pukka, they choose on night 1
    game.apply(ev.Execute(2))  # the Lunatic dies
    game.apply(ev.StartNight())
    pukka = next(e for e in game.sheet() if e.step == "pukka")
    assert pukka.title == "Pukka" and pukka.why == "not in play", pukka
