"""The core's attrs classes, cheaper to define: attrs writes their ``__init__``, and one repr,
one equality and one hash are written here for all of them.

attrs writes each class's methods as source and compiles it as the class is defined. The
``__repr__`` was a third of that, and ``__eq__`` and ``__hash__`` cost each class some KiB
more (their code, and the source attrs keeps of it for tracebacks; docs/benchmarks.md), and the
grimoire defines some 100 of these classes before its first frame. They read and behave as attrs' own: ``Answer(step='claque',
value=None, told=None)``; equal when of the same class with equal fields (those compared:
not ``attrs.field(eq=False)``), a frozen class hashed by the same fields, a mutable one
unhashable. A class's own ``__repr__``, ``__eq__`` or ``__hash__`` is kept.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

C = TypeVar("C", bound=type)


def fields_repr(self: Any) -> str:
    shown = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in self.__attrs_attrs__ if a.repr)
    return f"{type(self).__qualname__}({shown})"


def fields_eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    compared = self.__class__._compared
    return compared(self) == compared(other)


def fields_hash(self: Any) -> int:
    cls = self.__class__
    return hash((cls, cls._compared(self)))


def _nothing_compared(_: Any) -> tuple[()]:
    return ()


def as_tuple(items: Iterable[Any]) -> tuple[Any, ...]:
    """``converter=tuple``, as a function of Python: attrs reads each converter's signature, and
    ``tuple``'s is parsed from its text every time (the grimoire's seven at start took 4.5 ms and
    left 140 KiB of garbage)."""
    return tuple(items)


def _with_methods(make: Callable[..., Any], cls: C | None, kwargs: dict[str, Any]) -> Any:
    eq = kwargs.get("eq", True)
    hashed = make is attrs.frozen or kwargs.get("frozen", False)

    def wrap(cls: C) -> C:
        own = cls.__dict__  # a class's own methods are kept (attrs then writes none of them)
        shared_eq = eq and "__eq__" not in own and "__hash__" not in own
        options = {**kwargs, "repr": False}
        if shared_eq:
            options["eq"] = False  # attrs writes neither __eq__ nor __hash__: the shared ones are set below
        made: C = make(cls, **options)
        # attrs keeps the source it compiled, for tracebacks that pass through its __init__;
        # those name the class and the line anyway (some 0.6 KiB a class, 100 at start).
        linecache.cache.pop(f"<attrs generated methods {cls.__module__}.{cls.__qualname__}>", None)
        if "__repr__" not in own:
            made.__repr__ = fields_repr  # type: ignore[assignment]  # the shared method, set on the class
        if shared_eq:
            names = [a.name for a in made.__attrs_attrs__ if a.eq]  # type: ignore[attr-defined]  # set by attrs
            made._compared = attrgetter(*names) if names else _nothing_compared  # type: ignore[attr-defined]  # the class's own
            made.__eq__ = fields_eq  # type: ignore[method-assign,assignment]  # the shared method
            made.__hash__ = fields_hash if hashed else None  # type: ignore[method-assign,assignment]  # shared
        return made

    return wrap if cls is None else wrap(cls)


if TYPE_CHECKING:
    # The type checker reads the classes as attrs' own (its attrs plugin knows attrs' decorators
    # by name, not a wrapper of them): the same fields, __init__ and frozenness.
    from attrs import define as define
    from attrs import frozen as frozen
else:

    def frozen(cls: C | None = None, /, **kwargs: Any) -> Any:
        """``attrs.frozen``, with the shared repr, equality and hash."""
        return _with_methods(attrs.frozen, cls, kwargs)

    def define(cls: C | None = None, /, **kwargs: Any) -> Any:
        """``attrs.define``, with the shared repr and equality (unhashable, as attrs makes it)."""
        return _with_methods(attrs.define, cls, kwargs)
