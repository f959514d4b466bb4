"""The guests as data: the seed's ten in ``guests.toml``, and guests of other Masquerade sets.

Pure (no Textual, no Rich). Other sets' guests (Dracula's Feast: New Blood, promos) are not in the
seed, so the user names them when combining sets; we only know the names the guidelines mention.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from typing import Literal

import attrs

HidesFace = Literal["always", "never", "conditional"]
Inquiry = Literal["honest", "always_no", "always_yes"]

NOTM = "notm"
MUMMY = "mummy"
ARCHEOLOGIST = "archeologist"
CAT_BURGLAR = "cat_burglar"
SARCOPHAGUS = "sarcophagus"
SASQUATCH = "sasquatch"
GARGOYLE = "gargoyle"
ANUBIS = "anubis"
MAGIC_MIRROR = "magic_mirror"
PHANTOM = "phantom"
DORIAN_GRAY = "dorian_gray"

# Guests of other sets that the seed's combining guidelines name.
DRACULA = "dracula"
VAN_HELSING = "van_helsing"
ALUCARD = "alucard"
BRIDE_OF_DRACULA = "bride_of_dracula"


@attrs.frozen
class GuestDef:
    id: str
    name: str
    set: str = NOTM
    advanced: bool = False
    hides_face: HidesFace = "never"
    must_accept_dance: bool = False
    may_request_dance: bool = True
    inquiry: Inquiry = "honest"
    tagline: str = ""
    ability: str = ""
    short: str = ""  # the word a narrow deduction grid keeps (its column header)
    # A promo Mummy is "a version of The Mummy"; the guidelines allow only one per game.
    version_of: str | None = None

    @property
    def hides(self) -> bool:
        # Decision (the rules leave it open): the Sasquatch counts as a guest who hides their face.
        return self.hides_face != "never"

    @property
    def is_mummy(self) -> bool:
        return self.id == MUMMY or self.version_of == MUMMY


def slug(name: str) -> str:
    """The id of a user-named guest: "The Bride of Dracula" -> "bride_of_dracula"."""
    words = re.sub(r"[^a-z0-9]+", " ", name.lower()).split()
    if words and words[0] == "the":
        words = words[1:]
    return "_".join(words)


def other_set_guest(name: str, set_name: str, *, hides_face: bool) -> GuestDef:
    """A guest from another Masquerade set; its powers are on the user's own cards."""
    guest_id = slug(name)
    if not guest_id:
        raise ValueError("A guest needs a name.")
    version_of = MUMMY if "mummy" in guest_id.split("_") else None
    return GuestDef(
        id=guest_id,
        name=name.strip(),
        set=set_name.strip() or "other",
        hides_face="always" if hides_face else "never",
        ability="(From another set: read the card.)",
        version_of=version_of,
    )


def load_guests() -> tuple[GuestDef, ...]:
    text = resources.files("grimoire.games.mummy").joinpath("guests.toml").read_text("utf-8")
    return tuple(GuestDef(**entry) for entry in tomllib.loads(text)["guest"])


GUESTS: tuple[GuestDef, ...] = load_guests()
CATALOGUE: dict[str, GuestDef] = {guest.id: guest for guest in GUESTS}
