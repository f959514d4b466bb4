"""The dimmed screen behind a picker is drawn exactly as Textual draws it, style by style."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.geometry import Size
from textual.renderables.background_screen import BackgroundScreen
from textual.strip import Strip, StripRenderable
from textual.visual import RichVisual, Visual

from grimoire.tui.app import GrimoireApp
from grimoire.tui.modals import Pick
from grimoire.tui.tint import DimmedScreen, TintedBackground, tinted_background

from .helpers import first_night

COLOURS = st.sampled_from([None, "red", "#334455", "white", "default", "color(200)"])
STYLES = st.one_of(
    st.none(),
    st.builds(Style, color=COLOURS, bgcolor=COLOURS, bold=st.booleans(), underline=st.booleans(),
              link=st.sampled_from([None, "https://example.org"]),
              meta=st.sampled_from([None, {"@click": "app.quit"}])),
)
SEGMENTS = st.lists(st.one_of(st.builds(Segment, st.text(max_size=3), STYLES),
                              st.just(Segment("\x1b[2J", None, [(1,)]))), max_size=40)
TINTS = st.builds(Color, st.integers(0, 255), st.integers(0, 255), st.integers(0, 255),
                  st.sampled_from([0.0, 0.3, 0.6, 1.0]))


@given(SEGMENTS, TINTS)
def test_the_same_segments_as_textuals(segments: list[Segment], tint: Color) -> None:
    assert list(TintedBackground.process_segments(segments, tint)) == list(
        BackgroundScreen.process_segments(segments, tint)
    )


def test_only_the_dimmed_screen_is_replaced() -> None:
    dimmed = BackgroundScreen(None, Color(0, 0, 0, 0.5))  # type: ignore[arg-type]
    drawn = tinted_background("picker", dimmed)
    assert isinstance(drawn, DimmedScreen) and drawn.widget == "picker"
    assert tinted_background("picker", "text") == "text"


def textuals(widget, screen, color) -> list[Strip]:  # type: ignore[no-untyped-def]
    """The dimmed screen as Textual draws it (a Rich renderable) for ``widget``."""
    visual = RichVisual(widget, BackgroundScreen(screen, color))
    return Visual.to_strips(widget, visual, widget.size.width, widget.size.height, widget.visual_style)


def ours(widget, screen, color) -> list[Strip]:  # type: ignore[no-untyped-def]
    visual = DimmedScreen(widget, screen, color)
    return Visual.to_strips(widget, visual, widget.size.width, widget.size.height, widget.visual_style)


def same(a: list[Strip], b: list[Strip]) -> bool:
    return [(list(s), s.cell_length) for s in a] == [(list(s), s.cell_length) for s in b]


@asynccontextmanager
async def a_picker(size: tuple[int, int]) -> AsyncIterator[Any]:
    """A Pilot on the grimoire with a picker open over it (the artifact's, at the first night)."""
    async with GrimoireApp(game=first_night()).run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("n", "c", "enter")  # dusk, the Claque's direction, the artifact picker
        await pilot.pause()
        yield pilot


@pytest.mark.parametrize("size", [(140, 45), (80, 24)])
async def test_a_picker_over_the_grimoire_dims_it_as_textual_does(size: tuple[int, int]) -> None:
    async with a_picker(size) as pilot:
        pick, grimoire = pilot.app.screen, pilot.app.screen_stack[-2]
        assert isinstance(pick, Pick)
        color = pick.styles.background
        assert 0 < color.a < 1
        drawn = ours(pick, grimoire, color)
        assert len(drawn) == size[1] and "Masquerade" in "".join(s.text for s in drawn)
        assert same(drawn, textuals(pick, grimoire, color))


class Lines:
    """A screen behind whose lines are given (its compositor's, as Textual reads them)."""

    def __init__(self, lines: list[Strip], size: Size) -> None:
        self._compositor = self
        self.lines, self.size = lines, size
        self._cut: dict[int, tuple[Strip, dict[int, Strip]]] = {}

    def render_strips(self) -> list[Strip]:
        return self.lines

    def _render_chops(self, crop, is_rendered_line):  # type: ignore[no-untyped-def]
        # Each line in two pieces, as a compositor cuts a line where widgets meet (the cut's
        # key is where the second piece starts; a cut never halves a character).
        # The same line gives the same pieces, as a widget's line not redrawn does.
        chops = []
        for line in self.lines:
            if id(line) not in self._cut:
                segments = list(line)
                first, second = Strip(segments[: len(segments) // 2]), Strip(segments[len(segments) // 2:])
                self._cut[id(line)] = (line, {0: first, first.cell_length: second})
            chops.append(self._cut[id(line)][1])
        return chops

    def __rich__(self) -> StripRenderable:
        return StripRenderable(self.lines)


STYLED = [None, Style(color="red"), Style(bgcolor="#334455", bold=True),
          Style(underline=True, bgcolor="default"), Style(color="white", link="https://example.org"),
          Style(color="color(200)", meta={"@click": "app.quit"})]


def random_line(rng: random.Random, width: int, odd: bool) -> Strip:
    """Segments to about ``width`` cells; ``odd``: with a line break or a terminal control."""
    segments = [Segment(rng.choice(["a", "bc", " ", "日本", "—", ""]), rng.choice(STYLED))
                for _ in range(width // 2 + rng.choice([-3, 0, 0, 4]))]
    if odd:
        segments.insert(rng.randrange(len(segments)), rng.choice(
            [Segment("x\ny", STYLED[1]), Segment("\x1b[2J", None, [(1,)])]))  # type: ignore[list-item]
    return Strip(segments)


async def test_any_lines_behind_are_dimmed_as_textual_does() -> None:
    """Lines wider or narrower than the screen, wide characters, links, actions, and (which
    a screen never draws) line breaks and terminal controls: the same strips as Textual's."""
    rng = random.Random(7)
    async with a_picker((60, 12)) as pilot:
        pick = pilot.app.screen
        for case in range(150):
            odd = case % 5 == 0
            count = rng.choice([11, 12, 14])  # fewer lines than the screen has, as many, more
            lines = [random_line(rng, 60, odd and rng.random() < 0.2) for _ in range(count)]
            behind = Lines(lines, Size(60, 12))
            color = Color(rng.randrange(256), 0, rng.randrange(256), rng.choice([0.0, 0.4, 0.7]))
            assert same(ours(pick, behind, color), textuals(pick, behind, color))


async def test_a_line_changed_behind_is_dimmed_again_and_only_it() -> None:
    """The picker keeps each line it dimmed while the strips behind it are the same ones; a
    line redrawn behind it (new strips) is dimmed anew, as Textual draws it."""
    rng = random.Random(3)
    async with a_picker((60, 12)) as pilot:
        pick = pilot.app.screen
        color = Color(10, 20, 30, 0.6)
        lines = [random_line(rng, 60, False) for _ in range(12)]
        behind = Lines(lines, Size(60, 12))
        first = ours(pick, behind, color)
        assert [a is b for a, b in zip(first, ours(pick, behind, color))] == [True] * 12
        behind.lines = [*lines[:4], random_line(rng, 60, False), *lines[5:]]
        again = ours(pick, behind, color)
        assert same(again, textuals(pick, behind, color)) and not same(again, first)
        assert [a is b for a, b in zip(first, again)] == [True] * 4 + [False] + [True] * 7
        # Another tint or base style: every line is dimmed anew.
        other = Color(200, 0, 0, 0.3)
        assert same(ours(pick, behind, other), textuals(pick, behind, other))
