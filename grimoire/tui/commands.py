"""Command palette: every key of the current screen is also a palette command."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator

from textual import actions
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider

from grimoire.tui.support.key_words import key_words


class ScreenKeys(Provider):
    """The calling screen's enabled bindings, searchable by description and tooltip."""

    def _entries(self) -> Iterator[tuple[str, str, str]]:
        screen = self.screen
        for b in type(screen).BINDINGS:
            if not isinstance(b, Binding) or not b.description:
                continue
            action = b.action
            _, name, params = actions.parse(action)  # e.g. players(True): the parameters count
            if not screen.check_action(name, params):
                continue
            label, tip = key_words(screen, b)
            yield f"{label}  ({screen.app.get_key_display(b)})", tip or label, action

    def _runner(self, action: str) -> Callable[[], Awaitable[None]]:
        screen = self.screen

        async def run() -> None:
            await screen.run_action(action)

        return run

    async def discover(self) -> Hits:
        for text, help_text, action in self._entries():
            yield DiscoveryHit(text, self._runner(action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, help_text, action in self._entries():
            score = matcher.match(f"{text} {help_text}")
            if score > 0:
                yield Hit(score, matcher.highlight(text), self._runner(action), help=help_text)
