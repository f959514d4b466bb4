"""Strips that make their caches when needed (grimoire.tui.strip_caches) are Textual's strips:
the same attributes, caches of the same sizes, and the same results of every operation."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual.cache import FIFOCache
from textual.strip import Strip

from grimoire.tui import strip_caches


def test_the_app_makes_strips_that_make_their_caches_when_needed() -> None:
    importlib.import_module("grimoire.tui.app")  # installs them as it is loaded
    assert Strip.__init__ is strip_caches._init
    strip = Strip([Segment("ab")])
    assert not _is_set(strip, "_crop_cache")
    assert strip.crop(0, 1).text == "a"
    assert _is_set(strip, "_crop_cache")  # made by the crop, kept for the next


def _is_set(strip: Strip, name: str) -> bool:
    try:
        object.__getattribute__(strip, name)
    except AttributeError:
        return False
    return True


def test_every_attribute_textual_gives_a_strip() -> None:
    """Each slot Textual's own ``__init__`` sets has the same value (a cache: the same size),
    made now or when first asked for; a name Strip lacks is still an error."""
    strip_caches.install()
    theirs = Strip.__new__(Strip)
    strip_caches.TEXTUAL_INIT(theirs, [Segment("ab", Style(bold=True))], 2)
    ours = Strip([Segment("ab", Style(bold=True))], 2)
    for name in Strip.__slots__:
        assert _is_set(theirs, name), name
        mine = getattr(ours, name)
        if isinstance(getattr(theirs, name), FIFOCache):
            assert isinstance(mine, FIFOCache) and mine._maxsize == getattr(theirs, name)._maxsize, name
            assert name in strip_caches.CACHES
        else:
            assert mine == getattr(theirs, name), name
    assert set(strip_caches.CACHES) <= set(Strip.__slots__)
    assert not hasattr(ours, "no_such_thing")


@contextmanager
def textuals_strips() -> Iterator[None]:
    """Strips made as Textual makes them, for the time of the block."""
    strip_caches.install()
    Strip.__init__ = strip_caches.TEXTUAL_INIT  # type: ignore[method-assign]
    del Strip.__getattr__  # type: ignore[attr-defined]
    try:
        yield
    finally:
        strip_caches.install()


STYLES = st.sampled_from([None, Style(bold=True), Style(color="red", bgcolor="#102030"),
                          Style(link="https://example.org"), Style(meta={"@click": "app.quit"})])
TEXTS = st.sampled_from(["a", "bc", " ", "日本", "—", ""])
SEGMENTS = st.lists(st.tuples(TEXTS, STYLES).map(lambda pair: Segment(*pair)), max_size=12)
CONSOLE = Console(width=80, color_system="truecolor", legacy_windows=False)


def results(segments: list[Segment], cuts: list[int], style: Style | None) -> list[Any]:
    """Every operation a drawing does with strips, twice (the second from the caches)."""
    out: list[Any] = []
    for _ in range(2):
        strip = Strip(segments)
        length = strip.cell_length
        pieces = [
            strip, strip.crop(1, 4), strip.crop_extend(0, length + 3, style), *strip.divide(cuts),
            strip.adjust_cell_length(max(0, length - 2), style), strip.extend_cell_length(length + 2, style),
            strip.apply_offsets(3, 4), strip.simplify(), strip.discard_meta(),
            Strip.join([strip, strip.crop(0, 2)]), strip.text_align(length + 4, "center"),
        ]
        if style is not None:
            pieces.append(strip.apply_style(style))
        out.append([(list(p), p.cell_length, p.text) for p in pieces] + [strip.render(CONSOLE)])
    assert out[0] == out[1]
    return out[0]


@given(SEGMENTS, st.lists(st.integers(0, 12), max_size=4).map(sorted), STYLES)
def test_the_same_results_as_textuals_strips(segments: list[Segment], cuts: list[int],
                                             style: Style | None) -> None:
    ours = results(segments, cuts, style)
    with textuals_strips():
        theirs = results(segments, cuts, style)
    assert ours == theirs
