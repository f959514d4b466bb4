"""What the Phantom's rules did that no other script's do, for the log: the artifact's moves,
the artifact kept where a rule might have moved it, and the Phantom's attack."""

from __future__ import annotations

from grimoire.core.happenings import Changes
from grimoire.core.value import frozen
from grimoire.rules.phantom.state import TransferKind


@frozen
class Moved:
    """The artifact moved (every transfer in ``ArtifactState.history`` has one)."""

    kind: TransferKind
    frm: int | None
    to: int
    why: str = ""  # a bounce's or a return's reason
    changes: Changes = ()


@frozen
class Kept:
    """The artifact stayed where it was when a rule might have moved it."""

    seat: int
    why: str
    changes: Changes = ()


@frozen
class Attack:
    """The Phantom's night* attack, and whether the Phantom's ability made it work."""

    phantom: int
    target: int
    forced: str | None  # "cloak_bearer" or "ubaldo_piangi": the choice was forced
    works: bool
    impaired: tuple[str, ...] = ()  # the Phantom's drunkenness or poisoning, by source
    rigger: str | None = None  # when impaired: "helped", "absent", "spent", "dead" or "impaired"
    house_rule: bool = False  # forced_deaths_ignore_phantom_impairment made a forced kill work
    changes: Changes = ()
