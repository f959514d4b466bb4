"""Sects & Violets' day as the screens offer it: the executed Klutz's choice, a madness
execution of the Mutant (the day's execution), the Artist's once-per-game question, and what
the day reminds the storyteller of."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Expiry
from grimoire.game import Game, IllegalAction, SeatSetup, TableSetup
from grimoire.present.dawn_recap import dawn_recap
from grimoire.present.export import to_markdown
from grimoire.present.foresight import foresee
from night_order import AnswerKind
from tests.official.conftest import SNV
from tests.official.test_snv_day_acts import to_day as to_day_with
from tests.official.test_snv_day_acts import told_today
from tests.official.test_snv_foresight import to_day


def test_the_executed_klutz_chooses_and_an_evil_choice_loses_for_good(stand_in) -> None:
    game = to_day("klutz", "nodashii", "witch", "oracle", "sage")  # Ann's neighbours are no Townsfolk
    game.apply(ev.Execute(0))
    offers = game.rules.declarations(game.state)
    assert [(o.seat, o.character, o.names_player) for o in offers] == [(0, "klutz", True)]
    assert any("The Klutz" in line or "Klutz" in line for line in game.rules.day_reminders(game.state))
    with pytest.raises(IllegalAction, match="living player"):
        game.apply(ev.Declare(0, "klutz", target=0))  # the Klutz is dead: a living player is chosen
    said = " ".join(foresee(game, ev.Declare(0, "klutz", target=2)).lines).lower()
    assert "evil" in said and "win" in said, said
    game.apply(ev.Declare(0, "klutz", target=2))
    assert game.state.winner is not None and game.state.winner.value == "evil"


def test_a_madness_execution_is_the_days_execution(stand_in) -> None:
    game = to_day("mutant", "nodashii", "witch", "oracle", "sage")
    offers = {o.character: o for o in game.rules.declarations(game.state)}
    assert offers["mutant"].seat == 0 and not offers["mutant"].refused
    game.apply(ev.Declare(0, "mutant"))
    today = game.state.today
    assert today is not None and today.execution is not None and today.execution.seat == 0
    assert not game.state.seats[0].alive
    with pytest.raises(IllegalAction):
        game.apply(ev.Execute(3))  # no other execution today


def test_the_artist_asks_once(stand_in) -> None:
    game = to_day("artist", "nodashii", "witch", "oracle", "sage")
    game.apply(ev.Declare(0, "artist"))
    (offer,) = [o for o in game.rules.declarations(game.state) if o.character == "artist"]
    assert offer.refused
    assert "No Ability" in [t.name for t in game.state.tokens_on(0)]


def _cerenovus_and_witch_to_day() -> Game:
    """Night 1 the Cerenovus makes Dan mad as the Sage; the Witch curses someone."""
    names = "Ann Ben Cat Dan Eve".split()
    characters = ("cerenovus", "nodashii", "witch", "oracle", "sage")
    game = Game(TableSetup(seats=tuple(SeatSetup(n, c) for n, c in zip(names, characters, strict=True)),
                           script=str(SNV)))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step == "cerenovus":
            game.answer((3, "sage"))
        else:
            game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    return game


def test_madness_and_the_curse_are_told_as_ending_at_dusk(stand_in) -> None:
    game = _cerenovus_and_witch_to_day()
    placed = {t.name: t for t in game.state.tokens if t.name in ("Mad", "Cursed")}
    assert set(placed) == {"Mad", "Cursed"}, game.state.tokens
    assert all(t.expiry == Expiry.NEXT_DUSK for t in placed.values())
    ending = " ".join(dawn_recap(game.rules, game.state, 1).ends_today)
    assert "Mad" in ending and "Cursed" in ending, ending


def test_the_no_dashiis_poison_going_at_its_death_says_why(stand_in) -> None:
    from grimoire.present.happening_lines import happening_lines

    game = to_day("oracle", "nodashii", "sage", "witch", "mutant")  # Ann and Cat are poisoned
    game.apply(ev.Execute(1))
    lines = happening_lines(game.rules, game.state, game.state.days[0].happenings)
    gone = [line for line in lines if line.startswith("Poisoned removed")]
    assert gone == ["Poisoned removed from 1 Ann: the No Dashii no longer poisons them.",
                    "Poisoned removed from 3 Cat: the No Dashii no longer poisons them."], lines


def test_the_dawn_after_tells_the_madness_and_curse_expired_at_dusk(stand_in) -> None:
    game = _cerenovus_and_witch_to_day()
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step == "cerenovus":
            game.answer((2, "sage"))  # Cat mad tomorrow: Dan's madness is over
        else:
            game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    expired = " ".join(dawn_recap(game.rules, game.state, 2).expired)
    assert "Mad (4 Dan)" in expired and "Cursed" in expired, expired


def test_the_mathematicians_one_is_worded_in_the_singular(stand_in) -> None:
    game = to_day("mathematician", "vortox", "oracle", "witch", "mutant")  # the Oracle told false
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    texts = []
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step == "mathematician":
            texts.append(prompt.truth_text)
        game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    assert texts == ["1 player's ability worked abnormally since dawn"], texts


def test_once_the_mad_player_is_executed_the_day_stops_reminding_of_them_and_the_vortox(stand_in) -> None:
    game = _cerenovus_and_witch_to_day()
    game.apply(ev.Declare(3, "cerenovus"))  # Dan, mad as the Sage, executed for it
    said = " ".join(game.rules.day_reminders(game.state))
    assert "Dan is mad" not in said, said
    game = to_day("witch", "vortox", "dreamer", "oracle", "sage")
    assert "Vortox" in " ".join(game.rules.day_reminders(game.state))
    game.apply(ev.Execute(2))
    assert "Vortox" not in " ".join(game.rules.day_reminders(game.state))


def test_a_poisoned_snake_charmers_choice_is_told_as_a_choice_not_a_spent_declaration(stand_in) -> None:
    from grimoire.present.happening_lines import happening_lines

    game = to_day("oracle", "nodashii", "snakecharmer", "witch", "mutant")  # Cat is poisoned
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step == "snakecharmer":
            game.answer(1)  # the No Dashii: nothing happens
        else:
            game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    lines = happening_lines(game.rules, game.state, game.state.nights[1].happenings)
    assert "3 Cat (Snake Charmer) chose 2 Ben while poisoned (the No Dashii): nothing happens." in lines, lines


def test_the_philosophers_seamstress_is_once_per_game(stand_in) -> None:
    names = "Ann Ben Cat Dan Eve Fay Gus".split()
    characters = ("philosopher", "oracle", "nodashii", "sage", "mutant", "witch", "klutz")
    game = Game(TableSetup(seats=tuple(SeatSetup(n, c) for n, c in zip(names, characters, strict=True)),
                           script=str(SNV)))
    asked: list[int] = []

    def night() -> None:
        while game.prompt is not None:
            prompt = game.prompt
            if prompt.step == "philosopher":
                game.answer("seamstress")  # not in play: Ann gains it, nobody is drunk
            elif prompt.step == "seamstress" and prompt.kind is not AnswerKind.ACK:
                asked.append(game.state.night)
                game.answer((1, 3))
            else:
                game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])

    game.apply(ev.StartNight())
    night()
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    night()
    assert asked == [1], asked


def test_the_mathematicians_first_night_counts_tonight_not_since_a_dawn(stand_in) -> None:
    game = Game(TableSetup(seats=tuple(SeatSetup(n, c) for n, c in zip(
        "Ann Ben Cat Dan Eve".split(), ("mathematician", "vortox", "clockmaker", "witch", "mutant"), strict=True)),
        script=str(SNV)))
    game.apply(ev.StartNight())
    texts = []
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step == "mathematician":
            texts.append(prompt.truth_text)
        game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    assert texts == ["1 player's ability worked abnormally tonight"], texts  # the Clockmaker, under the Vortox


def test_the_oracles_one_is_worded_in_the_singular(stand_in) -> None:
    game = to_day("nodashii", "witch", "oracle", "dreamer", "mathematician")
    game.apply(ev.Execute(1))  # the Witch: one evil player dead
    game.apply(ev.StartNight())
    texts = []
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step == "oracle":
            texts.append(prompt.truth_text)
        game.answer(None if prompt.kind is AnswerKind.ACK else (3 if prompt.step == "nodashii" else prompt.choices[-1]))
    assert texts == ["1 dead player is evil"], texts


def test_the_klutz_is_offered_only_living_players_and_a_dead_one_is_refused_by_name(stand_in) -> None:
    game = to_day("klutz", "nodashii", "witch", "oracle", "sage")
    game.apply(ev.Execute(0))
    (offer,) = [o for o in game.rules.declarations(game.state) if o.character == "klutz"]
    assert offer.players == (1, 2, 3, 4)  # "1 alive player": not Ann, the dead Klutz herself
    with pytest.raises(IllegalAction, match="the Klutz chooses a living player: Ann is dead"):
        game.apply(ev.Declare(0, "klutz", target=0))


def _klutz_chose(*characters: str, chosen: int, **answers: object) -> tuple[Game, list[str]]:
    """Ann, the Klutz, dies by the Witch's curse as she nominates and chooses ``chosen``: the
    game and today's log."""
    game = to_day_with(*characters, **answers)
    game.apply(ev.Nominate(0, 3))
    assert not game.state.seats[0].alive
    said = foresee(game, ev.Declare(0, "klutz", target=chosen)).lines
    game.apply(ev.Declare(0, "klutz", target=chosen))
    lines = told_today(game)
    if game.state.winner is None:  # nothing happens: foreseen as the log tells it
        assert lines[-1:] == list(said), (said, lines)
    return game, lines


