"""The core's attrs classes share one repr (grimoire.core.value) that reads as attrs' own."""

from __future__ import annotations

import attrs

from grimoire.core.value import define, frozen


@frozen
class Mine:
    seat: int
    name: str = "Ann"
    hidden: str = attrs.field(default="x", repr=False)


@attrs.frozen
class Theirs:
    seat: int
    name: str = "Ann"
    hidden: str = attrs.field(default="x", repr=False)


@define
class Moving:
    count: int = 0

    def __repr__(self) -> str:  # a class's own repr is kept
        return f"Moving at {self.count}"


def test_the_shared_repr_reads_as_attrs_own() -> None:
    assert repr(Mine(3, "[bold]Bob[/]")) == repr(Theirs(3, "[bold]Bob[/]")).replace("Theirs", "Mine")
    assert repr(Mine(1)) == "Mine(seat=1, name='Ann')"


def test_frozen_and_compared_as_before() -> None:
    assert Mine(1) == Mine(1) and hash(Mine(1)) == hash(Mine(1)) and Mine(1) != Mine(2)
    try:
        Mine(1).seat = 2  # type: ignore[misc]
    except attrs.exceptions.FrozenInstanceError:
        pass
    else:
        raise AssertionError("a frozen class was changed")


def test_a_class_keeps_its_own_repr() -> None:
    moving = Moving()
    moving.count = 4
    assert repr(moving) == "Moving at 4"
