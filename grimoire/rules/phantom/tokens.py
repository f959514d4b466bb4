"""The Phantom's reminder tokens by their exact names, its two-sided tokens and its own expiry,
with the generic token moves (grimoire.rules.tokens) beside them for its modules."""

from __future__ import annotations

from grimoire.core.model import Expiry
from grimoire.rules.tokens import expire, find, has, move, place, remove, remove_named, seat_of_token

__all__ = [
    "ABILITY_LOST", "AFTER_PHANTOM", "CLAQUE", "CLOAK", "DRUNK_TONIGHT", "DRUNK_UNTIL_DUSK", "FIRST_HOLDER",
    "MIRROR", "MIRROR_TARGET", "NO_WAKE", "PERFORMANCE", "PROTECTED", "RAOUL", "RECEIVED", "RIGGER", "SIDES",
    "USED", "expire", "find", "has", "move", "place", "remove", "remove_named", "seat_of_token",
]

CLAQUE = "Claque Seat (is drunk)"
RECEIVED = "Received tonight"
DRUNK_TONIGHT = "Drunk tonight"
FIRST_HOLDER = "First holder"
MIRROR = "Mirror target / Ability lost"
MIRROR_TARGET = "Mirror target"
ABILITY_LOST = "Ability lost"
NO_WAKE = "No wake tonight"
USED = "Used"
RAOUL = "Protected / Drunk until dusk"
PROTECTED = "Protected"
DRUNK_UNTIL_DUSK = "Drunk until dusk"
CLOAK = "Cloak sacrifice"
PERFORMANCE = "Performance pending"
RIGGER = "Rigger help"

# Two-sided tokens and their sides (a scenario names them by the side showing): the plug-in's
# ``token_sides``.
SIDES = {MIRROR: (MIRROR_TARGET, ABILITY_LOST), RAOUL: (PROTECTED, DRUNK_UNTIL_DUSK)}

# Removed once the Phantom's night step has resolved (the Cloak's sacrifice, the Performance):
# the plug-in's own expiry, with its words on the seat card and in the log.
AFTER_PHANTOM = Expiry("after_phantom", "goes once the Phantom's step is done", "After the Phantom's step")
