"""A Static that costs nothing when its text is unchanged and no layout when its height is.

``Static.update`` repaints and asks for a layout of the whole screen on every call. On the
grimoire screen most updates leave the text, or at least its height, as it was: a night step
then needs one repaint of the widgets that changed and no layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer, Static

if TYPE_CHECKING:
    from textual.screen import Screen


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


class QuietFooter(Footer):
    """A Footer that rebuilds its keys only when they would change, and only on a screen the
    user can see.

    Textual's Footer recomposes (about 20 widgets, a restyle and a layout) on every bindings
    signal, even when the keys are the same, and even on a screen under another one (the start
    screen under the grimoire). A hidden screen's footer catches up when the screen is resumed:
    resuming refreshes its bindings.
    """

    _composed: tuple[object, ...] | None = None

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and _visible(screen):
            self.call_after_refresh(self._recompose_if_changed)

    def _keys(self) -> tuple[object, ...]:
        app = self.app
        return (
            self.show_command_palette,
            app.ENABLE_COMMAND_PALETTE,
            tuple(
                (binding.key, app.get_key_display(binding), binding.description, binding.action,
                 binding.group, enabled, tooltip)
                for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
                if binding.show or binding.key == app.COMMAND_PALETTE_BINDING
            ),
        )

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached or not _visible(self.screen):
            return  # resuming the screen refreshes its bindings, and so this footer
        keys = self._keys()
        if keys == self._composed:
            return
        self._composed = keys
        await self.recompose()


def _visible(screen: Screen) -> bool:
    """The screen is on top, or seen through the (translucent) screens above it.

    (``Screen.is_current`` also counts the screen just under an opaque one.)
    """
    stack = screen.app.screen_stack
    if screen not in stack:
        return False
    return all(above.styles.background.a < 1 for above in stack[stack.index(screen) + 1:])
