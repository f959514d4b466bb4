"""Every night's full story: what the rules did, with their reasons, in the log and the exports."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.core import events as ev
from grimoire.game import ExecutionAnswerNeeded, Game, SeatSetup
from grimoire.present.export import to_html, to_markdown
from grimoire.present.narrate import story
from grimoire.rehearse import random_rehearsal
from grimoire.rules.phantom.events import MoveArtifact
from grimoire.scenario.run import run_file
from grimoire.tui.support.text import log_text
from tests.phantom_table import phantom_table

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "examples" / "scenarios"


def answer_all(game: Game, answers: dict[str, object]) -> None:
    """Answer tonight's prompts from ``answers`` by prompt key (acknowledge the rest)."""
    while game.prompt is not None:
        key = game.prompt.key
        game.answer(answers[key] if key else None)


def rehearsal_through_night_2() -> Game:
    """`grimoire rehearse --players 12 --seed 3`: Ben is the Phantom, Lou the Trapdoor Keeper.

    Night 1 the Phantom gives the Lasso to Lou, who lets it bounce back; night 2 Ben passes it
    to Lou again, it bounces back again, and the poisoned Phantom chooses Ann: nobody dies.
    """
    game = random_rehearsal(12, 3)
    g = game.state
    assert (g.seat_of("phantom").name, g.seat_of("trapdoor_keeper").name) == ("Ben", "Lou")
    answers = {"artifact": ["punjab_lasso", 11], "trapdoor_keeper": "bounce", "madame_giry": [1, 2, 3],
               "monsieur_reyer": 0, "inspector_mifroid": [0, 1], "persian": 2, "holder": 11, "phantom": 0}
    answer_all(game, answers)
    game.apply(ev.StartNight())
    answer_all(game, answers)
    return game


FAILED_ATTACK = ("2 Ben (Phantom) attacked 1 Ann (Persian); the attack failed: the Phantom is poisoned "
                 "(the Punjab Lasso) and there is no Chandelier Rigger.")


def test_the_rehearsal_tells_the_failed_attack_in_the_log_and_the_exports() -> None:
    game = rehearsal_through_night_2()
    assert game.state.seats[0].alive
    assert f"Night 2 — {FAILED_ATTACK}" in log_text(game)
    assert FAILED_ATTACK in to_markdown(game)
    assert FAILED_ATTACK in to_html(game)
    night2 = dict(story(game.rules, game.state))["Night 2"]
    # the Lasso's way back to the poisoned Phantom, with why it bounced
    assert ("The artifact: it bounced from 12 Lou to 2 Ben (the Trapdoor Keeper let it bounce): "
            "2 Ben is poisoned (the Punjab Lasso).") in night2


CLAQUE_TABLE = tuple(SeatSetup(n, c) for n, c in (
    ("Ann", "claque"), ("Ben", "sorelli"), ("Cat", "meg"), ("Dan", "phantom"), ("Eve", "usher")))


def test_the_claque_direction_and_each_move_are_told() -> None:
    game = Game(phantom_table(seats=CLAQUE_TABLE, artifacts=("monkey_music_box",)))
    game.apply(ev.StartNight())
    answer_all(game, {"claque": "anticlockwise", "artifact": ["monkey_music_box", 1]})
    game.apply(ev.StartNight())
    answer_all(game, {"holder": 4, "phantom": 2})
    first = "The Claque's drunkenness goes anticlockwise: 5 Eve is drunk first."
    moved = ("The Claque's drunkenness moves anticlockwise from 5 Eve to 4 Dan: 4 Dan is drunk (the Claque); "
             "5 Eve is no longer drunk (the Claque).")
    text = log_text(game)
    assert f"Night 1 — {first}" in text and f"Night 2 — {moved}" in text
    markdown = to_markdown(game)
    assert first in markdown and moved in markdown
    # the drunk Phantom's attack on Cat fails: there is no Rigger
    assert ("4 Dan (Phantom) attacked 3 Cat (Meg); the attack failed: the Phantom is drunk (the Claque) "
            "and there is no Chandelier Rigger.") in text


