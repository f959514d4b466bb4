"""The Phantom's setup pitfalls (``grimoire.rules.phantom.pitfalls``): each said of a concrete
table where it holds, and not of one where it does not; and each borne out by the rules, over
random games on that table (or the night played step by step)."""

from __future__ import annotations

import random

from grimoire.core import events as ev
from grimoire.core.happenings import TokenChange
from grimoire.core.model import InfoRecord
from grimoire.core.script import load_script
from grimoire.game import Game, SeatSetup
from grimoire.present.setup_facts import setup_pitfalls
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom.config import RulesConfig
from grimoire.rules.phantom.state import LASSO, MMB, own
from grimoire.rules.table import TableSetup
from grimoire.simulate import play_random, random_answer
from tests.phantom_table import phantom_table

SCRIPT = load_script("phantom")
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")
GAMES = 40

REYER_ALWAYS_NO = ("Nothing at this table can make a player drunk or poisoned (no Claque, Auctioneer, "
                   "Raoul de Chagny or Punjab Lasso): Monsieur Reyer always learns no.")
REYER_BUT_RAOUL = ("Only Raoul de Chagny can be drunk at this table, once his protection prevents a death "
                   "(no Claque, Auctioneer or Punjab Lasso): Monsieur Reyer learns no of anyone else, "
                   "and of everyone on the first night.")
RIGGER = ("The Phantom can never be drunk or poisoned at this table (no Claque, no Punjab Lasso): "
          "the Chandelier Rigger's ability cannot trigger.")
AUCTIONEER = ("On the first night only the Phantom can hand the Auctioneer the artifact (no Meg to pass "
              "it on): if they receive it that night, they are drunk (Drunk tonight).")
MEG = ("A drunk or poisoned Meg does not pass (house rule meg_pass_ignores_impairment = false): "
       "a Meg given the Punjab Lasso is poisoned by it at once and cannot pass it on.")


def table(*characters: str, artifacts: tuple[str, ...] = (MMB, LASSO), **others: object) -> TableSetup:
    """Seven players (five Townsfolk, a Minion, the Phantom in seat 4), in seat order."""
    return phantom_table([SeatSetup(n, c) for n, c in zip(NAMES, characters, strict=True)],
                         artifacts=artifacts, **others)  # type: ignore[arg-type]


def records(setup: TableSetup, character: str) -> list[tuple[int, InfoRecord]]:
    """(night, record) of everything ``character`` learned over random games on ``setup``."""
    out = []
    for seed in range(GAMES):
        game = play_random(Game(setup), random.Random(seed), max_nights=8)
        out += [(night.number, r) for night in game.state.nights for r in night.info if r.character == character]
    return out


REYER = table("monsieur_reyer", "sorelli", "persian", "phantom", "usher", "madame_giry", "trapdoor_keeper",
              artifacts=(MMB,))


def test_with_nothing_to_impair_anyone_reyer_always_learns_no() -> None:
    assert setup_pitfalls(REYER, SCRIPT) == [REYER_ALWAYS_NO]
    learned = records(REYER, "monsieur_reyer")
    assert len(learned) > GAMES and {r.truth for _, r in learned} == {"no"}


def test_with_raoul_only_raoul_can_be_drunk_and_not_on_the_first_night() -> None:
    setup = table("monsieur_reyer", "sorelli", "persian", "phantom", "raoul_de_chagny", "madame_giry",
                  "trapdoor_keeper", artifacts=(MMB,))
    assert setup_pitfalls(setup, SCRIPT) == [REYER_BUT_RAOUL]
    learned = records(setup, "monsieur_reyer")
    yes = [(night, r.about) for night, r in learned if r.truth == "yes"]
    assert len(learned) > GAMES and all(night > 1 and about == (4,) for night, about in yes)  # Raoul, seat 5
    drunk = 0  # and Raoul can be drunk, once he saved someone
    for seed in range(GAMES):
        g = play_random(Game(setup), random.Random(seed), max_nights=8).state
        drunk += sum(isinstance(h, TokenChange) and h.token.side == tk.DRUNK_UNTIL_DUSK and h.token.seat == 4
                     for night in g.nights for h in night.happenings)
    assert drunk


def test_reyer_is_not_told_where_something_can_impair() -> None:
    for swap in ({4: "auctioneer"}, {6: "mirror_keeper", 4: "claque", 1: "inspector_mifroid"}):
        characters = [s.character for s in REYER.seats]
        for seat, character in swap.items():
            characters[seat] = character
        assert REYER_ALWAYS_NO not in setup_pitfalls(table(*characters, artifacts=(MMB,), mirror_target=1), SCRIPT)
    assert setup_pitfalls(table(*(s.character for s in REYER.seats), artifacts=(LASSO,)), SCRIPT) == []


