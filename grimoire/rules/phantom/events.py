"""The Phantom's own events: what its storyteller may record that no other script has."""

from __future__ import annotations

from typing import ClassVar

from grimoire.core.events import Event
from grimoire.core.value import frozen


@frozen
class MoveArtifact(Event):
    """An override: the storyteller gives the artifact to ``seat``."""

    kind: ClassVar[str] = "move_artifact"
    seat: int

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)


EVENTS: tuple[type[Event], ...] = (MoveArtifact,)
# Older saves named the Execute's answer for the Managers, whose substitute it answered.
RENAMED = {"execute": {"managers": "answer"}}
