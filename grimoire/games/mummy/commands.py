"""Command palette: every key the current screen shows in its footer is also a palette command."""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable
from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Provider
from textual.screen import Screen


def _commands(screen: Screen[Any]) -> list[tuple[str, str, Callable[[], object]]]:
    found: list[tuple[str, str, Callable[[], object]]] = []
    seen = set()
    for active in screen.active_bindings.values():
        binding = active.binding
        if not binding.show or not active.enabled or active.node is not screen:
            continue
        if binding.action in seen:
            continue
        seen.add(binding.action)
        name = f"{binding.description} ({screen.app.get_key_display(binding)})"
        callback = partial(screen.app.call_later, screen.run_action, binding.action)
        found.append((name, binding.tooltip, callback))
    return found


class ScreenKeys(Provider):
    async def discover(self) -> AsyncGenerator[DiscoveryHit, None]:
        for name, help_text, callback in _commands(self.screen):
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> AsyncGenerator[Hit, None]:
        matcher = self.matcher(query)
        for name, help_text, callback in _commands(self.screen):
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
