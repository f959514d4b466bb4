"""What undo goes back to: the game before an action and as much of the shared log as it had
then. Pure.

The log is undone with the action: a line it said may name a card that is face-down again once
the action is taken back (a reveal, every card at a win), so none of its lines stays.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from grimoire.games.mummy.phones import Phones
from grimoire.games.mummy.rules import MasqueradeGame

UNDONE = (
    "Undone: the table is back to before the last action, whose lines are gone from the log. Each "
    "player's card is as it was then: c shows a player their card again."
)


@attrs.frozen
class Before:
    """The table as an action found it."""

    game: MasqueradeGame
    log_kept: int  # the log's lines said before the action
    # The phones' cards and public facts before the action (None: all of them, an older save).
    cards_kept: int | None = None
    public_kept: int | None = None


def undo(log: Sequence[str], before: Before) -> tuple[MasqueradeGame, tuple[str, ...]]:
    """The game and the log once the action after ``before`` is taken back (the table is told)."""
    return before.game, (*log[: before.log_kept], UNDONE)


def undo_phones(phones: Phones | None, before: Before) -> Phones | None:
    """The phones' cards once the action is taken back: what it sent goes with it."""
    if phones is None:
        return None
    cards = phones.cards if before.cards_kept is None else phones.cards[: before.cards_kept]
    public = phones.public if before.public_kept is None else phones.public[: before.public_kept]
    return attrs.evolve(phones, cards=cards, public=public)
