"""What Sects & Violets says of a night, word for word where a game played by keys found it
wrong: the Sage chooses no-one, the Fang Gu's kill is not its jump, a jump or a charm that turns
a player's alignment says so (in the log, the dawn recap and the foresight, once), the
Cerenovus's choice names the character the player is to be mad about; tonight's list does not
say what the Demon did before it chose; the lies offered are answers the player could get."""

from __future__ import annotations

from pathlib import Path

from grimoire.core import events as ev
from grimoire.core.official import OfficialData
from grimoire.game import Game
from grimoire.present.dawn_recap import dawn_recap
from grimoire.present.export import to_markdown
from grimoire.present.foresight import foresee
from grimoire.scenario.run import run_file
from night_order import AnswerKind
from tests.official.test_snv_foresight import to_day

FOLDER = Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "snv"


def played(stem: str) -> Game:
    outcome = run_file(next(FOLDER.glob(f"{stem}_*.toml")))
    assert outcome.passed, outcome.failures
    assert outcome.game is not None
    return outcome.game


def log_lines(game: Game) -> list[str]:
    return [line[2:] for line in to_markdown(game).splitlines() if line.startswith("- ")]


def test_the_sage_is_shown_the_demon_and_chooses_no_one(stand_in: OfficialData) -> None:
    lines = log_lines(played("snv_21"))  # the Vigormortis kills the Sage (Fay), shown Eve
    sage = [line for line in lines if line.startswith("6 Fay (Sage)") and "learned" in line]
    assert sage, lines
    assert all("chose" not in line for line in sage), sage
    assert "6 Fay (Sage) learned: Eve." in sage, sage


def test_the_fang_gus_kill_is_not_worded_as_its_jump(stand_in: OfficialData) -> None:
    lines = log_lines(played("snv_25"))  # night 2 the jump into the Barber (Ann), night 3 a kill
    assert "5 Eve (Fang Gu) died: the Fang Gu's jump (the old Fang Gu dies instead)." in lines, lines
    kill = [line for line in lines if line.startswith("2 Ben (Sweetheart) died")]
    assert kill and all("jump" not in line for line in kill), kill
    assert kill[0].startswith("2 Ben (Sweetheart) died: the Fang Gu's kill"), kill


def test_the_jump_says_the_outsider_turned_evil_in_the_log_and_the_recap(stand_in: OfficialData) -> None:
    game = played("snv_25")
    said = "1 Ann (Barber) became the Fang Gu (the Fang Gu's jump) and turned evil."
    assert said in log_lines(game)
    assert said in dawn_recap(game.rules, game.state, 2).changed


def test_the_snake_charmers_swap_says_who_turned(stand_in: OfficialData) -> None:
    lines = log_lines(played("snv_17"))  # night 3 Ann charms the Vigormortis (Eve)
    assert any(line.startswith("1 Ann (Snake Charmer) became the Vigormortis") and "turned evil" in line
               for line in lines), lines
    assert any(line.startswith("5 Eve (Vigormortis) became the Snake Charmer") and "turned good" in line
               for line in lines), lines


def test_a_change_that_keeps_the_alignment_says_no_turn(stand_in: OfficialData) -> None:
    lines = log_lines(played("snv_21"))  # the Pit-Hag makes the good Artist the Witch: still good
    became = [line for line in lines if "became the Witch" in line]
    assert became and all("turned" not in line for line in became), became


def test_the_jumps_foresight_says_the_turn_once(stand_in: OfficialData) -> None:
    game = played("snv_25")
    while not (game.state.night == 2 and game.prompt is not None and game.prompt.step == "fanggu"):
        assert game.undo() is not None, "night 2's Fang Gu step was never asked"  # back to its choice
    ann = next(s.index for s in game.state.seats if s.name == "Ann")
    lines = foresee(game, ev.Answer(game.prompt.step, ann)).lines
    turned = [line for line in lines if "evil" in line]
    assert turned == ["1 Ann (Barber) became the Fang Gu (the Fang Gu's jump) and turned evil."], lines


def test_the_cerenovus_choice_names_the_madness(stand_in: OfficialData) -> None:
    lines = log_lines(played("snv_15"))  # night 1 Ann (Cerenovus) chooses Dan as the Mathematician
    assert "1 Ann (Cerenovus) chose 4 Dan and the Mathematician: mad that they are the Mathematician tomorrow." \
        in lines, lines


def test_a_drunk_cerenovus_choice_names_no_madness(stand_in: OfficialData) -> None:
    lines = log_lines(played("snv_32"))  # night 2 the drunk Cerenovus (Ben) chooses Cat and the Savant
    assert any(line.startswith("2 Ben (Cerenovus) chose 3 Cat and the Savant while drunk") for line in lines), lines
    assert not any("the Savant: mad" in line for line in lines), lines


def _why(game: Game, step: str) -> str:
    entry = next(e for e in game.sheet() if e.step == step)
    return entry.why


def test_tonights_list_does_not_say_the_demon_spared_the_sage_before_it_acts(stand_in: OfficialData) -> None:
    game = to_day("fanggu", "sage", "witch", "dreamer", "oracle", "mathematician", "clockmaker")
    game.apply(ev.Execute(6))
    game.apply(ev.StartNight())
    assert _why(game, "sage") == "only if a Demon kills the Sage tonight"
    assert _why(game, "barber") == "not in play"  # no-one is the Barber: it is not a death to wait for
    while game.prompt is not None and game.prompt.step != "fanggu":
        game.answer(None if game.prompt.kind is AnswerKind.ACK else game.prompt.choices[-1])
    assert _why(game, "sage") == "only if a Demon kills the Sage tonight"  # its choice is still to come
    game.answer(3)  # the Fang Gu kills the Dreamer, not the Sage
    assert _why(game, "sage") == "the Demon did not kill the Sage tonight"


