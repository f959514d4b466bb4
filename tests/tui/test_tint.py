"""The dimmed screen behind a picker is drawn exactly as Textual draws it, style by style."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen

from grimoire.tui.tint import TintedBackground, tinted_background

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
    assert isinstance(tinted_background(dimmed), TintedBackground)
    assert tinted_background("text") == "text"