RIGGER_TABLE = table("sorelli", "persian", "chandelier_rigger", "phantom", "raoul_de_chagny", "usher",
                     "stage_designer", artifacts=(MMB,))


def test_a_phantom_nothing_can_impair_never_needs_the_rigger() -> None:
    assert setup_pitfalls(RIGGER_TABLE, SCRIPT) == [RIGGER]
    attacks = 0
    for seed in range(GAMES):
        game = play_random(Game(RIGGER_TABLE), random.Random(seed), max_nights=8)
        g = game.state
        attacks += sum("phantom" in night.woke for night in g.nights[1:])
        assert not any(t.name == tk.RIGGER for t in g.tokens)
        assert not any(r.character == "chandelier_rigger" for night in g.nights for r in night.info)
    assert attacks > GAMES
    # With the Lasso, a Phantom who ends up holding it is poisoned: the Rigger may be needed.
    assert setup_pitfalls(table(*(s.character for s in RIGGER_TABLE.seats), artifacts=(LASSO,)), SCRIPT) == []


AUCTIONEER_TABLE = table("auctioneer", "sorelli", "trapdoor_keeper", "phantom", "persian", "usher", "stage_designer")


def first_night(setup: TableSetup, answers: dict[str, object]) -> Game:
    """Night 1 played with these answers (by the prompt's key; anything else at random)."""
    game = Game(setup)
    game.apply(ev.StartNight())
    rng = random.Random(1)
    while game.prompt is not None:
        prompt = game.prompt
        game.answer(answers[prompt.key] if prompt.key in answers else random_answer(prompt, game, rng))
    return game


def test_the_auctioneer_given_the_artifact_on_the_first_night_is_drunk() -> None:
    assert setup_pitfalls(AUCTIONEER_TABLE, SCRIPT) == [AUCTIONEER]
    first = [r for night, r in records(AUCTIONEER_TABLE, "auctioneer") if night == 1]
    assert first and all(r.impaired for r in first)
    game = first_night(AUCTIONEER_TABLE, {"artifact": [MMB, 0]})
    assert game.state.nights[0].info[0].impaired and game.state.nights[0].info[0].character == "auctioneer"


def test_with_meg_or_a_mirror_on_the_auctioneer_they_may_be_sober() -> None:
    meg = table("auctioneer", "meg", "trapdoor_keeper", "phantom", "persian", "usher", "stage_designer")
    assert setup_pitfalls(meg, SCRIPT) == []
    game = first_night(meg, {"artifact": [MMB, 1], "meg": 0})  # the Phantom to Meg, Meg on
    told = [r for r in game.state.nights[0].info if r.character == "auctioneer"]
    assert told and not told[0].impaired
    mirror = table("auctioneer", "sorelli", "mirror_keeper", "phantom", "persian", "usher", "stage_designer",
                   mirror_target=0)
    assert setup_pitfalls(mirror, SCRIPT) == []
    game = first_night(mirror, {"artifact": [MMB, 2]})  # to the Mirror Keeper, redirected
    assert [r.impaired for r in game.state.nights[0].info if r.character == "auctioneer"] == [False]
    # Where the house rule says the redirect is the Phantom's pass, the Auctioneer is drunk again.
    config = RulesConfig(mirror_redirect_passer_is_mirror_keeper=False)
    again = table(*(s.character for s in mirror.seats), mirror_target=0, config=config)
    assert setup_pitfalls(again, SCRIPT) == [AUCTIONEER]
    game = first_night(again, {"artifact": [MMB, 2]})
    assert [r.impaired for r in game.state.nights[0].info if r.character == "auctioneer"] == [True]


def test_under_the_house_rule_a_meg_with_the_lasso_cannot_pass_it() -> None:
    characters = ("meg", "sorelli", "trapdoor_keeper", "phantom", "persian", "usher", "stage_designer")
    strict = table(*characters, artifacts=(LASSO,), config=RulesConfig(meg_pass_ignores_impairment=False))
    assert setup_pitfalls(strict, SCRIPT) == [MEG]
    game = first_night(strict, {"artifact": [LASSO, 0], "meg": 4})
    assert own(game.state).artifact.holder == 0  # Meg chose Eve, and kept it
    assert setup_pitfalls(table(*characters, artifacts=(LASSO,)), SCRIPT) == []
    game = first_night(table(*characters, artifacts=(LASSO,)), {"artifact": [LASSO, 0], "meg": 4})
    assert own(game.state).artifact.holder == 4  # by default she passes it
    assert setup_pitfalls(table(*characters, artifacts=(MMB,), config=strict.script_setup.config), SCRIPT) == []