def test_the_believable_lies_are_answers_the_player_could_get(stand_in: OfficialData) -> None:
    """Under the Vortox the walker offers only false answers: the Clockmaker's never 0 (a Demon
    and a Minion are at least one seat apart), the Sage's never the Sage themself."""
    from grimoire.core.model import InfoRecord
    from grimoire.rules.snv.told import plausible

    game = to_day("vortox", "witch", "clockmaker", "sage", "oracle")
    g = game.state
    clockmaker = next(r for r in g.nights[0].info if r.character == "clockmaker")
    assert clockmaker.truth == 1
    assert [n for n, _ in plausible(g, clockmaker)] == [2, 3]
    sage = InfoRecord("sage", 3, 0, False)  # Dan, the Sage, shown Ann, the Vortox
    offered = [x for x, _ in plausible(g, sage)]
    assert offered and 3 not in offered and 0 not in offered, offered


def test_a_living_sweetheart_is_never_woken(stand_in: OfficialData) -> None:
    game = to_day("fanggu", "sweetheart", "witch", "dreamer", "oracle", "mathematician", "clockmaker")
    game.apply(ev.Execute(6))
    game.apply(ev.StartNight())
    steps = []
    while game.prompt is not None:
        steps.append(game.prompt.step)
        game.answer(None if game.prompt.kind is AnswerKind.ACK else game.prompt.choices[-1])
    assert "sweetheart" not in steps, steps  # the Fang Gu killed the Mathematician: Ben lives
    assert game.state.nights[-1].skipped["sweetheart"].startswith("the Sweetheart never wakes")


def test_a_sweetheart_killed_tonight_still_makes_someone_drunk(stand_in: OfficialData) -> None:
    game = to_day("vortox", "sweetheart", "witch", "dreamer", "oracle", "mathematician", "clockmaker")
    game.apply(ev.Execute(6))
    game.apply(ev.StartNight())
    asked = []
    while game.prompt is not None:
        prompt = game.prompt
        asked.append(prompt.step)
        if prompt.step == "vortox":
            game.answer(1)  # Ben, the Sweetheart, sober, dies: the storyteller makes someone drunk at once
        elif prompt.step == "sweetheart":
            game.answer(3)  # Dan
        else:
            game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    assert asked.count("sweetheart") == 1, asked
    assert any(t.name == "Drunk" and t.seat == 3 for t in game.state.tokens)


def test_the_pit_hags_choice_of_a_character_in_play_is_told(stand_in: OfficialData) -> None:
    game = to_day("fanggu", "sweetheart", "pithag", "dreamer", "oracle", "mathematician", "clockmaker")
    game.apply(ev.Execute(6))
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "pithag":
        game.answer(None if game.prompt.kind is AnswerKind.ACK else game.prompt.choices[-1])
    said = "3 Cat (Pit-Hag) chose 4 Dan and the Oracle, already in play: nothing happens."
    assert list(foresee(game, ev.Answer("pithag", (3, "oracle"))).lines) == [said]
    game.answer((3, "oracle"))
    assert game.state.seats[3].character == "dreamer"
    assert said in log_lines(game)


def test_the_charms_foresight_says_the_old_demon_is_poisoned(stand_in: OfficialData) -> None:
    from grimoire.game import SeatSetup, TableSetup
    from tests.official.conftest import SNV

    seats = tuple(SeatSetup(n, c) for n, c in zip("Ann Ben Cat Dan Eve".split(),
                                                  ("snakecharmer", "dreamer", "nodashii", "witch", "oracle"), strict=True))
    game = Game(TableSetup(seats=seats, script=str(SNV)))
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "snakecharmer":
        game.answer(None if game.prompt.kind is AnswerKind.ACK else game.prompt.choices[-1])
    lines = foresee(game, ev.Answer("snakecharmer", 2)).lines  # Ann, sober, charms the No Dashii (Cat)
    assert any("3 Cat is poisoned (the Snake Charmer)" in line for line in lines), lines


def test_the_day_stops_reminding_of_a_curse_once_the_cursed_player_died_of_it(stand_in: OfficialData) -> None:
    game = to_day("witch", "nodashii", "dreamer", "oracle", "mathematician")  # the Witch curses Eve (the last)
    assert any("Eve is cursed" in r for r in game.rules.day_reminders(game.state))
    game.apply(ev.Nominate(4, 2))  # Eve nominates: the curse kills her
    assert not game.state.seats[4].alive
    assert not any("cursed" in r for r in game.rules.day_reminders(game.state)), game.rules.day_reminders(game.state)


def test_a_drunk_philosophers_choice_names_the_character(stand_in: OfficialData) -> None:
    lines = log_lines(played("snv_28"))  # the drunk Philosopher spends the ability for nothing
    spent = [line for line in lines if "nothing is gained" in line]
    assert spent and all(" chose the " in line for line in spent), spent


def test_the_snake_charmers_choice_of_no_demon_is_told(stand_in: OfficialData) -> None:
    lines = log_lines(played("snv_17"))  # night 1 Ann charms Dan, the Savant: nothing happens
    assert "1 Ann (Snake Charmer) chose 4 Dan, no Demon: nothing happens." in lines, lines