@pytest.mark.parametrize(("scenario", "heading", "line"), [
    # Raoul's protection: the attack fails, Raoul is drunk until the next dusk
    ("x17_raoul_prevents_kill", "Night 2", "3 Dan (Phantom) attacked 4 Eve (Sorelli)."),
    ("x17_raoul_prevents_kill", "Night 2",
     "4 Eve (Sorelli) was protected by 6 Jon (Raoul de Chagny): they do not die."),
    ("x17_raoul_prevents_kill", "Night 2",
     "Protected / Drunk until dusk moved from 4 Eve to 6 Jon, showing Drunk until dusk (the protection "
     "prevented a death): 6 Jon is drunk until dusk."),
    ("x17_raoul_prevents_kill", "Night 3",
     "At dusk: removed Drunk until dusk (6 Jon): 6 Jon is no longer drunk (Drunk until dusk)."),
    # the Cloak Bearer: the save by day, the forced and unpreventable kill that night
    ("s17_cloak_save_raoul_on_cloak_bearer", "Day 3",
     "Cloak sacrifice placed on 4 Dan: the Cloak Bearer saved the Phantom from execution."),
    ("s17_cloak_save_raoul_on_cloak_bearer", "Night 4",
     "4 Dan (Phantom) was forced by the Cloak sacrifice to attack 14 Ned (Cloak Bearer)."),
    ("s17_cloak_save_raoul_on_cloak_bearer", "Night 4",
     "14 Ned (Cloak Bearer) died: the Phantom's kill, forced by the Cloak sacrifice (this death can't be prevented)."),
    # a forced kill by a drunk Phantom: without the Rigger it fails, with the Rigger it works
    ("s19c_piangi_forced_kill_rigger_spent", "Night 3",
     "4 Dan (Phantom) was forced by the performance (Performance pending) to attack 13 Max (Ubaldo Piangi); "
     "the attack failed: the Phantom is drunk (the Claque) and the Chandelier Rigger's help is already used."),
    ("s19c_piangi_forced_kill_rigger_spent", "Night 2",
     "4 Dan (Phantom) attacked 15 Oli (Primadonna), while poisoned (the Punjab Lasso): the Chandelier Rigger's "
     "help made the attack work."),
    ("s19c_piangi_forced_kill_rigger_spent", "Night 2", "15 Oli (Primadonna) died: the Phantom's kill."),
    ("s19c_piangi_forced_kill_rigger_spent", "Night 2",
     "Rigger help placed on 14 Ned: the Chandelier Rigger's help is used up."),
    ("x13_forced_death_ignores_phantom_impairment", "Night 2", "a forced kill works anyway (house rule)."),
    # the Primadonna's No wake tonight, and the steps it skips
    ("s13_primadonna_executed", "Night 3",
     "No wake tonight placed on 9 Ivy: the Primadonna died by execution and this Townsfolk holds the artifact."),
    ("s13_primadonna_executed", "Night 3",
     "The artifact stays with 9 Ivy (Persian): No wake tonight: no pass, straight to PHANTOM INFORMATION."),
    ("s13_primadonna_executed", "Night 3", "9 Ivy (Persian) did not wake: No wake tonight (the Primadonna)."),
    ("s13b_primadonna_executed_minion_holds", "Night 3", "is not a Townsfolk: nothing happens."),
    # bounces, redirects and returns, with their reasons
    ("s09_drunk_mirror_keeper", "Night 4",
     "The artifact: it bounced from 3 Cat to 4 Dan (the Mirror Keeper is drunk: no redirect)."),
    ("s01_mmb_to_mirror_keeper", "Night 1", "The artifact: it moved from 3 Cat (Mirror Keeper) to 8 Hal."),
    ("s05_trapdoor_keeper_keeps", "Night 2",
     "The artifact stays with 6 Fay (Trapdoor Keeper): the Trapdoor Keeper keeps it instead of letting it bounce."),
    ("s06_claque_on_trapdoor_keeper", "Night 1",
     "The artifact: it bounced from 6 Fay to 4 Dan (the Trapdoor Keeper is drunk: asked as usual, then it bounces)."),
    ("s11_stage_designer_to_meg_already_received", "Night 2",
     "The artifact stays with 1 Ann (Meg): Meg already received it tonight, so her step is skipped."),
    ("s15_mmb_holder_executed", "Night 2", "The artifact: it returned from 9 Ivy to 4 Dan after the execution."),
    ("x07_dead_holder_returns_at_dusk", "Night 3", "The artifact: it returned from the dead holder 4 Eve to 3 Dan."),
    ("x21_phantom_kills_himself", "Night 2", "3 Dan (Phantom) attacked themselves."),
    ("s03_phantom_gives_to_auctioneer", "Night 1",
     "Drunk tonight placed on 2 Ben: the artifact came straight from the Phantom: 2 Ben is drunk tonight."),
    ("s03_phantom_gives_to_auctioneer", "Night 1", "2 Ben is no longer drunk (Drunk tonight)."),
    # abilities spent for nothing while drunk
    ("x24_drunk_stage_designer", "Night 2",
     "6 Lou (Stage Designer) chose 4 Eve while drunk (the Claque): Used is placed, but the artifact does not move."),
    ("s18b_christine_drunk_unmask_fails", "Day 4",
     "11 Kim (Christine Daaé) declared while drunk (the Claque): the ability is spent and nothing happens."),
    # deaths and what they end
    ("x19_claque_dies", "Day 1", "After 7 Gus's death: 8 Hal is no longer drunk (the Claque)."),
    ("x19_claque_dies", "Day 1", "Claque Seat (is drunk) removed from 8 Hal: the Claque died."),
    ("x03_managers_substitute_at_night", "Night 2", "died: instead of the Managers."),
    ("x03_managers_substitute_at_night", "Night 2", "to die instead (the Managers)."),
    ("s08_mirror_target_dead", "Night 2", "showing Ability lost (the Mirror target died"),
])
def test_each_rules_event_has_its_line(scenario: str, heading: str, line: str) -> None:
    outcome = run_file(SCENARIOS / f"{scenario}.toml")
    assert outcome.passed, outcome.failures
    lines = dict(story(outcome.game.rules, outcome.game.state))[heading]
    assert any(line in told for told in lines), "\n".join(lines)


