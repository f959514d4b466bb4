"""Command-palette entries for the Vampir Mau Mau screen: one per key binding, same action."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider


class MauMauCommands(Provider):
    def _available(self) -> Iterator[tuple[str, Binding]]:
        screen = self.screen
        for binding in screen.BINDINGS:
            if not isinstance(binding, Binding) or not binding.description:
                continue
            if screen.check_action(binding.action, ()) is True:
                key = screen.app.get_key_display(binding)
                yield f"Mau Mau: {binding.description} ({key})", binding

    async def discover(self) -> Hits:
        for text, binding in self._available():
            yield DiscoveryHit(
                text, partial(self.screen.run_action, binding.action), help=binding.tooltip
            )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, binding in self._available():
            score = max(matcher.match(text), matcher.match(binding.tooltip) * 0.8)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(text),
                    partial(self.screen.run_action, binding.action),
                    help=binding.tooltip,
                )
