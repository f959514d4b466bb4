"""A Static that costs nothing when its text is unchanged and no layout when its height is.

``Static.update`` repaints and asks for a layout of the whole screen on every call. On the
grimoire screen most updates leave the text, or at least its height, as it was: a night step
then needs one repaint of the widgets that changed and no layout.
"""

from __future__ import annotations

from textual.widgets import Static


class QuietStatic(Static):
    """``show(text)``: repaint only on a change; lay out only if the height changes.

    ``fixed=True`` when CSS fixes the widget's size (the text never changes its height).
    """

    def __init__(self, *args, fixed: bool = False, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self._shown: str | None = None
        self._fixed = fixed

    def show(self, text: str) -> None:
        if text == self._shown:
            return
        self._shown = text
        if self._fixed:
            self.update(text, layout=False)
            return
        width = self.content_size.width
        if not self.is_mounted or not width or not self.display:
            self.update(text)
            return
        before = self.content_size.height
        self.update(text, layout=False)  # repaint=True clears the cached height
        after = self.get_content_height(self.container_size, self.app.size, width)
        if after != before:
            self.refresh(layout=True)
