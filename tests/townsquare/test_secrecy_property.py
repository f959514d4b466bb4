"""Secrecy, proven over random games: the players' view never holds a secret before the reveal.

One function decides what is public (grimoire.core.public.public_view); the terminal square
and the served one are built from it alone (grimoire.tui.townsquare.load_view). After every
event of a random game this checks

- the view's structure: every string in it is a player's name (exactly), the script's
  title, the phase, the announced artifact or who won; no night death shows before dawn; no
  artifact before it is announced; no reveal until the storyteller shows it;
- the words it renders to, with each player's name first put back as "Player N": so a player
  called "Meg" (a character's name) neither hides a leak nor makes one up, and any character,
  alignment, token, bluff, note or reminder in the words came from the renderer itself.

``make test`` plays 50 games; ``make test-deep`` (HYPOTHESIS_PROFILE=deep) plays 1,000.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.core.public import PublicView, circle_lines, public_view, summary_lines
from grimoire.core.script import load_script
from grimoire.game import Game, TableSetup
from grimoire.present.reveal import public_reveal
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom.state import own
from grimoire.rules.words import announced_line as announced_now
from grimoire.simulate import play_random, random_table
from tests.examples import quick_and_full

SCRIPT = load_script("phantom")
ARTIFACTS = {"monkey_music_box", "punjab_lasso"}
DEEP = settings.default.max_examples > 100
GAMES = 1000 if DEEP else 50
# Players named as the secrets are: a leak must still be seen, and a name alone is no leak.
ODD_NAMES = ("Meg", "Phantom", "Raoul de Chagny", "Claque", "evil", "good", "Drunk tonight",
             "Madame Giry", "Demon", "poisoned", "Punjab Lasso", "SECRET NOTE")
NOTE = "SECRET NOTE {} the Phantom is drunk"
TOKEN_WORDS = {part.strip() for name in vars(tk).values() if isinstance(name, str)
               for part in name.replace("(", "/").replace(")", "").split("/") if len(part.strip()) > 3}


def table(players: int, seed: int, odd: list[str]) -> TableSetup:
    setup = random_table(players, seed=seed, script="phantom")
    names = [s.name for s in setup.seats]
    places = random.Random(seed).sample(range(players), min(len(odd), players))
    for place, name in zip(places, odd):
        names[place] = name
    return attrs.evolve(setup, seats=tuple(attrs.evolve(s, name=n) for s, n in zip(setup.seats, names)))


def announced(game: Game) -> str:
    g = game.state
    if own(g).config.announce_active_artifact and own(g).artifact.active and (g.day >= 1 or g.phase is Phase.OVER):
        return SCRIPT.character(own(g).artifact.active).name
    return ""


def announced_line(game: Game) -> str:
    """The square's line of the announced artifact, as the players read it."""
    return f"The active artifact: {announced(game)}" if announced(game) else ""


@functools.lru_cache(maxsize=256)
def view_strings(view: PublicView) -> tuple[str, ...]:
    """Every string in a view (a view is the same after most events: worked out once)."""
    return tuple(strings(view))


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, tuple):
        return [s for v in value for s in strings(v)]
    if attrs.has(type(value)):
        return [s for f in attrs.fields(type(value)) for s in strings(getattr(value, f.name))]
    return []


def remap(value: Any, f: Any) -> Any:
    """``value`` with every string in it through ``f``."""
    if isinstance(value, str):
        return f(value)
    if isinstance(value, tuple):
        return tuple(remap(v, f) for v in value)
    if attrs.has(type(value)):
        return attrs.evolve(value, **{a.name: remap(getattr(value, a.name), f) for a in attrs.fields(type(value))})
    return value


def check_structure(game: Game, view: PublicView) -> None:
    g = game.state
    names = [s.name for s in g.seats]
    assert [s.name for s in view.seats] == names
    assert [s.traveller for s in view.seats] == [s.traveller for s in g.seats]
    if g.phase is Phase.NIGHT and g.nights:
        for d in g.nights[-1].deaths:  # announced at dawn, not before
            assert view.seats[d].alive, f"{names[d]}'s death tonight shown before dawn"
    if view.reveal is not None:
        assert g.winner is not None and g.reveal_shown
        return  # shown by the storyteller's choice: now it may name everything
    allowed = set(names) | {view.title, view.phase, announced_line(game), ""}
    if g.winner is not None:
        allowed.add(f"{g.winner.value.capitalize()} wins")
    stray = [s for s in view_strings(view) if s not in allowed]
    assert not stray, f"the players' view holds {stray!r}"
    assert view.title == SCRIPT.name and view.announced == announced_line(game)


def secrets(game: Game) -> set[str]:
    g = game.state
    words = set(TOKEN_WORDS) | {"evil", "good", "drunk", "poisoned", "Townsfolk", "Outsider", "Minion", "Demon"}
    words |= {c.name for c in SCRIPT.characters if c.id not in ARTIFACTS} | {c.id for c in SCRIPT.characters}
    words |= {SCRIPT.character(b).name for b in game.setup.bluffs}
    words |= {t.shown for t in g.tokens} | {r.text for r in g.reminders} | {NOTE.format(i) for i in range(len(g.seats))}
    words |= {SCRIPT.character(a).name for a in ARTIFACTS} - {announced(game)}
    return {w for w in words if w}


@functools.lru_cache(maxsize=256)
def masked_words(view: PublicView) -> str:
    """What the square shows (circle and summary), every player's name as "Player N" (a view
    is the same after most events: drawn once)."""
    players = {s.name: f"Player {i + 1}" for i, s in enumerate(view.seats)}
    view = remap(view, lambda s: players.get(s, "<the script>" if s == view.title else s))
    return "\n".join(circle_lines(view, 100, 30) + summary_lines(view))


