"""Vampir Mau Mau: the kept table survives to_dict / TOML / from_dict."""

from __future__ import annotations

import random
import tomllib

import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from grimoire.games.maumau import rules, save
from grimoire.games.maumau.rules import RuleError

SYMBOLS = ("meat", "axe", "nail", "spider")
# Swap and set aside on the day symbols, so the saved deal holds an open or a used ability.
ROSTER = {
    f"C{i}": rules.CharacterDef(f"C{i}", (4, 8)[i % 2], ("meat", "axe"), "nail", "red")
    for i in range(6)
}


def random_card(rng: random.Random) -> rules.Card:
    r = rng.random()
    if r < 0.1:
        return rules.CLOCK
    if r < 0.2:
        return rules.WEREWOLF
    return rules.mau(rng.choice(rules.COLOURS), rng.choice(SYMBOLS))


def random_game(seed: int, players: int, steps: int) -> rules.Game:
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    chars = rng.choice([None, [f"C{i}" if rng.random() < 0.7 else None for i in range(players)]])
    game = rules.new_game(
        names,
        rng.randint(1, 3),
        rotate_characters=rng.random() < 0.5,
        keep_day_night=rng.random() < 0.5,
        track_hands=rng.random() < 0.5,
        characters=chars,
        dealer=rng.randrange(players),
    )
    for _ in range(steps):
        if game.over:
            break
        n = game.n
        kind = rng.randrange(10)
        action: rules.Action
        if kind == 0:
            action = rules.StartDiscard(tuple(random_card(rng) for _ in range(rng.randint(1, 3))))
        elif kind <= 3:
            action = rules.Play(random_card(rng), rng.randrange(n))
        elif kind == 4:
            action = rules.Wish(rng.choice(rules.COLOURS))
        elif kind == 5:
            action = rng.choice([rules.Draw(), rules.Pass(), rules.SetAside(), rules.SetTurn(rng.randrange(n)),
                                 rules.SetHand(rng.randrange(n), rng.randint(0, 3))])
        elif kind == 6:
            action = rules.Swap(rng.randrange(n))
        elif kind == 7:
            action = rules.Penalty(rng.randrange(n), rng.choice(("mau", "maumau", "special")))
        else:
            ender = rng.randrange(n)
            action = rules.EndDeal(ender, tuple(0 if i == ender else rng.randint(0, 9) for i in range(n)))
        try:
            game = rules.apply(game, action, ROSTER)
        except RuleError:
            pass
    return game


@given(st.integers(0, 2**32), st.integers(2, 6), st.integers(0, 80))
def test_round_trip_of_random_legal_games(seed: int, players: int, steps: int) -> None:
    game = random_game(seed, players, steps)
    assert save.from_dict(save.to_dict(game)) == game
    assert save.from_dict(tomllib.loads(tomli_w.dumps(save.to_dict(game)))) == game


def test_an_open_or_used_ability_is_kept_and_older_saves_load() -> None:
    game = rules.new_game(["Ann", "Ben"], 3, characters=["C0", "C1"])
    game = rules.apply(game, rules.StartDiscard((rules.mau("red", "axe"),)))
    game = rules.apply(game, rules.Play(rules.mau("red", "meat")), ROSTER)  # Ben: C1 sets aside
    assert game.deal.open_ability == rules.ABILITY_SET_ASIDE
    assert save.from_dict(save.to_dict(game)) == game
    used = rules.apply(game, rules.SetAside(), ROSTER)
    assert save.from_dict(save.to_dict(used)) == used
    older = save.to_dict(game)
    del older["deal"]["open_ability"]
    assert save.from_dict(older).deal.open_ability is None


def test_a_draw_and_the_cards_played_are_kept_and_older_saves_load() -> None:
    game = rules.new_game(["Ann", "Ben"], 3)
    game = rules.apply(game, rules.StartDiscard((rules.mau("red", "axe"),)))
    game = rules.apply(game, rules.Play(rules.mau("red", "meat")))  # Ben
    game = rules.apply(game, rules.Draw())  # Ann, who may play the card just drawn
    back = save.from_dict(tomllib.loads(tomli_w.dumps(save.to_dict(game))))
    assert back == game and back.deal.drawn and back.deal.played == (0, 1)
    older = save.to_dict(game)
    del older["deal"]["drawn"], older["deal"]["played"]
    assert save.from_dict(older).deal.drawn is False and save.from_dict(older).deal.played is None