def test_a_drunk_raouls_protection_does_not_hold_and_the_log_says_so() -> None:
    seats = tuple(SeatSetup(n, c) for n, c in (
        ("Ann", "claque"), ("Ben", "meg"), ("Cat", "raoul_de_chagny"), ("Dan", "phantom"), ("Eve", "sorelli")))
    game = Game(phantom_table(seats=seats, artifacts=("monkey_music_box",)))
    game.apply(ev.StartNight())
    answer_all(game, {"claque": "clockwise", "artifact": ["monkey_music_box", 4]})
    game.apply(ev.StartNight())  # the Claque's drunkenness reaches Cat (Raoul)
    answer_all(game, {"holder": 1, "meg": "keep", "raoul_de_chagny": 4, "phantom": 4})
    night2 = dict(story(game.rules, game.state))["Night 2"]
    assert "3 Cat (Raoul de Chagny) protected 5 Eve while drunk (the Claque): the protection does not hold." in night2
    assert "5 Eve (Sorelli) died: the Phantom's kill." in night2


def test_the_storytellers_overrides_are_told_with_what_they_change() -> None:
    game = rehearsal_through_night_2()  # day 2: Ben (the Phantom) holds the Lasso
    game.apply(MoveArtifact(4))
    game.apply(ev.PlaceToken("Drunk tonight", "auctioneer", 6))
    game.apply(ev.SetAlive(7, False))
    game.apply(ev.SwapCharacter(4, "auctioneer"))  # always healthy: the Lasso no longer poisons Eve
    day2 = dict(story(game.rules, game.state))["Day 2"]
    assert ("The artifact: the storyteller moved it from 2 Ben to 5 Eve: 5 Eve is poisoned (the Punjab Lasso); "
            "2 Ben is no longer poisoned (the Punjab Lasso).") in day2
    assert "The storyteller placed Drunk tonight on 7 Gus: 7 Gus is drunk tonight." in day2
    assert "8 Hal (Primadonna) died: the storyteller marked them dead." in day2
    assert "After the storyteller's change: 5 Eve is no longer poisoned (the Punjab Lasso)." in day2


def test_a_days_rules_events_come_in_order_around_the_execution() -> None:
    outcome = run_file(SCENARIOS / "s20_performance_after_execution.toml")
    assert outcome.passed, outcome.failures
    day = dict(story(outcome.game.rules, outcome.game.state))["Day 1"]
    placed = next(i for i, line in enumerate(day) if line.startswith("Performance pending placed on"))
    executed = next(i for i, line in enumerate(day) if "was executed" in line)
    assert day.index("13 Max declared they will perform tonight.") < placed < executed, day


def test_an_execution_waiting_for_the_managers_answer_leaves_no_trace() -> None:
    outcome = run_file(SCENARIOS / "x05_managers_substitute_at_execution.toml")
    assert outcome.passed, outcome.failures
    events = outcome.game.events
    execute = next(i for i, e in enumerate(events) if isinstance(e, ev.Execute))
    game = Game(outcome.game.setup, events[:execute])
    before = game.state.clone()
    with pytest.raises(ExecutionAnswerNeeded):
        game.apply(ev.Execute(events[execute].seat))
    assert game.state == before
    game.apply(events[execute])
    assert game.state == Game(outcome.game.setup, events[:execute + 1]).state
