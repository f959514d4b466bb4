"""The phones that joined by the table's one code, as the grimoire shows them: which seat each
holds now (the server's claims beside the game, less the storyteller's releases and moves of the
log: grimoire.core.seat_claims), in the storyteller's words. Pure of Textual and Rich."""

from __future__ import annotations

from pathlib import Path

import attrs

from grimoire.core.seat_claims import Claim, decisions, holders
from grimoire.game import Game
from grimoire.present.card import CardSection, SeatCard
from grimoire.store.join_desk import Desk, read_desk

SAT = "a phone sat here by the join code"


def held_now(game: Game, desk: Desk) -> dict[int, Claim]:
    """seat index -> the claim holding it now."""
    at = [s.index for s in game.state.seats if not s.left]
    return holders(desk.claims, decisions(game.events), at)


def read_held(game: Game, path: Path | None) -> dict[int, Claim]:
    return {} if path is None else held_now(game, read_desk(path))


def with_phone(card: SeatCard, held: dict[int, Claim]) -> SeatCard:
    """The seat's card with the phone that holds the seat, if one does (``Phone``)."""
    claim = held.get(card.seat)
    if claim is None:
        return card
    lines = (f"Joined by the table's code ({claim.id}): this phone sees the seat's cards and raises its hand.",
             "L, then r releases it or m moves it to another seat.")
    return attrs.evolve(card, sections=(*card.sections, CardSection("Phone", lines)))
