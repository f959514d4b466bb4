"""The core's attrs classes share one repr, one equality and one hash (grimoire.core.value),
which read and compare as attrs' own."""

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


@frozen
class Kept:
    seat: int
    note: str = attrs.field(default="", eq=False)  # not compared, as in attrs


@frozen
class MoreMine(Mine):
    extra: int = 0


@attrs.define
class TheirsMoving:
    count: int = 0


@frozen
class ByName:
    name: str
    seat: int = 0

    def __eq__(self, other: object) -> bool:  # a class's own equality is kept
        return isinstance(other, ByName) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


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


def test_compared_and_hashed_as_attrs_compares_them() -> None:
    assert Kept(1, "a") == Kept(1, "b") and hash(Kept(1, "a")) == hash(Kept(1, "b")) and Kept(1) != Kept(2)
    assert Mine(1) != MoreMine(1) and MoreMine(1) != Mine(1)  # another class is never equal
    assert MoreMine(1, extra=2) == MoreMine(1, extra=2) != MoreMine(1, extra=3)
    assert (Mine(1) == Theirs(1)) is False and Mine(1).__eq__(Theirs(1)) is NotImplemented
    assert len({Mine(1), Mine(1, "Bob"), Mine(1)}) == 2
    assert ByName("Ann", 1) == ByName("Ann", 2) and len({ByName("Ann", 1), ByName("Ann", 2)}) == 1
    moving = Moving(1)
    assert moving == Moving(1) != Moving(2)
    for unhashable in (moving, TheirsMoving(1)):  # a mutable class is unhashable, as attrs makes it
        try:
            hash(unhashable)
        except TypeError:
            pass
        else:
            raise AssertionError(f"{unhashable!r} was hashed")


def test_the_source_attrs_compiled_is_not_kept_and_a_traceback_through_it_still_reads() -> None:
    import linecache
    import traceback

    @frozen
    class Compiled:
        seat: int
        name: str = attrs.field(validator=attrs.validators.instance_of(str))

    assert not [k for k in linecache.cache if k.startswith("<attrs generated") and "Compiled" in k]
    try:
        Compiled(1, 2)  # type: ignore[arg-type]
    except TypeError:
        told = traceback.format_exc()
    assert "Compiled" in told and "must be <class 'str'>" in told