def check(game: Game) -> None:
    view = public_view(game.state, public_reveal(game), announced_now(game.rules, game.state))
    check_structure(game, view)
    if view.reveal is None:
        text = masked_words(view)
        leaked = sorted(w for w in secrets(game) if w in text)
        assert not leaked, f"the square shows {leaked}:\n{text}"


# 15 random games in make test; 50 in make test-slow (and CI), 1,000 in make test-deep.
@quick_and_full(st.integers(5, 15), st.integers(0, 2**32 - 1),
                st.lists(st.sampled_from(ODD_NAMES), unique=True, max_size=4), st.integers(0, 3),
                quick=15, full=GAMES)
def test_no_secret_reaches_the_players_view_after_any_event(players: int, seed: int, odd: list[str], notes: int) -> None:
    rng = random.Random(seed)
    setup = table(players, seed, odd)
    played = play_random(Game(setup), rng, max_nights=rng.randint(1, 12))
    game = Game(setup)
    check(game)
    for i, event in enumerate(played.events):
        game.apply(event)
        check(game)
        if notes and i % (4 * notes) == 0:  # the storyteller's own words, now and then
            seat = rng.randrange(players)
            game.apply(ev.WriteNote(seat, NOTE.format(seat)))
            check(game)
            game.apply(ev.PlaceReminder(seat, f"{SCRIPT.character(game.state.seats[seat].character).name} is evil"))
            check(game)
            # A card told to that player (their character, in the secret note's words), on the
            # laptop or their phone, dealt, opened: the cards are the log's, and no player's view.
            you_are = SCRIPT.character(game.state.seats[seat].character).name
            if not game.state.phones.night:
                game.apply(ev.PhonesChoice(f"{i:016x}", True))
            for card, told in ((f"{2 * i:016x}", ev.CardShown), (f"{2 * i + 1:016x}", ev.CardSent)):
                game.apply(told(card=card, what="text", label=you_are, roles=["big", "text"],  # type: ignore[misc]
                                words=[you_are, NOTE.format(seat)], seat=seat))
                check(game)
            game.apply(ev.CardSeen(f"{2 * i + 1:016x}"))
            check(game)
    if game.state.winner is not None:
        game.apply(ev.ShowReveal())
        assert public_view(game.state, public_reveal(game), announced_now(game.rules, game.state)).reveal is not None
        game.apply(ev.ShowReveal(shown=False))
        check(game)


def test_the_checks_can_fail() -> None:
    """Each check sees a leak it is made for, and a player called Meg is no leak."""
    game = Game(table(7, 2, ["Meg", "evil"]))
    view = public_view(game.state)
    check(game)  # Meg and evil are names here: no leak
    g = game.state
    character = SCRIPT.character(g.seats[3].character).name
    leaky = attrs.evolve(view, seats=(attrs.evolve(view.seats[0], name=character), *view.seats[1:]))
    try:
        check_structure(game, leaky)
    except AssertionError:
        pass
    else:
        raise AssertionError("a character in a seat's name went unseen")
    told = attrs.evolve(view, result=f"{g.seats[3].name} is the {character}")
    try:
        check_structure(game, told)
    except AssertionError:
        pass
    else:
        raise AssertionError("a character told in the result went unseen")
    text = masked_words(view) + "\nPlayer 1 — drunk"
    assert "drunk" in {w for w in secrets(game) if w in text}


async def _shown(app: Any, pilot: Any, game: Game) -> str:
    """What the square draws once it has followed the file to ``game``."""
    from pilot_keys import until
    from textual.widgets import Static

    await until(pilot, lambda: app.view == public_view(game.state, announced=announced_now(game.rules, game.state)),
                "the square following the save")
    await pilot.pause()
    return "\n".join(str(app.query_one(f"#{part}", Static).visual) for part in ("circle", "summary", "status"))


# One game in make test, three in make test-deep (the view itself: the property above, over many games).
@pytest.mark.parametrize("seed", [pytest.param(3, marks=pytest.mark.slow), 11,
                                  pytest.param(29, marks=pytest.mark.slow)])
async def test_the_players_square_as_drawn_shows_no_secret(tmp_path: Path, seed: int, monkeypatch: Any) -> None:
    """A few games drawn by the terminal's square itself, at each dusk and dawn and at the end."""
    from grimoire.store.saves import save_game
    from grimoire.tui.townsquare import TownSquareApp

    monkeypatch.setattr(TownSquareApp, "POLL", 0.02)  # what is tested is what it draws
    monkeypatch.setattr(TownSquareApp, "SHOW_PATHS", False)  # the test's folder holds no secret

    rng = random.Random(seed)
    setup = table(9, seed, ["Meg", "Phantom", "evil"])
    played = play_random(Game(setup), rng, max_nights=12)
    path = tmp_path / "game.toml"
    game = Game(setup)
    save_game(game, path)
    app = TownSquareApp(path)
    async with app.run_test(size=(140, 45)) as pilot:
        for i, event in enumerate(played.events):
            game.apply(event)
            if isinstance(event, ev.StartNight) or i == len(played.events) - 1 or i % 7 == 0:
                game.apply(ev.WriteNote(0, NOTE.format(0)))
                save_game(game, path)
                text = await _shown(app, pilot, game)
                for name in sorted((s.name for s in game.state.seats), key=len, reverse=True):
                    text = text.replace(name, "Player")
                text = text.replace(app.view.title, "<the script>")
                leaked = sorted(w for w in secrets(game) if w in text)
                assert not leaked, f"the square shows {leaked}:\n{text}"
