"""The walker's line at a step that shows a player something, and the key that shows it.

Apart from the card's screen (``grimoire.tui.screens.player_card``), which loads when a card is
first shown: the grimoire's first frame needs only this line.
"""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.present.show_cards import ShowCard
from grimoire.tui.support.view import esc

KEY = "p"  # on the grimoire (p: a player's card): show the step's card, or choose one (view.WALKER_KEYS keeps it)


def show_hint(cards: Sequence[ShowCard]) -> str:
    """The walker's line at a step that shows something: the key and the cards (markup)."""
    names = ", ".join(c.label for c in cards)
    return f"[b $text-accent]\\[{KEY}][/] show the card{'s' if len(cards) > 1 else ''}: {esc(names)}"
