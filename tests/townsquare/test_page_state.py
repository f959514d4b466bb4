"""What the server sends a page (grimoire.web.state): the test states of tests/web have the
real state's shape, and over random games nothing secret is ever in it, for the table's page
or any seat's, at any event; a seat's page learns nothing of another seat."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.public import public_view
from grimoire.game import Game
from grimoire.present.reveal import public_reveal
from grimoire.simulate import play_random, random_answer, random_table
from grimoire.store.live_table import DayTimer, LiveTable, PhoneHands, VoteInProgress
from grimoire.web.state import page_state, script_part
from tests.townsquare.test_secrecy_property import DEEP, ODD_NAMES, secrets, table
from tests.web import states


def shape(value: Any) -> Any:
    """A value's keys, all the way down (lists by their first item)."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    return type(value).__name__


def first_day() -> Game:
    game = Game(random_table(7, seed=4, script="phantom"))
    game.apply(ev.StartNight())
    rng = random.Random(4)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    return game


def test_the_pages_test_states_have_the_real_states_shape() -> None:
    game = first_day()
    g = game.state
    a, b, c = [s.index for s in g.seats if s.alive][:3]
    game.apply(ev.Nominate(a, b))
    live = LiveTable(VoteInProgress("k", a, b, c, (c,)), DayTimer("Discussion", True, 60.0, 0.0))
    real = page_state(public_view(g), live, game.script, me=c, hands=PhoneHands("k").with_hand(c, True), now=0.0)
    fake = states.voting(states.state(7, me=c + 1), by=a + 1, on=b + 1, at=c + 1, up=(c + 1,))
    fake["timer"] = {"label": "Discussion", "running": True, "left": 60.0}
    assert set(real) == set(fake)
    for key in ("seats", "vote", "me", "timer", "nominations", "script"):
        assert shape(real[key]) == shape(fake[key]), key
    assert real["vote"]["up"] == [c + 1] and real["me"] == {"n": c + 1, "hand": True, "can_vote": True}


def sent_strings(state: Any) -> list[str]:
    if isinstance(state, str):
        return [state]
    if isinstance(state, dict):
        return [s for v in state.values() for s in sent_strings(v)]
    if isinstance(state, list):
        return [s for v in state for s in sent_strings(v)]
    return []


WORDS = {"setup", "night", "day", "over", "Discussion", "Nominations", ""}


def check_sent(game: Game, live: LiveTable) -> None:
    g = game.state
    view = public_view(g, public_reveal(game))
    names = {s.name for s in g.seats}
    # The table's page and one seat's: a seat's page differs from it only by its "me".
    for me in (None, random.Random(len(game.events)).choice(g.ring)):
        state = page_state(view, live, game.script, me=me)
        assert state.pop("script") == script_part(game.script)  # the script: what every player may read
        if state["reveal"] is not None:
            continue  # shown by the storyteller's choice: now it may name everything
        # Every word sent is a player's name, the script's title, the announced artifact, the
        # phase, who won, or a Traveller's public character.
        allowed = names | WORDS | {view.title, view.artifact, view.result} | {s.character for s in view.seats}
        stray = [s for s in sent_strings(state) if s not in allowed]
        assert not stray, f"sent {stray!r}"
        text = json.dumps(state, ensure_ascii=False)
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(json.dumps(name, ensure_ascii=False)[1:-1], "Player")
        leaked = sorted(w for w in secrets(game) if w in text.replace(view.title, ""))
        assert not leaked, f"sent {leaked}"
        # A seat's page knows its own seat, no other.
        assert [s["n"] for s in state["seats"] if s["me"]] == ([] if me is None else [me + 1])


@settings(max_examples=300 if DEEP else 15, deadline=None)
@given(players=st.integers(5, 15), seed=st.integers(0, 2**32 - 1),
       odd=st.lists(st.sampled_from(ODD_NAMES), unique=True, max_size=3))
def test_nothing_secret_is_sent_to_any_page_after_any_event(players: int, seed: int, odd: list[str]) -> None:
    rng = random.Random(seed)
    setup = table(players, seed, odd)
    played = play_random(Game(setup), rng, max_nights=rng.randint(1, 8))
    game = Game(setup)
    for event in played.events:
        game.apply(event)
        g = game.state
        live = LiveTable(timer=DayTimer("Nominations", False, 30.0, 0.0))
        today = g.today
        waiting = [n for n in today.nominations if n.votes is None] if today is not None else []
        if waiting:
            seats = list(g.ring)
            live = LiveTable(VoteInProgress("k", waiting[0].nominator, waiting[0].nominee, rng.choice(seats),
                                            tuple(rng.sample(seats, rng.randint(0, len(seats))))), live.timer)
        check_sent(game, live)
