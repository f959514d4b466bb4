"""What a seat's page is sent of its own private cards (grimoire.present.phone_cards): only
that seat's, and nothing at all on the table's page. Each card goes whole (its words are a
few lines), with whether the player opened it and said they have seen it; the page keeps it
hidden until the player taps. Every string is made printable, and the page puts it in as text.
Pure: no Textual, no Rich, no aiohttp.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.freetext import printable
from grimoire.core.markup import plain
from grimoire.core.model import Card
from grimoire.present.phone_cards import state_of, when_words


def cards_part(cards: Sequence[Card], seen: Mapping[str, str]) -> list[dict[str, Any]]:
    """One seat's cards, as its page draws them: the dealt card first, then the night's in order."""
    return [{"id": c.id, "dealt": c.dealt, "when": "" if c.dealt else printable(when_words(c.when)),
             # An ability's markup (*TOKEN*, :reminder:) as plain words; a name is left as typed.
             "blocks": [{"role": role, "text": printable(plain(text) if role == "text" else text)}
                        for role, text in c.blocks],
             "state": state_of(c, seen) or "new"}
            for c in cards]