def test_the_klutzs_choice_of_a_good_player_is_logged_with_what_came_of_it(stand_in) -> None:
    game, lines = _klutz_chose("klutz", "nodashii", "witch", "oracle", "sage", chosen=3, witch=0)
    line = "The Klutz's choice: 1 Ann (Klutz) chose 4 Dan, a good player: nothing happens."
    assert line in lines and game.state.winner is None
    assert line in to_markdown(game)


def test_a_drunk_klutzs_evil_choice_is_logged_as_nothing_and_why(stand_in) -> None:
    # The Philosopher gains the Klutz's ability: Ann, the Klutz, is drunk.
    game, lines = _klutz_chose("klutz", "nodashii", "witch", "oracle", "philosopher", "sage", chosen=1, witch=0,
                               philosopher="klutz")
    assert game.state.winner is None
    assert ("The Klutz's choice: 1 Ann (Klutz) chose 2 Ben, an evil player, while drunk (the Philosopher): "
            "nothing happens.") in lines, lines


def test_a_sober_klutzs_evil_choice_is_logged_as_her_teams_loss(stand_in) -> None:
    game, lines = _klutz_chose("klutz", "nodashii", "witch", "oracle", "sage", chosen=1, witch=0)
    assert game.state.winner is not None and game.state.winner.value == "evil"
    assert "The Klutz's choice: 1 Ann (Klutz) chose 2 Ben, an evil player: the Klutz's team loses." in lines, lines


def test_the_sweethearts_drunk_is_foreseen_and_told_from_now_on(stand_in) -> None:
    game = to_day("sweetheart", "nodashii", "witch", "oracle", "sage")
    game.apply(ev.Execute(0))
    said = foresee(game, ev.Declare(0, "sweetheart", target=3)).lines
    line = "Drunk placed on 4 Dan: the Sweetheart died, so 4 Dan is drunk from now on, for the rest of the game."
    assert said == (line,), said
    game.apply(ev.Declare(0, "sweetheart", target=3))
    assert line in told_today(game)
