"""Secrecy of Night of the Mummy's pages, proven over random games played with phones.

After every action of a random game (phone_play: the cards the table screen sends, each card's
facts checked true as it is sent), for the table's page and every seat's page:

- the table's page is the same whatever the face-down cards are: it is made again after the
  face-down guests are shuffled among the face-down places, and nothing changes;
- a seat's page is the same without every other seat's cards (none of them reaches it), and
  the same whatever the face-down cards of the others are (it is made of the seat's own card,
  the face-up cards and what its own cards told it);
- every mark its grid holds for certain is true, unless a Picture of Dorian Gray swapped in a
  dance the seat was not in (the swap moves a card after what the seat saw of it).

``make test`` plays a few games; ``make test-slow`` the full count.
"""

from __future__ import annotations

import json
import random

import attrs
from hypothesis import strategies as st

from grimoire.games.mummy import save
from grimoire.games.mummy.phone_page import page_state
from grimoire.games.mummy.phones import Phones, phone_grid
from grimoire.games.mummy.rules import MasqueradeGame
from tests.examples import quick_and_full
from tests.games.mummy.phone_play import play


def hidden_places(game: MasqueradeGame, but: int | None = None) -> list[int]:
    if game.winner is not None:
        return []
    seats = [s for s in range(game.seats) if s not in game.revealed and s != but]
    return seats + [game.seats + k for k in range(len(game.setup.mystery)) if k not in game.mystery_revealed]


def shuffled(game: MasqueradeGame, places: list[int], rng: random.Random) -> MasqueradeGame:
    """The game with the guests at ``places`` dealt again among them."""
    at = [*game.setup.dealt, *game.setup.mystery]
    guests = [at[p] for p in places]
    rng.shuffle(guests)
    for place, guest in zip(places, guests, strict=True):
        at[place] = guest
    setup = attrs.evolve(game.setup, dealt=tuple(at[: game.seats]), mystery=tuple(at[game.seats:]))
    return attrs.evolve(game, setup=setup)


def text(state: object) -> str:
    return json.dumps(state, sort_keys=True)


def only(phones: Phones, seat: int) -> Phones:
    return attrs.evolve(phones, cards=phones.of(seat))


def check(party: save.Party, rng: random.Random) -> None:
    game, phones = party.game, party.phones
    assert phones is not None
    seen = {c.id: rng.choice(["opened", "seen"]) for c in phones.cards if rng.random() < 0.5}
    table = text(page_state(party, None, seen))
    assert '"cards"' not in table and '"grid"' not in table
    other = attrs.evolve(party, game=shuffled(game, hidden_places(game), rng))
    assert text(page_state(other, None, seen)) == table
    swaps = sum(1 for c in phones.cards if c.kind == "swap" and c.title == "Your new guest")
    for seat in range(game.seats):
        mine = text(page_state(party, seat, seen))
        assert text(page_state(attrs.evolve(party, phones=only(phones, seat)), seat, seen)) == mine
        moved = attrs.evolve(party, game=shuffled(game, hidden_places(game, but=seat), rng))
        assert text(page_state(moved, seat, seen)) == mine
        # A Picture of Dorian Gray's swap moves cards: certain for those who saw it (the dancers).
        if sum(1 for c in phones.of(seat) if c.kind == "swap") == swaps:
            grid = phone_grid(game, phones, seat)
            at = [*game.setup.dealt, *game.setup.mystery]
            for r, place in enumerate(grid.rows):
                for c, guest in enumerate(grid.columns):
                    mark = grid.at(r, c)
                    if mark == "o":
                        assert at[place] == guest, (seat, place, guest)
                    elif mark == "x":
                        assert at[place] != guest, (seat, place, guest)


@quick_and_full(st.integers(0, 2**32 - 1), st.integers(4, 8), st.booleans(), quick=3, full=120)
def test_no_mummy_page_carries_another_seats_secret(seed: int, players: int, advanced: bool) -> None:
    rng = random.Random(seed)
    if not advanced and players > 6:
        players = 6  # seven guests are not advanced: a learning game seats at most 6
    for table in play(rng, players, steps=30, advanced=advanced):
        check(table.party, rng)
