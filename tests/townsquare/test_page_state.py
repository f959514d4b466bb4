"""What the server sends a page (grimoire.web.state): the test states of tests/web have the
real state's shape, and over random games nothing secret is ever in it, for the table's page
or any seat's, at any event; a seat's page learns nothing of another seat. With characters
dealt to the phones and night cards sent to them, events of the log as any (grimoire.web.phone_state),
the table's page gets no card at all, a seat's page only its own, and no page a card shown on the
laptop, as the server itself makes the state."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.freetext import printable
from grimoire.core.markup import plain as plain_words
from grimoire.core.public import public_view
from grimoire.core.script import parse_script
from grimoire.core.setup import base_counts
from grimoire.game import Game, IllegalAction
from grimoire.present.phone_cards import card_event, seat_cards, state_of, when_words
from grimoire.present.reveal import public_reveal
from grimoire.present.show_cards import cards_now
from grimoire.rules.visitors import in_play
from grimoire.simulate import play_random, random_answer, random_table
from grimoire.store.live_table import DayTimer, LiveTable, PhoneHands, VoteInProgress
from grimoire.store.phone_cards import OPENED, SEEN, new_card_id
from grimoire.web.state import SPECIAL_NAMES, page_state, script_part
from tests.examples import quick_and_full
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
    for key in ("seats", "vote", "me", "timer", "nominations", "counts"):
        assert shape(real[key]) == shape(fake[key]), key
    past = states.history(fake["seats"])
    assert [set(d) for d in real["days"]] == [set(past[0])]
    assert set(real["days"][0]["nominations"][0]) == set(past[0]["nominations"][0])
    assert shape(real["days"][0]["nominations"]) == shape(past[2]["nominations"][2:])  # waiting, as here
    # The script's shape from one with jinxes (the Phantom's has none).
    assert shape(script_part(parse_script(CARNIVAL, "carnival"))) == shape(fake["script"])
    assert real["vote"]["up"] == [c + 1] and real["me"] == {"n": c + 1, "hand": True, "can_vote": True, "notes": ""}


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
        visitors = in_play(g)
        state = page_state(view, live, game.script, me=me, visitors=visitors)
        # The script: what every player may read, and nothing of who is what (only the script
        # and the public visitors go in).
        assert state.pop("script") == script_part(game.script, visitors)
        counts = state.pop("counts")
        players = sum(1 for s in g.seats if not s.traveller and not s.left)
        assert counts == {"players": players, **attrs.asdict(base_counts(players))}
        if state["reveal"] is not None:
            continue  # shown by the storyteller's choice: now it may name everything
        # Every word sent is a player's name, the script's title, the announced artifact's line, the
        # phase, who won, or a Traveller's public character.
        allowed = names | WORDS | {view.title, view.announced, view.result} | {s.character for s in view.seats}
        stray = [s for s in sent_strings(state) if s not in allowed]
        assert not stray, f"sent {stray!r}"
        text = json.dumps(state, ensure_ascii=False)
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(json.dumps(name, ensure_ascii=False)[1:-1], "Player")
        leaked = sorted(w for w in secrets(game) if w in text.replace(view.title, ""))
        assert not leaked, f"sent {leaked}"
        # A seat's page knows its own seat, no other.
        assert [s["n"] for s in state["seats"] if s["me"]] == ([] if me is None else [me + 1])


def check_cards(game: Game, live: LiveTable, seen: dict[str, str]) -> None:
    """As the server makes them: the table's page carries no card, a seat's page its own only
    (and nothing of any card while both choices are off)."""
    from grimoire.web.server import SquareServer
    from grimoire.web.table import Shown

    g = game.state
    view = public_view(g, public_reveal(game))
    cards = seat_cards(g)
    server = SquareServer(None, token="t" * 24)
    server.shown = Shown(view, game.script, live, {}, False, in_play(g), cards, seen)
    table_json = server._state(None).decode()
    # The table's page is the page state the secrecy check above covers, and not a card more:
    # beside it only the join code the TV shows (none here: no join code is made).
    table_state = json.loads(table_json[len("data: "):])
    assert table_state.pop("invite") is None
    assert table_state == json.loads(json.dumps(page_state(view, live, game.script, visitors=in_play(g))))
    everyone = {c.id: c for own in cards.values() for c in own}
    laptop = [c for c in g.cards if not c.phone]
    assert not [c for c in laptop if c.id in everyone], "a card shown on the laptop is on a phone"
    everyone |= {c.id: c for c in g.cards}  # every card of the game: on no page but its own seat's phone
    assert '"cards"' not in table_json and not [i for i in everyone if i in table_json]
    for seat in g.ring:
        state = json.loads(server._state(seat).decode()[len("data: "):])
        sent = state.pop("cards")
        # Besides its cards, the seat's page is the page state the secrecy check above covers.
        plain = json.loads(json.dumps(page_state(view, live, game.script, me=seat, visitors=in_play(g))))
        state["me"].pop("notes"), plain["me"].pop("notes")
        assert state == plain
        own = cards.get(seat, ())
        if not g.phones.deal and not g.phones.night:
            assert sent == []
        assert [c["id"] for c in sent] == [c.id for c in own]
        assert all(c.seat == seat and c.phone for c in own)
        words = {printable(plain_words(text) if role == "text" else text) for c in own for role, text in c.blocks}
        words |= {printable(when_words(c.when)) for c in own} | {
            "new", "opened", "seen", "", "headline", "big", "text"} | {c.id for c in own}
        stray = [w for w in sent_strings(sent) if w not in words]
        assert not stray, f"seat {seat + 1}'s page got {stray!r}"
        others = [i for i in everyone if i not in {c.id for c in own}]
        text = json.dumps(state)
        assert not [i for i in others if i in text + json.dumps(sent)], "another seat's card"
        assert [c["state"] for c in sent] == [state_of(c, seen) or "new" for c in own]


def random_phones(game: Game, rng: random.Random) -> dict[str, str]:
    """The choices at random, every card the storyteller may show now sent to a seat or shown
    on the laptop, some opened and seen (in the log, or only said by the phones): all events."""
    g = game.state
    try:
        game.apply(ev.PhonesChoice(new_card_id() if rng.random() < 0.7 else "", rng.random() < 0.7))
    except IllegalAction:
        pass  # the choices were so already
    for card in rng.sample(cards_now(game.rules, g, game.prompt), 3):
        seat = card.seat if card.seat is not None else rng.choice(g.ring)
        phone = game.state.phones.night and rng.random() < 0.7
        game.apply(card_event(card, new_card_id(), seat if phone or rng.random() < 0.5 else None, phone))
    every = [c.id for own in seat_cards(game.state).values() for c in own]
    for card_id in every:
        if rng.random() < 0.3:
            try:
                game.apply(rng.choice((ev.CardOpened, ev.CardSeen))(card_id))
            except IllegalAction:
                pass  # opened or seen already
    return {i: rng.choice((OPENED, SEEN)) for i in every if rng.random() < 0.5}


# 3 random games in make test; 40 in make test-slow (and CI), 300 in make test-deep.
@quick_and_full(st.integers(5, 15), st.integers(0, 2**32 - 1),
                st.lists(st.sampled_from(ODD_NAMES), unique=True, max_size=3),
                quick=3, full=300 if DEEP else 40, deadline=None)
def test_nothing_secret_is_sent_to_any_page_after_any_event(players: int, seed: int, odd: list[str]) -> None:
    rng = random.Random(seed)
    setup = table(players, seed, odd)
    played = play_random(Game(setup), rng, max_nights=rng.randint(1, 8))
    game = Game(setup)
    for i, event in enumerate(played.events):
        game.apply(event)
        if i % 5 == 0:
            seen = random_phones(game, rng)
            check_cards(game, LiveTable(), seen)
        g = game.state
        live = LiveTable(timer=DayTimer("Nominations", False, 30.0, 0.0))
        today = g.today
        waiting = [n for n in today.nominations if n.votes is None] if today is not None else []
        if waiting:
            seats = list(g.ring)
            live = LiveTable(VoteInProgress("k", waiting[0].nominator, waiting[0].nominee, rng.choice(seats),
                                            tuple(rng.sample(seats, rng.randint(0, len(seats))))), live.timer)
        check_sent(game, live)


CARNIVAL = json.loads((Path(__file__).parents[1] / "anyscript" / "scripts" / "carnival.json").read_text())


def test_the_script_sent_has_both_nights_in_its_own_order_and_all_its_jinxes() -> None:
    script = parse_script(CARNIVAL, "carnival")
    part = script_part(script)
    for key, first in (("first", True), ("other", False)):
        order = script.night_order(first)
        assert [e["name"] for e in part[key]] == [script.by_id[s].name if s in script.by_id else SPECIAL_NAMES[s]
                                                  for s in order]
        assert [e["team"] for e in part[key]] == [script.by_id[s].team.label if s in script.by_id else ""
                                                  for s in order]
    # The script's Traveller and Fabled wake in its own order, and the jinxes come with it,
    # Djinn or not.
    assert "Patron" in [e["name"] for e in part["first"]] and "Barker" in [e["name"] for e in part["other"]]
    assert part["jinxes"] == [{"a": "Cradlewyrm", "b": "Clown", "text": "A Clown who chooses the egg's minder learns evil."}]


def test_travellers_and_fabled_in_play_join_the_night_order() -> None:
    full = parse_script(CARNIVAL, "carnival")
    script = parse_script([c for c in CARNIVAL if not (isinstance(c, dict) and c.get("id") in ("barker", "patron"))],
                          "carnival without visitors")
    alone = script_part(script)
    assert "Patron" not in str(alone) and "Barker" not in str(alone)
    part = script_part(script, {"barker": full.by_id["barker"], "patron": full.by_id["patron"]})
    first, other = [e["name"] for e in part["first"]], [e["name"] for e in part["other"]]
    # Without the official sheet to place them by, each wakes last, before dawn; only on the
    # nights it wakes (the Patron the first, the Barker the others).
    assert first[-2:] == ["Patron", "Dawn"] and "Barker" not in first
    assert other[-2:] == ["Barker", "Dawn"] and "Patron" not in other
    assert {"name": "Barker", "team": "Traveller"} in part["other"]


def test_the_counts_are_the_rules_table_for_the_players_seated() -> None:
    game = first_day()
    g = game.state
    state = page_state(public_view(g), LiveTable(), game.script)
    assert state["counts"] == {"players": 7, "townsfolk": 5, "outsiders": 0, "minions": 1, "demons": 1}
    view = public_view(g)
    twelve = attrs.evolve(view, seats=view.seats + view.seats[:5])
    assert page_state(twelve, LiveTable(), game.script)["counts"] == {
        "players": 12, "townsfolk": 7, "outsiders": 2, "minions": 2, "demons": 1}
    # Travellers are not counted; a table outside the rules' sizes has no counts.
    travelling = attrs.evolve(view, seats=tuple(attrs.evolve(s, traveller=i >= 5) for i, s in enumerate(view.seats)))
    assert page_state(travelling, LiveTable(), game.script)["counts"]["players"] == 5
    few = attrs.evolve(view, seats=view.seats[:4])
    assert page_state(few, LiveTable(), game.script)["counts"] is None
