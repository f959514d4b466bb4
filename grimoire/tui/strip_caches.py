"""Textual's lines of drawing (``Strip``) make their caches when they first need one.

Textual makes every Strip with seven small caches (its crops, divisions, styles...): fourteen
objects for every line drawn. Drawing a screen makes thousands of strips that are cut or
joined once and dropped, so most of the caches are never used, and making them (and
collecting them) took about a seventh of the app's time. Here a strip makes a cache the first
time it looks in it; the strips, their caches and what is drawn are the same.

(Textual's ``Strip.__init__``; pinned, see pyproject.toml. tests/tui/test_strip_caches.py
checks that a strip still gets every attribute, and each cache the size, Textual gives it.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.segment import Segment
from textual.cache import FIFOCache
from textual.strip import Strip

# Each cache Textual's Strip makes up front, and its size (textual/strip.py).
CACHES = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}

TEXTUAL_INIT = Strip.__init__


def _init(self: Strip, segments: Iterable[Segment], cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def _cache_when_needed(self: Strip, name: str) -> Any:
    # Only reached for an attribute not set yet: a cache not made yet, or a name Strip lacks.
    size = CACHES.get(name)
    if size is None:
        raise AttributeError(f"'Strip' object has no attribute {name!r}")
    cache: FIFOCache[Any, Any] = FIFOCache(size)
    setattr(self, name, cache)
    return cache


def install() -> None:
    """Strips made from now on make their caches when needed (once; again does nothing)."""
    Strip.__init__ = _init  # type: ignore[method-assign]
    Strip.__getattr__ = _cache_when_needed  # type: ignore[attr-defined]
