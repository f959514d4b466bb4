"""The core's attrs classes, cheaper to define: attrs writes their methods, and one repr is
written here for all of them.

attrs writes each class's methods as source and compiles it as the class is defined. The
``__repr__`` was a third of that (0.54 against 0.34 ms a class, attrs 26 on the 2-core
machine), and the grimoire loads some 90 of these classes before its first frame. attrs still
writes ``__init__``, ``__eq__`` and ``__hash__`` (frozen where it was); the repr below reads
as attrs' own: ``Answer(step='claque', value=None, told=None)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

C = TypeVar("C", bound=type)


def fields_repr(self: Any) -> str:
    shown = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in self.__attrs_attrs__ if a.repr)
    return f"{type(self).__qualname__}({shown})"


def _with_repr(make: Callable[..., Any], cls: C | None, kwargs: dict[str, Any]) -> Any:
    def wrap(cls: C) -> C:
        own = "__repr__" in cls.__dict__
        made: C = make(cls, repr=False, **kwargs)
        if not own:
            made.__repr__ = fields_repr  # type: ignore[assignment]
        return made

    return wrap if cls is None else wrap(cls)


def frozen(cls: C | None = None, /, **kwargs: Any) -> Any:
    """``attrs.frozen``, with the shared repr."""
    return _with_repr(attrs.frozen, cls, kwargs)


def define(cls: C | None = None, /, **kwargs: Any) -> Any:
    """``attrs.define``, with the shared repr."""
    return _with_repr(attrs.define, cls, kwargs)
