"""A line of content drawn into strips, for the widgets that draw their own lines.

``Visual.to_strips`` wraps, aligns, marks every character's offset for mouse selection and
styles links: 0.2 ms a line, and a night step draws a few dozen new lines (the first night,
every line of the sheet). A line that fits its width needs none of that here: these widgets
draw their own lines (nothing to select) and their markup has no links. Drawn from the
content's segments it is the same line, six times sooner. A widget whose CSS aligns or pads
its text is drawn by Textual.
"""

from __future__ import annotations

from rich.style import Style as RichStyle
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual
from textual.widget import Widget


def drawn_lines(widget: Widget, content: Content, width: int, style: Style, *, height: int | None = None,
                pad: bool = False) -> list[Strip]:
    """``content`` drawn as ``Visual.to_strips(widget, content, width, height, style, pad=pad)``
    draws it, but for the selection offsets."""
    styles = widget.styles
    if (content.cell_length > width or height == 0 or styles.text_align not in ("left", "start")
            or styles.line_pad or styles.content_align != ("left", "top")):
        return Visual.to_strips(widget, content, width, height, style, pad=pad)
    strip = Strip(content.render_segments(style), content.cell_length)
    if pad:
        strip = strip.extend_cell_length(width, (style + Style(reverse=False)).rich_style)
    return [strip]


def fitted(strip: Strip, width: int, style: RichStyle | None = None) -> Strip:
    """``strip`` made ``width`` cells wide (cut, or padded in ``style``), as ``crop_extend``
    makes it. A strip already that wide is itself: through ``crop_extend`` it would be kept in
    its own cache, a cycle only the collector frees (53 of the seat boxes' lines, at the start
    while the collector is held off)."""
    return strip if strip.cell_length == width else strip.crop_extend(0, width, style)
