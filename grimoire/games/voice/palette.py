"""Command palette entries for every key of the Voice screen (ctrl+p, type, enter)."""

from __future__ import annotations

from functools import partial

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider


class VoiceActions(Provider):
    """Lists the screen's bindings that are available right now, by their descriptions."""

    def _entries(self) -> list[tuple[str, str, str]]:
        screen = self.screen
        entries = []
        for binding in getattr(screen, "BINDINGS", []):
            if not isinstance(binding, Binding) or not binding.description:
                continue
            action = binding.action
            name = action.partition("(")[0]
            if screen.check_action(name, ()) is not True:
                continue
            key = screen.app.get_key_display(binding)
            entries.append((f"Voice: {binding.description} ({key})", action, binding.tooltip))
        return entries

    async def discover(self) -> Hits:
        for text, action, help_text in self._entries():
            yield DiscoveryHit(text, partial(self.screen.run_action, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, action, help_text in self._entries():
            match = matcher.match(text)
            if match > 0:
                yield Hit(
                    match,
                    matcher.highlight(text),
                    partial(self.screen.run_action, action),
                    text=text,
                    help=help_text,
                )
